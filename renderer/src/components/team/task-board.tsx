// The shared task board in the Team panel: the person adds tasks, edits them, changes their
// status and gives them to a session (or to nobody). Sessions do the same through their
// clide-team tools; every change shows here as the host pushes it.
import { useId, useState, type FormEvent } from 'react';
import type { AppError } from '../../../../shared/result';
import { teamTaskStatuses, type TeamState, type TeamTask, type TeamTaskStatus } from '../../../../shared/team';
import { formatClock } from '../../lib/format';
import { teamActions } from './team-actions';
import { makeVisible } from '../../../../shared/visible-chars';
import { HiddenCharsNote, VisibleText } from '../common/visible-text';

export const statusLabel: Record<TeamTaskStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  blocked: 'Blocked',
  done: 'Done',
};

/** Work in flight first; finished tasks last. */
const ORDER: TeamTaskStatus[] = ['in_progress', 'blocked', 'open', 'done'];

export function TaskBoard({ team }: { team: TeamState }) {
  const tasks = [...team.tasks].sort((a, b) => ORDER.indexOf(a.status) - ORDER.indexOf(b.status));
  const done = tasks.filter((t) => t.status === 'done');
  const active = tasks.filter((t) => t.status !== 'done');
  const [showDone, setShowDone] = useState(false);
  return (
    <section className="team-section" aria-labelledby="team-tasks-title">
      <h3 id="team-tasks-title">
        Tasks <span className="team-count">{active.length}</span>
      </h3>
      <AddTask team={team} />
      {tasks.length === 0 && <p className="team-hint">No tasks yet. Add one here, or ask a session to put its plan on the board.</p>}
      <ul className="team-tasks" aria-label="Tasks">
        {active.map((t) => (
          <TaskRow key={t.id} task={t} team={team} />
        ))}
      </ul>
      {done.length > 0 && (
        <>
          <button type="button" className="team-link" aria-expanded={showDone} onClick={() => setShowDone(!showDone)}>
            {showDone ? 'Hide' : 'Show'} {done.length} done
          </button>
          {showDone && (
            <ul className="team-tasks" aria-label="Done tasks">
              {done.map((t) => (
                <TaskRow key={t.id} task={t} team={team} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function AddTask({ team }: { team: TeamState }) {
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState('');
  const [error, setError] = useState<AppError | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || busy) return;
    setBusy(true);
    setError(undefined);
    const r = await teamActions().addTask({ title: title.trim(), assignee: assignee || undefined });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setTitle('');
  };
  return (
    <form className="team-add" onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-title`} className="team-sr-only">
        New task
      </label>
      <input id={`${id}-title`} className="team-input" placeholder="Add a task…" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      <HiddenCharsNote text={title} />
      <AssigneeSelect team={team} value={assignee} onChange={setAssignee} label="Assign the new task to" />
      <button type="submit" className="btn btn-small btn-primary" disabled={!title.trim() || busy}>
        Add
      </button>
      {error && (
        <p className="team-error" role="alert">
          {error.message} {error.hint}
        </p>
      )}
    </form>
  );
}

function AssigneeSelect({
  team,
  value,
  onChange,
  label,
  current,
}: {
  team: TeamState;
  value: string;
  onChange: (id: string) => void;
  label: string;
  current?: TeamTask['assignee'];
}) {
  const gone = current && !team.members.some((m) => m.id === current.id);
  return (
    <select className="team-select" aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">Unassigned</option>
      {team.members.map((m) => (
        <option key={m.id} value={m.id}>
          {makeVisible(m.name)}
        </option>
      ))}
      {gone && (
        <option value={current.id} disabled>
          {makeVisible(current.name)} (closed)
        </option>
      )}
    </select>
  );
}

function TaskRow({ task, team }: { task: TeamTask; team: TeamState }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const run = async (f: () => Promise<{ ok: boolean; error?: AppError }>) => {
    setError(undefined);
    const r = await f();
    if (!r.ok && r.error) setError(r.error);
  };
  return (
    <li className="team-task" data-status={task.status} aria-label={makeVisible(`${task.id} ${task.title}`)}>
      {editing ? (
        <TaskEditor task={task} onDone={() => setEditing(false)} />
      ) : (
        <>
          <div className="team-task-top">
            <span className="team-task-id">{task.id}</span>
            <span className="team-task-title">
              <VisibleText text={task.title} />
            </span>
          </div>
          {task.description && (
            <p className="team-task-desc">
              <VisibleText text={task.description} />
            </p>
          )}
          {task.note && (
            <p className="team-task-note">
              <span className="team-task-note-by">
                <VisibleText text={task.updatedBy.name} />:
              </span>{' '}
              <VisibleText text={task.note} />
            </p>
          )}
          <div className="team-task-controls">
            <select
              className="team-select"
              aria-label={`Status of ${task.id}`}
              value={task.status}
              onChange={(e) => void run(() => teamActions().editTask({ taskId: task.id, status: e.target.value as TeamTaskStatus }))}
            >
              {teamTaskStatuses.map((s) => (
                <option key={s} value={s}>
                  {statusLabel[s]}
                </option>
              ))}
            </select>
            <AssigneeSelect
              team={team}
              value={task.assignee?.id ?? ''}
              current={task.assignee}
              label={`Owner of ${task.id}`}
              onChange={(id) => void run(() => teamActions().reassignTask(task.id, id || null))}
            />
          </div>
          <div className="team-task-meta">
            <span>
              Added by <VisibleText text={task.createdBy.name} /> · changed {formatClock(task.updatedAt)} by <VisibleText text={task.updatedBy.name} />
            </span>
            <span className="team-head-spacer" />
            <button type="button" className="team-link" onClick={() => setEditing(true)} aria-label={`Edit ${task.id}`}>
              Edit
            </button>
            <button
              type="button"
              className="team-link team-link-danger"
              onClick={() => void run(() => teamActions().removeTask(task.id))}
              aria-label={`Remove ${task.id}`}
            >
              Remove
            </button>
          </div>
        </>
      )}
      {error && (
        <p className="team-error" role="alert">
          {error.message} {error.hint}
        </p>
      )}
    </li>
  );
}

function TaskEditor({ task, onDone }: { task: TeamTask; onDone: () => void }) {
  const [title, setTitle] = useState(task.title);
  const [description, setDescription] = useState(task.description ?? '');
  const [note, setNote] = useState(task.note ?? '');
  const [error, setError] = useState<AppError | undefined>();
  const id = useId();
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    const r = await teamActions().editTask({ taskId: task.id, title, description, ...(note !== (task.note ?? '') ? { note } : {}) });
    if (!r.ok) return setError(r.error);
    onDone();
  };
  return (
    <form className="team-edit" onSubmit={(e) => void save(e)} onKeyDown={(e) => e.key === 'Escape' && onDone()}>
      <label htmlFor={`${id}-t`}>Title</label>
      <input id={`${id}-t`} className="team-input" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} autoFocus />
      <HiddenCharsNote text={title} />
      <label htmlFor={`${id}-d`}>Description</label>
      <textarea id={`${id}-d`} className="team-input" rows={3} value={description} maxLength={4000} onChange={(e) => setDescription(e.target.value)} />
      <HiddenCharsNote text={description} />
      <label htmlFor={`${id}-n`}>Note</label>
      <textarea
        id={`${id}-n`}
        className="team-input"
        rows={2}
        value={note}
        maxLength={4000}
        onChange={(e) => setNote(e.target.value)}
        placeholder="What is blocking it, or what was done"
      />
      <HiddenCharsNote text={note} />
      <div className="team-edit-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={!title.trim()}>
          Save
        </button>
        <button type="button" className="btn btn-small" onClick={onDone}>
          Cancel
        </button>
      </div>
      {error && (
        <p className="team-error" role="alert">
          {error.message} {error.hint}
        </p>
      )}
    </form>
  );
}
