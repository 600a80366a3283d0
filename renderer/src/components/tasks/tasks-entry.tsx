// The ways into the Tasks panel besides the palette: an item on the status bar that counts the
// background tasks running now (shown only while one runs), and a button on the toolbar under
// the message box.
import { runningBackgroundTaskIds } from '../../../../shared/tasks';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import './tasks.css';

/** Background tasks running now that count as work: the CLI's live set, housekeeping left out. */
export function useRunningCount(sessionId: string): number {
  return useSessionField(sessionId, (v) => runningBackgroundTaskIds(v).length, 0);
}

const plural = (n: number) => `${n} background ${n === 1 ? 'task' : 'tasks'}`;

/** Status bar: "Tasks 2" while two run. */
export function TasksStatusItem({ sessionId }: { sessionId: string }) {
  const openDialog = useClide((s) => s.openDialog);
  const count = useRunningCount(sessionId);
  if (count === 0) return null;
  return (
    <button type="button" className="sb-item sb-button sb-tasks" title={`${plural(count)} running: open the Tasks panel`} onClick={() => openDialog('tasks')}>
      <span className="tasks-spinner" aria-hidden="true" />
      Tasks {count}
    </button>
  );
}

/** The toolbar under the message box: "Tasks", with how many run. */
export function TasksButton({ sessionId }: { sessionId: string }) {
  const openDialog = useClide((s) => s.openDialog);
  const count = useRunningCount(sessionId);
  return (
    <button
      type="button"
      className="pick-trigger ctl-tasks"
      title={count > 0 ? `${plural(count)} running: output, Stop` : 'Background tasks: shells, Monitors and subagents, their output, Stop'}
      onClick={() => openDialog('tasks')}
    >
      Tasks
      {count > 0 && (
        <span className="tasks-count" aria-label={`${plural(count)} running`}>
          {count}
        </span>
      )}
    </button>
  );
}
