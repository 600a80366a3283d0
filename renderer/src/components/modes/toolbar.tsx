// The row under the message box: permission mode, model and effort, output style, the MCP and Tasks panels,
// the rules and hooks, Ask aside, and a reminder of what the box can do.
import { memo } from 'react';
import { mcpEntryPart } from '../mcp/mcp-entry-part';
import { LazyView } from '../common/lazy-view';
import { TasksButton } from '../tasks/tasks-entry';
import { RulesButton } from '../rules/rules-entry';
import { AsideButton } from '../aside/aside-button';
import { ModelPicker } from './model-picker';
import { ModePicker } from './mode-picker';
import { StylePicker } from './style-picker';

// Memoised: the box above re-renders on every keystroke, and nothing here depends on the text.
export const ComposerToolbar = memo(function ComposerToolbar({ sessionId, disabled }: { sessionId: string; disabled: boolean }) {
  return (
    <div className="composer-toolbar" role="toolbar" aria-label="Session settings">
      <ModePicker sessionId={sessionId} disabled={disabled} />
      <ModelPicker sessionId={sessionId} disabled={disabled} />
      <StylePicker sessionId={sessionId} disabled={disabled} />
      <LazyView part={mcpEntryPart}>{(m) => <m.McpButton sessionId={sessionId} />}</LazyView>
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
