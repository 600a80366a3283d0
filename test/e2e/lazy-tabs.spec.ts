// Tabs that cost nothing until used, through the browser host and the real CLI: several open
// tabs keep at most one `claude` (the first tab of a first run starts to learn what the CLI
// offers); a new tab looks ready, with its model and commands, before any process; sending in
// one starts its process; after CLIDE_IDLE_PARK_SECONDS it shows "Parked" on its tab and in the
// status bar, and sending again resumes the conversation (the model sees the earlier messages).
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { lastUserText, text } from '../support/fake-api';
import { expect, test } from './fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

async function newSessionInRecent(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByRole('region', { name: 'Recent folders' }).getByRole('button').first().click();
  // If it stays open, say what it shows (an error, a button still busy): CI keeps only this text.
  await expect(dialog)
    .toBeHidden()
    .catch(async (err: Error) => {
      const shown = await dialog.innerText().catch(() => '(gone)');
      const busy = await dialog.locator('button:disabled').count();
      throw new Error(`${err.message}\nThe dialog still showed (${busy} buttons disabled):\n${shown}`);
    });
}

test('several tabs, at most one process; a used tab parks when idle and resumes by sending', async ({ page, clide }, testInfo) => {
  // No spare here (the fixture's default), so every process counted is a tab's own.
  const started = await clide.start({ env: { CLIDE_IDLE_PARK_SECONDS: '3' } });
  const { sandbox, host } = started;
  sandbox.api.script((req) => {
    const last = lastUserText(req.body);
    if (last.includes('remember the kiwi')) return text('I will remember the kiwi.');
    if (last.includes('what fruit')) return text('It was the kiwi.');
    return text('ok');
  });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1100, height: 700 });
  await clide.open(page, started);
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');
  await expect(tabs).toHaveCount(1);
  const status = page.getByRole('contentinfo', { name: 'Session status' });
  // Nothing cached on a first run: this tab starts at once and its answer fills the others.
  await expect(status.getByText(/^CLI \d/)).toBeVisible();

  for (let i = 0; i < 3; i++) await newSessionInRecent(page);
  await expect(tabs).toHaveCount(4);
  expect(host.claudePids().length).toBeLessThanOrEqual(1);
  // A new tab before any process: ready, with the model, the mode and the CLI version shown.
  await expect(status.locator('.sb-status')).toHaveText('Ready');
  await expect(status.getByText(/^CLI \d/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'New session' }).getByText('Default mode')).toBeVisible();
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('/');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await composer.fill('');
  expect(host.claudePids().length).toBeLessThanOrEqual(1);

  // Sending starts this tab's process.
  await composer.fill('Please remember the kiwi');
  await composer.press('Enter');
  await expect(page.getByRole('log', { name: 'Transcript' }).getByText('I will remember the kiwi.')).toBeVisible();
  expect(host.claudePids().length).toBeGreaterThanOrEqual(1);

  // Idle for CLIDE_IDLE_PARK_SECONDS: parked, on the tab and in the status bar; no process left.
  const shown = tabs.nth(3);
  await expect(status.locator('.sb-status')).toHaveText('Parked', { timeout: 20_000 });
  await expect(page.locator('.tab[data-active] .tab-marker')).toHaveClass(/marker-parked/);
  await expect(shown).toHaveAttribute('title', /parked/);
  await expect.poll(() => host.claudePids().length, { timeout: 20_000 }).toBe(0);
  await page.screenshot({ path: shot(testInfo, 'parked-light'), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: shot(testInfo, 'parked-dark'), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'light' });

  // The next message resumes the same conversation, shown once.
  const turns = sandbox.api.turns().length;
  await composer.fill('So what fruit was it?');
  await composer.press('Enter');
  await expect(page.getByRole('log', { name: 'Transcript' }).getByText('It was the kiwi.')).toBeVisible();
  expect(JSON.stringify(sandbox.api.turns().slice(turns)[0]!.body.messages)).toContain('remember the kiwi');
  await expect(page.getByRole('log', { name: 'Transcript' }).getByText('Please remember the kiwi', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('log', { name: 'Transcript' }).getByText('I will remember the kiwi.')).toHaveCount(1);
  expect(host.claudePids()).toHaveLength(1);
});
