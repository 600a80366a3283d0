// The output style (how Claude writes its replies: the CLI's built-in styles and the person's
// own from ~/.claude/output-styles or the project's .claude/output-styles). Set for this session
// only; the last entry reads skills, plugins and styles again from disk, so a style file written
// while the session runs can be picked without starting a new one.
import { answering } from '../composer/api-calls';
import { useSessionField } from '../../store/hooks';
import { Menu } from './menu';
import { clearError, requestOutputStyle, useControl } from './mode-requests';

const NO_STYLES: string[] = [];
const RELOAD = '\u0000reload';

export function StylePicker({ sessionId, disabled }: { sessionId: string; disabled: boolean }) {
  const styles = useSessionField(sessionId, (v) => v.info.outputStyles ?? NO_STYLES, NO_STYLES);
  const current = useSessionField(sessionId, (v) => v.info.outputStyle, undefined) ?? 'default';
  const state = useControl(sessionId, 'style');
  if (styles.length === 0) return null;
  const label = (s: string) => (s === 'default' ? 'Default' : s);
  return (
    <div className="ctl-control">
      <Menu
        name="Output style"
        items={[
          ...styles.map((s) => ({ value: s, label: label(s) })),
          { value: RELOAD, label: 'Reload styles, skills and plugins', description: 'Read them again from disk' },
        ]}
        current={current}
        disabled={disabled || state.asking !== undefined}
        title="Output style: how Claude writes its replies in this session"
        onPick={(value) => {
          clearError(sessionId, 'style');
          if (value === RELOAD) void answering.reload(sessionId);
          else if (value !== current) void requestOutputStyle(sessionId, value);
        }}
      >
        Style: {label(current)}
      </Menu>
      {state.asking !== undefined && (
        <span className="ctl-pending" role="status">
          switching to {label(state.asking)}…
        </span>
      )}
      {state.error && (
        <span className="ctl-error" role="alert">
          {state.error.message}
        </span>
      )}
    </div>
  );
}
