// The Tasks panel, its entries and the foreground bar in the built renderer, against the in-page
// API double: what they show of a session's background work, what each control asks of the host,
// Ctrl+B, Claude Code's refusal in words, and screenshots in light and dark
// (test-results/ui-screenshots/) for people to look at.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { taskOutputs, tasksScenario } from './tasks-scenarios';
import { expect, test, type UiApp } from './ui-fixtures';

const S = 'session-tasks';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

async function openWithTasks(ui: UiApp, extra: Parameters<typeof doubleOptions>[1] = {}) {
  const view = applyEvents(sessionView(S), tasksScenario(Date.now()));
  await ui.open(doubleOptions(snapshotWith([view]), { keyed: { 'session:taskOutput': taskOutputs }, ...extra }));
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
    await page.screenshot({ path: shot(testInfo, `tasks-foreground-bar-${scheme}`), animations: 'disabled' });

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
    await page.screenshot({ path: shot(testInfo, `tasks-panel-${scheme}`), animations: 'disabled' });
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
