// The line above the message box while commands or subagents run in the foreground (see
// foreground-bar.tsx), with "Run in background", and what Claude Code answered to it.
import type { TaskView } from '../../../../shared/transcript';
import { VisibleText } from '../common/visible-text';
import { runInBackground } from './task-calls';
import { taskName } from './task-words';

/** The key foreground-bar.tsx answers: Ctrl+B on every platform, as in the terminal. */
const BACKGROUND_KEY = 'Ctrl+B';

export function ForegroundLine({
  sessionId,
  tasks,
  note,
}: {
  sessionId: string;
  tasks: readonly TaskView[];
  note: { text: string; error: boolean } | undefined;
}) {
  const only = tasks.length === 1 ? tasks[0] : undefined;
  return (
    <div className="foreground-bar" role="group" aria-label="Running in the foreground">
      {tasks.length > 0 && (
        <>
          <span className="tasks-spinner" aria-hidden="true" />
          <span className="foreground-what">
            {only ? (
              <>
                Running in the foreground: <VisibleText text={taskName(only)} />
              </>
            ) : (
              `${tasks.length} commands and subagents running in the foreground`
            )}
          </span>
          <button type="button" className="btn btn-small" onClick={() => void runInBackground(sessionId, only?.toolUseId)}>
            Run in background
          </button>
          <kbd className="foreground-key">{BACKGROUND_KEY}</kbd>
        </>
      )}
      {note && (
        <span className={note.error ? 'foreground-note is-error' : 'foreground-note'} role="status">
          {note.text}
        </span>
      )}
    </div>
  );
}
