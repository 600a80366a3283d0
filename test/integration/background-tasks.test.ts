// Background work on the real CLI: what the Tasks panel shows and does. A background shell, a
// Monitor and a subagent are listed with their kind from the task events and the live set
// (background_tasks_changed); a shell's output is read with get_task_output while it runs; Stop
// (stop_task) ends one task; "Run in background" (background_tasks, Ctrl+B) moves the running
// foreground command; the person's Stop of a turn leaves background subagents running (clide
// declares perTaskStopAffordance); and a process that ends takes its tasks with it.
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc';
import { ClideError } from '../../shared/result';
import { foregroundTasks, runningBackgroundTaskIds, taskKind } from '../../shared/tasks';
import type { SessionHost } from '../../electron/core/host';
import { lastToolResults, lastUserText, text, toolUse, type MessagesBody, type Responder } from '../support/fake-api';
import { realCliSessions } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';
import { toolOf } from '../../shared/transcript';

const open = realCliSessions();

/** Allow every tool call (the counting commands need permission): the person clicking Allow. */
function allowAll(h: SessionHost): void {
  h.subscribe((batch: AppEvent[]) => {
    for (const b of batch) {
      if (b.type !== 'session-events') continue;
      for (const e of b.events) if (e.kind === 'permission') h.respond(b.id, e.request.requestId, { behavior: 'allow' });
    }
  });
}

/** Poll an async check (a request to the CLI) until it gives a value. */
async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ClideError) return err.info.message;
    throw err;
  }
  throw new Error('expected a refusal');
}

/** A session that was asked for `prompt`, once the task it started runs. */
async function started(prompt: string) {
  const opened = await open(script);
  const { id, h } = opened;
  allowAll(h);
  h.send(id, prompt);
  const task = await waitFor(() => Object.values(h.view(id).tasks ?? {}).find((t) => t.status === 'running'), `the task of "${prompt}" running`);
  return { ...opened, task };
}

const firstUser = (body: MessagesBody) => JSON.stringify(body.messages.find((m) => m.role === 'user')?.content ?? '');
const count = (word: string, n: number) => `for i in $(seq 1 ${n}); do echo ${word}-$i; sleep 1; done`;

/** The model's side: each prompt names the work to start. */
const script: Responder = (req) => {
  if (firstUser(req.body).includes('HELPER-TASK')) return text('The helper is done.', { hold: helper.promise });
  if (lastToolResults(req.body).length > 0) return text('Noted.');
  const said = lastUserText(req.body);
  if (said.includes('<task-notification>')) return text('A task finished.');
  if (said.includes('background count')) return toolUse('Bash', { command: count('line', 60), description: 'Count slowly', run_in_background: true });
  if (said.includes('Watch')) return toolUse('Monitor', { description: 'Watch a counter', timeout_ms: 60_000, command: count('tick', 60) });
  if (said.includes('foreground count')) return toolUse('Bash', { command: count('fg', 30), description: 'Count in the foreground' });
  if (said.includes('helper'))
    return toolUse('Agent', { description: 'Look around', prompt: 'HELPER-TASK: look around', subagent_type: 'general-purpose', run_in_background: true });
  if (said.includes('slow reply')) return text('still going', { hold: slow.promise });
  return text('ok');
};

function held(): { promise: Promise<void>; release(): void } {
  let release = () => {};
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}
let helper = held();
let slow = held();

describe('background tasks on the real CLI', () => {
  it('a background shell: listed with its command, its output read while it runs, Stop ends it and the live set empties', async () => {
    const { id, h, task } = await started('Start a background count');
    expect(taskKind(task)).toBe('shell');
    expect(task).toMatchObject({ backgrounded: true, description: 'Count slowly', toolName: 'Bash', command: count('line', 60) });
    await waitFor(() => runningBackgroundTaskIds(h.view(id)).includes(task.taskId), 'the task in the live set');

    const out = await until(async () => {
      const o = await h.getTaskOutput(id, task.taskId);
      return o.output.includes('line-2') ? o : undefined;
    }, 'two lines of output');
    expect(out.output.startsWith('line-1\n')).toBe(true);
    expect(out.truncated).toBe(false);
    expect(out.totalBytes).toBe(Buffer.byteLength(out.output));
    // A task it does not know: Claude Code's own reason comes back.
    expect(await refusal(h.getTaskOutput(id, 'no-such-task'))).toBe(
      "Claude Code cannot read this task's output: no shell or Monitor task with that task_id in this session",
    );

    await h.stopTask(id, task.taskId);
    await waitFor(() => h.view(id).tasks?.[task.taskId]?.endedAt, 'the task ended');
    expect(h.view(id).tasks?.[task.taskId]?.status).toBe('stopped');
    expect(runningBackgroundTaskIds(h.view(id))).toEqual([]);
    // Its output can still be read after it ended.
    expect((await h.getTaskOutput(id, task.taskId)).output).toContain('line-2');
  }, 90_000);

  it('a Monitor is a monitor, not a plain shell, and its output is read the same way', async () => {
    const { id, h, task } = await started('Watch a counter');
    expect(task.taskType).toBe('local_bash');
    expect(taskKind(task)).toBe('monitor');
    await until(async () => ((await h.getTaskOutput(id, task.taskId)).output.includes('tick-1') ? true : undefined), 'its first event');
    await h.stopTask(id, task.taskId);
    await waitFor(() => h.view(id).tasks?.[task.taskId]?.endedAt, 'the monitor stopped');
    await waitFor(() => h.view(id).status === 'ready', 'idle again');
  }, 90_000);

  it('"Run in background" moves the foreground command of one call, and Ctrl+B every one; the turn goes on', async () => {
    const { id, h, sb } = await open(script);
    allowAll(h);
    h.send(id, 'Run a foreground count');
    // The CLI makes a foreground command a task a few seconds in; until then there is nothing to move.
    const fg = await waitFor(() => foregroundTasks(h.view(id))[0], 'the foreground task', 60_000);
    expect(h.view(id).status).toBe('working');
    expect(await h.backgroundTasks(id, 'toolu_matches_nothing')).toEqual({ backgrounded: false });
    expect(await h.backgroundTasks(id, fg.toolUseId)).toEqual({ backgrounded: true });
    await waitFor(() => h.view(id).tasks?.[fg.taskId]?.backgrounded === true, 'the task marked background');
    await waitFor(() => h.view(id).status === 'ready', 'the turn went on and ended');
    expect(toolOf(h.view(id), fg.toolUseId!)?.result?.content).toMatch(/manually backgrounded by user/);
    expect(runningBackgroundTaskIds(h.view(id))).toEqual([fg.taskId]);
    expect(foregroundTasks(h.view(id))).toEqual([]);
    // The model was told and answered in the same turn.
    expect(JSON.stringify(sb.api.turns().at(-1)?.body.messages)).toContain('manually backgrounded');

    h.send(id, 'Another foreground count');
    const second = await waitFor(() => foregroundTasks(h.view(id))[0], 'the second foreground task', 60_000);
    // Ctrl+B names no call: the CLI moves everything in the foreground and says nothing more.
    expect(await h.backgroundTasks(id)).toEqual({});
    await waitFor(() => h.view(id).tasks?.[second.taskId]?.backgrounded === true, 'the second task moved');
    await waitFor(() => h.view(id).status === 'ready', 'the second turn ended');
    for (const t of [fg, second]) await h.stopTask(id, t.taskId);
    await waitFor(() => runningBackgroundTaskIds(h.view(id)).length === 0, 'both stopped');
  }, 120_000);

  it('Stop ends the turn and leaves a background subagent running; its own Stop ends it; its output is not a shell output', async () => {
    helper = held();
    slow = held();
    const { id, h, sb } = await open(script);
    allowAll(h);
    h.send(id, 'Start a helper');
    const agent = await waitFor(() => Object.values(h.view(id).tasks ?? {}).find((t) => t.taskType === 'local_agent'), 'the subagent');
    expect(taskKind(agent)).toBe('subagent');
    expect(agent).toMatchObject({ backgrounded: true, subagentType: 'general-purpose', toolName: 'Agent' });
    await waitFor(() => h.view(id).status === 'ready', 'the main turn ended');
    expect(await refusal(h.getTaskOutput(id, agent.taskId))).toMatch(/no shell or Monitor task/);

    h.send(id, 'A slow reply please');
    await waitFor(() => h.view(id).status === 'working' && sb.api.turns().some((t) => lastUserText(t.body).includes('slow reply')), 'the slow turn');
    await h.interrupt(id);
    await waitFor(() => h.view(id).status === 'ready', 'the turn stopped');
    slow.release();
    // Still running: the turn's Stop is not the subagent's.
    expect(h.view(id).tasks?.[agent.taskId]?.endedAt).toBeUndefined();
    expect(runningBackgroundTaskIds(h.view(id))).toEqual([agent.taskId]);

    await h.stopTask(id, agent.taskId);
    await waitFor(() => h.view(id).tasks?.[agent.taskId]?.endedAt, 'the subagent stopped');
    expect(h.view(id).tasks?.[agent.taskId]?.status).toBe('stopped');
    expect(runningBackgroundTaskIds(h.view(id))).toEqual([]);
    helper.release();
  }, 90_000);

  it('with background tasks switched off, "Run in background" is refused with Claude Code\'s reason', async () => {
    const { id, h } = await open(script, { host: { env: { CLAUDE_CODE_DISABLE_BACKGROUND_TASKS: '1' } } });
    allowAll(h);
    h.send(id, 'Run a foreground count');
    await waitFor(() => h.view(id).status === 'working', 'the command running');
    expect(await refusal(h.backgroundTasks(id))).toBe('Claude Code moved nothing to the background: Background tasks are disabled in this session.');
    await h.interrupt(id);
    await waitFor(() => h.view(id).status === 'ready', 'stopped');
  }, 90_000);

  it('when the process dies, its tasks end with it and nothing counts as running; asking then says why not', async () => {
    const { id, h, task } = await started('Start a background count');
    await waitFor(() => runningBackgroundTaskIds(h.view(id)).length === 1, 'counted');
    // A crash: no chance for the CLI to report its tasks' end (ended gently, it says they were killed).
    process.kill(h.list().find((s) => s.id === id)!.pid!, 'SIGKILL');
    await waitFor(() => h.view(id).tasks?.[task.taskId]?.endedAt, 'the task ended with the process');
    expect(h.view(id).tasks?.[task.taskId]).toMatchObject({ endedWithProcess: true, status: 'running' });
    expect(runningBackgroundTaskIds(h.view(id))).toEqual([]);
    expect(await refusal(h.getTaskOutput(id, task.taskId))).toMatch(/ended|not running|shutting down/i);
    expect(await refusal(h.stopTask(id, task.taskId))).toMatch(/ended|not running|shutting down/i);
  }, 90_000);
});
