// Background work of one session for the UI tests: shells, a subagent, a Monitor, a failed
// migration and a test run in the foreground, with what reading each task's output returns.
import type { SessionEvent, TaskPatch } from '../../../shared/events';
import type { Reply } from '../../support/api-double';

/** A tool call and the task it started, as the host would have reported them. */
export function taskCall(n: number, name: string, input: Record<string, unknown>, task: Omit<TaskPatch, 'taskId'>, at: number): SessionEvent[] {
  const id = `tu-${n}`;
  return [
    { kind: 'block', messageId: `m-${n}`, index: 0, block: { type: 'tool_use', id, name, input }, at },
    { kind: 'message-end', messageId: `m-${n}` },
    { kind: 'task', phase: 'started', task: { taskId: `t-${n}`, toolUseId: id, toolName: name, status: 'running', ...task }, at },
  ];
}

/** The session's turn: every kind of task in every state, two still running in the background. */
export function tasksScenario(now: number): SessionEvent[] {
  return [
    { kind: 'user', id: 'u1', text: 'Start the dev server, review the API changes, and run the tests.', at: now - 200_000 },
    ...taskCall(
      1,
      'Bash',
      { command: 'npm run dev -- --port 5173', run_in_background: true },
      { taskType: 'local_bash', description: 'Start the dev server', command: 'npm run dev -- --port 5173', backgrounded: true },
      now - 185_000,
    ),
    ...taskCall(
      2,
      'Agent',
      { description: 'Review the API changes', prompt: 'Review src/routes', subagent_type: 'code-reviewer' },
      { taskType: 'local_agent', subagentType: 'code-reviewer', description: 'Review the API changes', backgrounded: true },
      now - 120_000,
    ),
    {
      kind: 'task',
      phase: 'progress',
      task: { taskId: 't-2', activity: 'Reading src/routes/health.ts', usage: { totalTokens: 18_400, toolUses: 7, durationMs: 60_000 } },
      at: now - 5_000,
    },
    {
      kind: 'block',
      messageId: 'sub-1',
      index: 0,
      block: { type: 'text', text: 'The /health handler has no test yet, and the error path returns 200. Checking the middleware next.' },
      parentToolUseId: 'tu-2',
      at: now - 4_000,
    },
    { kind: 'message-end', messageId: 'sub-1' },
    ...taskCall(
      3,
      'Monitor',
      { description: 'Watch the test log', timeout_ms: 60_000, command: 'tail -f test.log' },
      { taskType: 'local_bash', description: 'Watch the test log', command: 'tail -f test.log', backgrounded: true },
      now - 300_000,
    ),
    { kind: 'task', phase: 'ended', task: { taskId: 't-3', status: 'stopped', summary: 'Watch the test log' }, at: now - 240_000 },
    ...taskCall(
      4,
      'Bash',
      { command: 'npm run migrate', run_in_background: true },
      { taskType: 'local_bash', description: 'Run the migration', command: 'npm run migrate', backgrounded: true },
      now - 400_000,
    ),
    {
      kind: 'task',
      phase: 'ended',
      task: { taskId: 't-4', status: 'failed', summary: 'Background command "Run the migration" failed with exit code 1' },
      at: now - 380_000,
    },
    ...taskCall(
      5,
      'Bash',
      { command: 'npm test -- --runInBand', description: 'Run the test suite' },
      { taskType: 'local_bash', description: 'Run the test suite', command: 'npm test -- --runInBand', backgrounded: false },
      now - 12_000,
    ),
    {
      kind: 'live-tasks',
      tasks: [
        { taskId: 't-1', taskType: 'local_bash', description: 'Start the dev server' },
        { taskId: 't-2', taskType: 'local_agent', subagentType: 'code-reviewer', description: 'Review the API changes' },
      ],
      at: now - 4_000,
    },
    { kind: 'status', status: 'working' },
  ];
}

const ok = (value: unknown): Reply => ({ ok: true, value });
/** What session:taskOutput answers, by task (a refusal for the Monitor). */
export const taskOutputs = {
  by: ['taskId'],
  answers: {
    't-1': ok({
      output: '\u001b[32m> vite\u001b[0m\n\n  VITE v5.4.2  ready in 312 ms\n\n  ➜  Local:   http://localhost:5173/\n  ➜  press h + enter to show help\n',
      totalBytes: 120,
      truncated: false,
    }),
    // Claude Code refuses, with its reason (a task of a process that has gone, say).
    't-3': {
      ok: false,
      error: { kind: 'control-error', message: "Claude Code cannot read this task's output: no shell or Monitor task with that task_id in this session" },
    },
    't-4': ok({ output: '> migrate\nError: relation "users" already exists\n', totalBytes: 51, truncated: false }),
    't-5': ok({ output: ' RUN  v3.2.4 /home/ada/code/api-server\n\n ✓ src/health.test.ts (3 tests) 12ms\n', totalBytes: 70, truncated: false }),
  } as Record<string, Reply>,
};
