// The task functions the Tasks panel, the status bar, notifications and parking share, and the
// reducer's handling of the CLI's live set and of a process that ends with tasks still running.
import { describe, expect, it } from 'vitest';
import type { SessionEvent, TaskPatch } from '../../../shared/events';
import { foregroundTasks, panelTasks, runningBackgroundTaskIds, taskKind } from '../../../shared/tasks';
import { applyEvents, emptySession, type SessionView } from '../../../shared/transcript';

const started = (task: TaskPatch, at = 1): SessionEvent => ({ kind: 'task', phase: 'started', task: { status: 'running', ...task }, at });
const ended = (taskId: string, status: string, at = 9): SessionEvent => ({ kind: 'task', phase: 'ended', task: { taskId, status }, at });
const live = (ids: string[], extra: { ambient?: string[] } = {}): SessionEvent => ({
  kind: 'live-tasks',
  tasks: ids.map((taskId) => ({ taskId, taskType: 'local_bash', description: taskId, ambient: extra.ambient?.includes(taskId) || undefined })),
  at: 5,
});
const view = (events: SessionEvent[]): SessionView => applyEvents(emptySession('s', '/w', 0), events);

describe('taskKind', () => {
  it('names shells, Monitors (a shell task started by the Monitor tool), subagents, workflows and MCP tasks', () => {
    expect(taskKind({ taskType: 'local_bash', toolName: 'Bash' })).toBe('shell');
    expect(taskKind({ taskType: 'local_bash', toolName: 'Monitor' })).toBe('monitor');
    expect(taskKind({ taskType: 'local_agent', toolName: 'Agent' })).toBe('subagent');
    expect(taskKind({ taskType: 'local_workflow' })).toBe('workflow');
    expect(taskKind({ taskType: 'mcp_task' })).toBe('mcp');
    expect(taskKind({ taskType: 'something_new' })).toBe('other');
  });
});

describe('running background tasks', () => {
  it('follow the live set once the CLI sent one: a task it no longer lists is not running, whatever the events said', () => {
    const v = view([started({ taskId: 'a', backgrounded: true }), started({ taskId: 'b', backgrounded: true }), live(['a'])]);
    expect(runningBackgroundTaskIds(v)).toEqual(['a']);
    // The next set replaces the last one.
    expect(runningBackgroundTaskIds(applyEvents(v, [live([])]))).toEqual([]);
  });

  it('leave out housekeeping the CLI marks ambient', () => {
    expect(runningBackgroundTaskIds(view([live(['work', 'watcher'], { ambient: ['watcher'] })]))).toEqual(['work']);
  });

  it('before any live set, come from start and end events: background ones not ended, never foreground ones', () => {
    const v = view([
      started({ taskId: 'bg', backgrounded: true }),
      started({ taskId: 'fg', backgrounded: false }),
      started({ taskId: 'flow', taskType: 'local_workflow' }),
      started({ taskId: 'done', backgrounded: true }),
      ended('done', 'completed'),
      started({ taskId: 'quiet', backgrounded: true, hidden: true }),
    ]);
    expect(runningBackgroundTaskIds(v)).toEqual(['bg', 'flow']);
  });

  it('are none once the process ended: unfinished tasks end with it, finished ones just end', () => {
    const v = view([
      started({ taskId: 'a', backgrounded: true }),
      started({ taskId: 'b', backgrounded: true }),
      { kind: 'task', phase: 'updated', task: { taskId: 'b', status: 'completed' }, at: 3 },
      live(['a', 'b']),
      { kind: 'live-tasks', tasks: [], processEnded: true, at: 7 },
    ]);
    expect(runningBackgroundTaskIds(v)).toEqual([]);
    expect(v.liveTasks).toBeUndefined();
    expect(v.tasks?.a).toMatchObject({ endedAt: 7, endedWithProcess: true });
    expect(v.tasks?.b).toMatchObject({ endedAt: 7, status: 'completed' });
    expect(v.tasks?.b?.endedWithProcess).toBeUndefined();
  });
});

describe('what the Tasks panel lists', () => {
  it('background tasks running first, then ended ones, newest first; foreground ones while they run; a task known only from the live set', () => {
    const v = view([
      started({ taskId: 'old', backgrounded: true }, 1),
      ended('old', 'completed', 2),
      started({ taskId: 'newer-done', backgrounded: true }, 3),
      ended('newer-done', 'failed', 4),
      started({ taskId: 'running', backgrounded: true }, 5),
      started({ taskId: 'fg', backgrounded: false }, 6),
      started({ taskId: 'fg-done', backgrounded: false }, 6),
      ended('fg-done', 'completed', 7),
      started({ taskId: 'nested', backgrounded: false, parentTaskId: 'running' }, 8),
      live(['running', 'unseen']),
    ]);
    expect(panelTasks(v).map((t) => t.taskId)).toEqual(['fg', 'running', 'unseen', 'newer-done', 'old']);
    expect(panelTasks(v).find((t) => t.taskId === 'unseen')).toMatchObject({ description: 'unseen', status: 'running', backgrounded: true });
    expect(foregroundTasks(v).map((t) => t.taskId)).toEqual(['fg']);
  });
});
