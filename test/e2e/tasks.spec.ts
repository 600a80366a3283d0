// Background work through the browser host on the real CLI: the status bar counts what runs and
// opens the Tasks panel, which shows a command's output as it comes and stops it; Ctrl+B moves the
// running foreground command to the background; a task that finishes while its tab is hidden is
// a notification.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { lastToolResults, lastUserText, text, toolUse, type Responder } from '../support/fake-api';
import { expect, test } from './fixtures';

const shot = (name: string) => path.join(test.info().project.outputDir, 'tasks-screenshots', `${name}.png`);
const count = (word: string, n: number) => `for i in $(seq 1 ${n}); do echo ${word}-$i; sleep 1; done`;

const script: Responder = (req) => {
  if (lastToolResults(req.body).length > 0) return text('Noted.');
  const said = lastUserText(req.body);
  if (said.includes('<task-notification>')) return text('The count finished.');
  if (said.includes('background count')) return toolUse('Bash', { command: count('line', 60), description: 'Count slowly', run_in_background: true });
  // Runs until the test creates the flag file: it ends exactly when the test wants.
  if (said.includes('wait for the flag'))
    return toolUse('Bash', {
      command: 'f=go.flag; until [ -e $f ]; do sleep 0.2; done; echo flag seen',
      description: 'Wait for the flag',
      run_in_background: true,
    });
  if (said.includes('foreground count')) return toolUse('Bash', { command: count('fg', 60), description: 'Count in the foreground' });
  return text('ok');
};

async function ask(page: Page, prompt: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message Claude' });
  await box.fill(prompt);
  await box.press('Enter');
  // The counting command needs the person's permission.
  await page.getByRole('dialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow', exact: true }).click();
}

const statusBar = (page: Page) => page.getByRole('contentinfo', { name: 'Session status' });

test('the status bar counts a background command; the Tasks panel shows its output as it comes, and Stop ends it', async ({ page, clide }) => {
  const started = await clide.start();
  started.sandbox.api.script(script);
  await clide.open(page, started);
  await ask(page, 'Start a background count');
  const item = statusBar(page).getByRole('button', { name: 'Tasks 1' });
  await expect(item).toBeVisible();
  await item.click();

  const panel = page.getByRole('dialog', { name: /Background tasks/ });
  const row = panel.getByRole('listitem', { name: 'Count slowly' });
  await expect(row).toContainText('Shell');
  await expect(row).toContainText('Running');
  await expect(row).toContainText('for i in $(seq 1 60)');
  // Read again while the panel is open: later lines arrive without any click.
  const output = row.getByLabel('Output of Count slowly');
  await expect(output).toContainText('line-1');
  await expect(output).toContainText('line-3');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(`tasks-panel-${scheme}`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await row.getByRole('button', { name: 'Stop' }).click();
  await expect(row).toContainText('Stopped');
  await expect(row.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(statusBar(page).getByRole('button', { name: /^Tasks/ })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
});

test('Ctrl+B moves the running foreground command to the background, and the turn goes on', async ({ page, clide }) => {
  const started = await clide.start();
  started.sandbox.api.script(script);
  await clide.open(page, started);
  await ask(page, 'Run a foreground count');
  // Claude Code offers a command for the background a few seconds after it starts.
  const bar = page.getByRole('group', { name: 'Running in the foreground' });
  await expect(bar).toContainText('Running in the foreground: Count in the foreground', { timeout: 30_000 });
  await page.screenshot({ path: shot('foreground-bar-light'), animations: 'disabled' });
  await page.keyboard.press('Control+b');

  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Noted.');
  await expect(statusBar(page).getByText(/^Ready$/)).toBeVisible();
  await expect(statusBar(page).getByRole('button', { name: 'Tasks 1' })).toBeVisible();
  // The model was told it moved.
  expect(JSON.stringify(started.sandbox.api.turns().at(-1)?.body.messages)).toContain('manually backgrounded');

  // The palette opens the panel too; the command runs on there.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: /command/i }).fill('background tasks');
  await page.keyboard.press('Enter');
  const row = page.getByRole('dialog', { name: /Background tasks/ }).getByRole('listitem', { name: 'Count in the foreground' });
  await expect(row).toContainText('Running');
  await expect(row.getByLabel('Output of Count in the foreground')).toContainText('fg-');
  await row.getByRole('button', { name: 'Stop' }).click();
  await expect(row).toContainText('Stopped');
});

test('a background command that finishes while its tab is hidden is a notification', async ({ page, clide }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __notes: Array<{ title: string; body?: string }> };
    w.__notes = [];
    class RecordingNotification {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      onclick: (() => void) | null = null;
      onclose: (() => void) | null = null;
      constructor(title: string, options: { body?: string } = {}) {
        w.__notes.push({ title, body: options.body });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
    document.hasFocus = () => true;
  });
  const started = await clide.start();
  started.sandbox.api.script(script);
  const other = path.join(started.sandbox.cwd, 'other');
  fs.mkdirSync(other);
  await clide.open(page, started);
  await ask(page, 'Please wait for the flag');
  await expect(statusBar(page).getByRole('button', { name: 'Tasks 1' })).toBeVisible();

  // Another tab comes to the front while the count runs.
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByRole('combobox', { name: 'Working folder' }).fill(`${other}/`);
  await dialog.getByRole('combobox', { name: 'Working folder' }).press('Enter');
  await expect(page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
  fs.writeFileSync(path.join(started.sandbox.cwd, 'go.flag'), '');

  const notes = () => page.evaluate(() => (window as unknown as { __notes: Array<{ title: string; body?: string }> }).__notes);
  await expect
    .poll(notes, { timeout: 30_000 })
    .toContainEqual({ title: 'work: a background task finished', body: 'Background command "Wait for the flag" completed (exit code 0)' });
});
