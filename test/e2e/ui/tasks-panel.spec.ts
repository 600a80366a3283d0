// The Tasks panel, its entries and the foreground bar in the built renderer, against the in-page
// API double: what they show of a session's background work, what each control asks of the host,
// Ctrl+B, Claude Code's refusal in words, and screenshots in light and dark
// (test-results/ui-screenshots/) for people to look at.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { SessionEvent, TaskPatch } from '../../../shared/events';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith, type Reply } from '../../support/api-double';
import { expect, test, type UiApp } from './ui-fixtures';

const S = 'session-tasks';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

/** A tool call and the task it started, as the host would have reported them. */
function call(n: number, name: string, input: Record<string, unknown>, task: Omit<TaskPatch, 'taskId'>, at: number): SessionEvent[] {
  const id = `tu-${n}`;
  return [
    { kind: 'block', messageId: `m-${n}`, index: 0, block: { type: 'tool_use', id, name, input }, at },
    { kind: 'message-end', messageId: `m-${n}` },
    { kind: 'task', phase: 'started', task: { taskId: `t-${n}`, toolUseId: id, toolName: name, status: 'running', ...task }, at },
  ];
}

function scenario(now: number): SessionEvent[] {
  return [
    { kind: 'user', id: 'u1', text: 'Start the dev server, review the API changes, and run the tests.', at: now - 200_000 },
    ...call(
      1,
      'Bash',
      { command: 'npm run dev -- --port 5173', run_in_background: true },
      { taskType: 'local_bash', description: 'Start the dev server', command: 'npm run dev -- --port 5173', backgrounded: true },
      now - 185_000,
    ),
    ...call(
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
    ...call(
      3,
      'Monitor',
      { description: 'Watch the test log', timeout_ms: 60_000, command: 'tail -f test.log' },
      { taskType: 'local_bash', description: 'Watch the test log', command: 'tail -f test.log', backgrounded: true },
      now - 300_000,
    ),
    { kind: 'task', phase: 'ended', task: { taskId: 't-3', status: 'stopped', summary: 'Watch the test log' }, at: now - 240_000 },
    ...call(
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
    ...call(
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
const outputs = {
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

async function openWithTasks(ui: UiApp, extra: Parameters<typeof doubleOptions>[1] = {}) {
  const view = applyEvents(sessionView(S), scenario(Date.now()));
  await ui.open(doubleOptions(snapshotWith([view]), { keyed: { 'session:taskOutput': outputs }, ...extra }));
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the Tasks panel lists background work with its state, runtime and output; the foreground bar offers Ctrl+B (${scheme})`, async ({
    ui,
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 900 });
    await openWithTasks(ui);
    const bar = page.getByRole('group', { name: 'Running in the foreground' });
    await expect(bar).toContainText('Running in the foreground: Run the test suite');
    await expect(bar).toContainText('Ctrl+B');
    const status = page.getByRole('contentinfo', { name: 'Session status' });
    await expect(status.getByRole('button', { name: /^Tasks 2/ })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `tasks-foreground-bar-${scheme}`) });

    await status.getByRole('button', { name: /^Tasks 2/ }).click();
    const panel = page.getByRole('dialog', { name: /Background tasks/ });
    const rows = panel.getByRole('listitem');
    await expect(rows).toHaveText([/Run the test suite/, /Review the API changes/, /Start the dev server/, /Watch the test log/, /Run the migration/]);
    const server = panel.getByRole('listitem', { name: 'Start the dev server' });
    await expect(server).toContainText('Shell');
    await expect(server).toContainText('Running');
    await expect(server).toContainText(/3 min \d+ s/);
    // The output as plain text: the colour codes are gone.
    await expect(server.getByLabel('Output of Start the dev server')).toContainText('> vite\n\n  VITE v5.4.2  ready in 312 ms');
    const reviewer = panel.getByRole('listitem', { name: 'Review the API changes' });
    await expect(reviewer).toContainText('Subagent');
    await expect(reviewer).toContainText('code-reviewer · Reading src/routes/health.ts · 7 tool uses · 18.4k tokens');
    await expect(reviewer.getByLabel('Latest from Review the API changes')).toContainText('the error path returns 200');
    const monitor = panel.getByRole('listitem', { name: 'Watch the test log' });
    await expect(monitor).toContainText('MonitorWatch the test logStopped');
    await expect(monitor).toContainText("Claude Code cannot read this task's output: no shell or Monitor task with that task_id in this session");
    const failed = panel.getByRole('listitem', { name: 'Run the migration' });
    await expect(failed).toContainText('Failed');
    await expect(failed.getByLabel('Output of Run the migration')).toContainText('relation "users" already exists');
    await expect(panel.getByRole('listitem', { name: 'Run the test suite' })).toContainText('Foreground');
    await page.screenshot({ path: shot(testInfo, `tasks-panel-${scheme}`) });
  });
}

test('Stop and "Run in background" ask the host for that task; a running shell is read again while the panel is open', async ({ ui, page }) => {
  await openWithTasks(ui);
  await page
    .getByRole('toolbar', { name: 'Session settings' })
    .getByRole('button', { name: /^Tasks/ })
    .click();
  const panel = page.getByRole('dialog', { name: /Background tasks/ });
  await panel.getByRole('listitem', { name: 'Start the dev server' }).getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => ui.calls('session:stopTask').then((c) => c.map((x) => x.input))).toEqual([{ id: S, taskId: 't-1' }]);
  await panel.getByRole('listitem', { name: 'Run the test suite' }).getByRole('button', { name: 'Run in background' }).click();
  await expect.poll(() => ui.calls('session:backgroundTasks').then((c) => c.map((x) => x.input))).toEqual([{ id: S, toolUseId: 'tu-5' }]);
  // Running shells are read again and again; ended ones once.
  await expect
    .poll(async () => (await ui.calls('session:taskOutput')).filter((c) => (c.input as { taskId: string }).taskId === 't-1').length)
    .toBeGreaterThan(2);
  expect((await ui.calls('session:taskOutput')).filter((c) => (c.input as { taskId: string }).taskId === 't-4')).toHaveLength(1);
  // Subagents have no output to read: their latest words come from the transcript.
  expect((await ui.calls('session:taskOutput')).some((c) => (c.input as { taskId: string }).taskId === 't-2')).toBe(false);
});

test('Ctrl+B moves everything in the foreground; a refusal is said in Claude Code’s words; with no turn running the key is left alone', async ({
  ui,
  page,
}) => {
  await openWithTasks(ui, {
    replies: {
      'session:backgroundTasks': [
        { ok: false, error: { kind: 'control-error', message: 'Claude Code moved nothing to the background: Background tasks are disabled in this session.' } },
      ],
    },
  });
  const box = page.getByRole('textbox', { name: 'Message Claude' });
  await box.focus();
  await page.keyboard.press('Control+b');
  await expect.poll(() => ui.calls('session:backgroundTasks').then((c) => c.map((x) => x.input))).toEqual([{ id: S }]);
  await expect(page.getByRole('group', { name: 'Running in the foreground' }).getByRole('status')).toHaveText(
    'Claude Code moved nothing to the background: Background tasks are disabled in this session.',
  );
  // The turn ends: the note goes, and Ctrl+B is an ordinary key again.
  await ui.pushSession(S, [
    { kind: 'task', phase: 'ended', task: { taskId: 't-5', status: 'completed' }, at: Date.now() },
    { kind: 'status', status: 'ready' },
  ]);
  await expect(page.getByRole('group', { name: 'Running in the foreground' })).toHaveCount(0);
  await box.fill('ab');
  await page.keyboard.press('Control+b');
  await box.press('c');
  await expect(box).toHaveValue('abc');
  expect(await ui.calls('session:backgroundTasks')).toHaveLength(1);

  // A turn whose command has not become a task yet: Claude Code moves nothing and says nothing, the window says why.
  await page.evaluate(() => window.__clideDouble?.setReplies('session:backgroundTasks', [{ ok: true, value: {} }]));
  await ui.pushSession(S, [{ kind: 'status', status: 'working' }]);
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('group', { name: 'Running in the foreground' }).getByRole('status')).toHaveText(
    'Nothing is running in the foreground that can move yet. Claude Code offers a command for the background a few seconds after it starts.',
  );
  expect(await ui.calls('session:backgroundTasks')).toHaveLength(2);
});
