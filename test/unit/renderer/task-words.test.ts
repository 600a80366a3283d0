// How a background task reads in the Tasks panel: its state words, its runtime, and its output
// with a terminal's escape sequences and carriage-return rewrites resolved to plain text.
import { describe, expect, it } from 'vitest';
import { plainOutput, runtime, taskName, taskState } from '../../../renderer/src/components/tasks/task-words';
import { taskEndNote } from '../../../shared/tasks';
import type { TaskView } from '../../../shared/transcript';

const task = (patch: Partial<TaskView>): TaskView => ({ taskId: 't', updatedAt: 0, ...patch });

describe('task words', () => {
  it('says where a task stands, with the end the CLI reported or the process it ended with', () => {
    expect(taskState(task({ status: 'running', backgrounded: true }))).toEqual({ word: 'Running', tone: 'run' });
    expect(taskState(task({ status: 'running', backgrounded: false }))).toEqual({ word: 'Foreground', tone: 'run' });
    expect(taskState(task({ status: 'completed', endedAt: 5 })).word).toBe('Done');
    expect(taskState(task({ status: 'failed', endedAt: 5 }))).toEqual({ word: 'Failed', tone: 'bad' });
    // task_updated says killed, its notification stopped: one end.
    expect(taskState(task({ status: 'killed' })).word).toBe('Stopped');
    expect(taskState(task({ status: 'stopped', endedAt: 5 })).word).toBe('Stopped');
    expect(taskState(task({ status: 'running', endedAt: 5, endedWithProcess: true })).word).toBe('Ended with Claude');
  });

  it('a task the resumed Claude Code closed says it did not finish before the restart, in the panel and the card', () => {
    // As the tab has it after its process ended and the next one resumed: both ends known, the later one says why.
    const t = task({ taskType: 'local_agent', status: 'stopped', endedAt: 5, endedWithProcess: true, endReason: 'unfinished-at-restart' });
    expect(taskState(t)).toEqual({ word: 'Unfinished at restart', tone: 'bad' });
    expect(taskEndNote(t)).toMatch(/^Did not finish before Claude Code restarted/);
    expect(taskEndNote(task({ status: 'stopped', endedAt: 5 }))).toBeUndefined();
  });

  it('counts the runtime to its end or to now, and names a task by description, then command, then kind', () => {
    expect(runtime(task({ startedAt: 1000, endedAt: 66_000 }), 999_999)).toBe('1 min 5 s');
    expect(runtime(task({ startedAt: 1000 }), 43_000)).toBe('42 s');
    expect(runtime(task({}), 43_000)).toBeUndefined();
    // A shell's own run time (2.1.337), from its launch, once it has ended.
    expect(runtime(task({ startedAt: 30_000, endedAt: 66_000, status: 'completed', durationMs: 61_000 }), 999_999)).toBe('1 min 1 s');
    expect(taskName(task({ description: 'Run tests', command: 'npm test' }))).toBe('Run tests');
    expect(taskName(task({ command: 'npm test' }))).toBe('npm test');
    expect(taskName(task({ taskType: 'local_bash', toolName: 'Monitor' }))).toBe('Monitor');
  });

  it('shows output as plain text: colours, cursor moves and titles removed, a rewritten line as it ends up', () => {
    expect(plainOutput('\u001b[32mPASS\u001b[0m src/a.test.ts\n\u001b[1;31mFAIL\u001b[0m b')).toBe('PASS src/a.test.ts\nFAIL b');
    expect(plainOutput('\u001b]0;build\u0007compiling\u001b[2K\r')).toBe('compiling');
    expect(plainOutput('progress 10%\rprogress 50%\rprogress 100%\nnext')).toBe('progress 100%\nnext');
    expect(plainOutput('windows line\r\nnext\r\n')).toBe('windows line\nnext\n');
    expect(plainOutput('plain')).toBe('plain');
  });
});
