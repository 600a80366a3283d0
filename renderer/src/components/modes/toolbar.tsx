// The row under the message box: permission mode, model and effort, the MCP and Tasks panels,
// the rules and hooks, Ask aside, and a reminder of what the box can do.
import { memo } from 'react';
import { McpButton } from '../mcp/mcp-entry';
import { TasksButton } from '../tasks/tasks-entry';
import { RulesButton } from '../rules/rules-entry';
import { AsideButton } from '../aside/aside-panel';
import { ModelPicker } from './model-picker';
import { ModePicker } from './mode-picker';

// Memoised: the box above re-renders on every keystroke, and nothing here depends on the text.
export const ComposerToolbar = memo(function ComposerToolbar({ sessionId, disabled }: { sessionId: string; disabled: boolean }) {
  return (
    <div className="composer-toolbar" role="toolbar" aria-label="Session settings">
      <ModePicker sessionId={sessionId} disabled={disabled} />
      <ModelPicker sessionId={sessionId} disabled={disabled} />
      <McpButton sessionId={sessionId} />
      <RulesButton />
      <AsideButton sessionId={sessionId} />
      <TasksButton sessionId={sessionId} />
      <span className="ctl-spacer" />
      <span className="ctl-tips" aria-hidden="true">
        / commands · @ files · paste images · /btw aside · ↑ history
      </span>
    </div>
  );
});
