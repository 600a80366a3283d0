// The shared task board: sessions create, claim, update and complete tasks through the
// clide-team tools; the person adds, edits, reassigns and removes them in the Team panel.
// Plain data with checks; the broker says who acts and publishes every change.
import type { TeamParty } from '../../../shared/events';
import { ClideError } from '../../../shared/result';
import type { TeamTask, TeamTaskStatus } from '../../../shared/team';

export const MAX_TASKS = 500;
export const MAX_TITLE = 200;
export const MAX_TEXT = 4000;

export interface TaskPatch {
  title?: string;
  description?: string;
  status?: TeamTaskStatus;
  note?: string;
}

/** What the board keeps across a restart. */
export interface SavedBoard {
  /** The number of the last task made, so numbers are never reused (T3 after T1, T2). */
  seq: number;
  tasks: TeamTask[];
}

export class TaskBoard {
  private tasks: TeamTask[];
  private seq: number;

  constructor(
    private readonly now: () => number = Date.now,
    saved: SavedBoard = { seq: 0, tasks: [] },
  ) {
    this.tasks = saved.tasks;
    // Never below a task number in use, whatever the file said.
    this.seq = Math.max(saved.seq, ...saved.tasks.map((t) => Number(t.id.slice(1)) || 0));
  }

  /** What to keep across a restart. */
  saved(): SavedBoard {
    return { seq: this.seq, tasks: this.tasks };
  }

  list(): TeamTask[] {
    return this.tasks;
  }

  get(id: string): TeamTask {
    const wanted = id.trim().toUpperCase();
    const task = this.tasks.find((t) => t.id === wanted);
    if (!task) {
      throw new ClideError({
        kind: 'invalid-input',
        message: `There is no task ${id.trim() || '(empty id)'} on the board.`,
        hint: this.tasks.length > 0 ? `Tasks on the board: ${this.tasks.map((t) => t.id).join(', ')}.` : 'The board is empty.',
      });
    }
    return task;
  }

  create(by: TeamParty, input: { title: string; description?: string; assignee?: TeamParty }): TeamTask {
    const title = cleanTitle(input.title);
    if (this.tasks.length >= MAX_TASKS) {
      throw new ClideError({ kind: 'invalid-input', message: `The board already holds ${MAX_TASKS} tasks.`, hint: 'Remove finished tasks first.' });
    }
    const at = this.now();
    const task: TeamTask = {
      id: `T${++this.seq}`,
      title,
      description: cleanText(input.description, 'description'),
      status: input.assignee ? 'in_progress' : 'open',
      assignee: input.assignee,
      createdBy: by,
      updatedBy: by,
      createdAt: at,
      updatedAt: at,
    };
    this.tasks = [...this.tasks, task];
    return task;
  }

  edit(by: TeamParty, id: string, patch: TaskPatch): TeamTask {
    const task = this.get(id);
    const next: TeamTask = { ...task };
    if (patch.title !== undefined) next.title = cleanTitle(patch.title);
    if (patch.description !== undefined) next.description = cleanText(patch.description, 'description');
    if (patch.note !== undefined) next.note = cleanText(patch.note, 'note');
    if (patch.status !== undefined) next.status = patch.status;
    return this.replace(task, next, by);
  }

  /** Give a task to someone (or nobody). An open task that gets an owner is in progress. */
  assign(by: TeamParty, id: string, assignee: TeamParty | undefined): TeamTask {
    const task = this.get(id);
    const status = assignee && task.status === 'open' ? 'in_progress' : !assignee && task.status === 'in_progress' ? 'open' : task.status;
    return this.replace(task, { ...task, assignee, status }, by);
  }

  /**
   * A session takes a task for itself. Refused while another open session holds it, so two
   * sessions never both work on one task without the person deciding so.
   */
  claim(by: TeamParty, id: string, isOpen: (sessionId: string) => boolean): TeamTask {
    const task = this.get(id);
    if (task.status === 'done') {
      throw new ClideError({ kind: 'invalid-input', message: `Task ${task.id} is already done.`, hint: 'Create a new task for follow-up work.' });
    }
    if (task.assignee && task.assignee.id !== by.id && isOpen(task.assignee.id)) {
      throw new ClideError({
        kind: 'invalid-input',
        message: `Task ${task.id} belongs to "${task.assignee.name}".`,
        hint: `Ask "${task.assignee.name}" with send_message, or pick another task.`,
      });
    }
    return this.replace(task, { ...task, assignee: by, status: 'in_progress' }, by);
  }

  remove(id: string): TeamTask {
    const task = this.get(id);
    this.tasks = this.tasks.filter((t) => t !== task);
    return task;
  }

  /** A session got a new name: tasks show the current one. Says whether any task changed. */
  renamed(party: TeamParty): boolean {
    if (!this.tasks.some((t) => t.assignee?.id === party.id && t.assignee.name !== party.name)) return false;
    this.tasks = this.tasks.map((t) => (t.assignee?.id === party.id ? { ...t, assignee: party } : t));
    return true;
  }

  private replace(task: TeamTask, next: TeamTask, by: TeamParty): TeamTask {
    const updated = { ...next, updatedBy: by, updatedAt: this.now() };
    this.tasks = this.tasks.map((t) => (t === task ? updated : t));
    return updated;
  }
}

function cleanTitle(title: string): string {
  const t = title.replace(/\s+/g, ' ').trim();
  if (!t) throw new ClideError({ kind: 'invalid-input', message: 'A task needs a title.', hint: 'Say in a few words what is to be done.' });
  if (t.length > MAX_TITLE) {
    throw new ClideError({
      kind: 'invalid-input',
      message: `The title is ${t.length} characters long; the limit is ${MAX_TITLE}.`,
      hint: 'Put the details in the description.',
    });
  }
  return t;
}

function cleanText(text: string | undefined, what: string): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim();
  if (t.length > MAX_TEXT) {
    throw new ClideError({ kind: 'invalid-input', message: `The ${what} is ${t.length} characters long; the limit is ${MAX_TEXT}.`, hint: 'Shorten it.' });
  }
  return t || undefined;
}
