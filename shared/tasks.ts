// Background work of a session (shells, Monitors, subagents) in the app's own terms: the live
// set the CLI reports, a task's output, and the plain functions the Tasks panel, the status
// bar, notifications and parking share, so all of them count the same tasks. No zod here: the
// first screen counts tasks, and the schemas (task-schemas.ts) are the contract's business.
import type { TaskPatch } from './events';
import type { SessionView, TaskView } from './transcript';

export type { LiveTask, TaskOutput } from './task-schemas';

export type TaskKind = 'shell' | 'monitor' | 'subagent' | 'workflow' | 'mcp' | 'other';

/** What kind of work a task is: a Monitor runs as a shell task, told apart by the tool that started it. */
export function taskKind(t: Pick<TaskPatch, 'taskType' | 'toolName'>): TaskKind {
  if (t.toolName === 'Monitor') return 'monitor';
  switch (t.taskType) {
    case 'local_bash':
      return 'shell';
    case 'local_agent':
      return 'subagent';
    case 'local_workflow':
      return 'workflow';
    case 'mcp_task':
      return 'mcp';
    default:
      return 'other';
  }
}

/** Whether Claude Code can read this kind's output (get_task_output reads shells and Monitors only). */
export function hasReadableOutput(kind: TaskKind): boolean {
  return kind === 'shell' || kind === 'monitor';
}

/**
 * What to say about how a task ended, where its own end is not what happened: Claude Code
 * found on resuming that it had not finished before a restart, and closed it (2.1.337).
 */
export function taskEndNote(t: Pick<TaskPatch, 'endReason'>): string | undefined {
  if (t.endReason === 'unfinished-at-restart')
    return 'Did not finish before Claude Code restarted; closed when the session resumed (it may have stopped earlier).';
  if (t.endReason === 'worker-restart') return 'Stopped when the worker running it restarted.';
  return undefined;
}

/** Task states after which nothing runs any more (the CLI's own words). */
const DONE = new Set(['completed', 'failed', 'killed', 'stopped']);

export function taskEnded(t: Pick<TaskView, 'endedAt' | 'status'>): boolean {
  return t.endedAt !== undefined || DONE.has(t.status ?? '');
}

/**
 * Ids of the background tasks running now that count as work (not housekeeping). The CLI's live
 * set decides when it has sent one in this process; before that (and from CLIs that never send
 * it) the start and end events do, counting a task the CLI did not place as background.
 */
export function runningBackgroundTaskIds(v: Pick<SessionView, 'liveTasks' | 'tasks'>): string[] {
  if (v.liveTasks) return v.liveTasks.filter((t) => !t.ambient).map((t) => t.taskId);
  return Object.values(v.tasks ?? {})
    .filter((t) => t.backgrounded !== false && !t.hidden && !taskEnded(t))
    .map((t) => t.taskId);
}

/** A command or subagent running in the foreground now: the turn waits for it (Ctrl+B moves it to the background). */
export function foregroundTasks(v: Pick<SessionView, 'tasks'>): TaskView[] {
  return Object.values(v.tasks ?? {}).filter((t) => t.backgrounded === false && !t.parentTaskId && !t.hidden && !taskEnded(t));
}

/**
 * What the Tasks panel lists: every task that ran in the background (running first, then ended,
 * newest first in each), and the foreground ones running now. A task the live set names but no
 * event described yet is listed from the set.
 */
export function panelTasks(v: Pick<SessionView, 'liveTasks' | 'tasks'>): TaskView[] {
  const known = v.tasks ?? {};
  // The CLI says which side a shell or subagent runs on; other kinds (workflows, MCP tasks) have no foreground.
  const out = Object.values(known).filter((t) => t.backgrounded !== false || (!t.parentTaskId && !taskEnded(t)));
  for (const live of v.liveTasks ?? []) {
    if (known[live.taskId]) continue;
    out.push({
      taskId: live.taskId,
      taskType: live.taskType,
      subagentType: live.subagentType,
      description: live.description,
      parentTaskId: live.parentTaskId,
      hidden: live.ambient,
      backgrounded: true,
      status: 'running',
      updatedAt: 0,
    });
  }
  const running = (t: TaskView) => !taskEnded(t);
  return out.sort((a, b) => Number(running(b)) - Number(running(a)) || (b.startedAt ?? b.updatedAt) - (a.startedAt ?? a.updatedAt));
}
