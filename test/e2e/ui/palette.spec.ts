// The command palette (Ctrl/Cmd+K) against the in-page API double: sessions, actions, modes and
// past sessions reached by typing a few letters, and what each choice asks of the host.
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { HistorySession } from '../../../shared/history';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { expect, test } from './ui-fixtures';

const HOME = '/home/ada';
const two = () =>
  snapshotWith([sessionView('a', { cwd: `${HOME}/code/api-server` }), sessionView('b', { cwd: `${HOME}/code/web-ui`, status: 'working' })], { homeDir: HOME });
const pastSession: HistorySession = {
  sessionId: '11111111-2222-4333-8444-555555555555',
  title: 'Why does the login redirect loop?',
  named: false,
  lastActivity: Date.now() - 3_600_000,
  messageCount: 12,
  bytes: 40_000,
  cutOff: false,
  cwd: `${HOME}/code/api-server`,
};

async function listHistory(page: Page): Promise<void> {
  await page.evaluate((s) => window.__clideDouble?.setReplies('history:list', [{ ok: true, value: { sessions: [s] } }]), pastSession);
}

async function palette(page: Page) {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  const field = dialog.getByRole('combobox', { name: 'Search commands, sessions and past sessions' });
  await expect(field).toBeFocused();
  return { dialog, field };
}

test('Ctrl+K finds a tab, a mode, Settings and a past session by a few letters', async ({ ui, page }) => {
  await ui.open(doubleOptions(two()));
  await listHistory(page);

  let { dialog, field } = await palette(page);
  await expect(dialog.getByRole('option').first()).toHaveText(/Shown: api-server/);
  await field.fill('web');
  await expect(dialog.getByRole('option').first()).toContainText('Go to web-ui');
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('tab', { name: 'web-ui' })).toHaveAttribute('aria-selected', 'true');

  // The shown tab is working: Stop is offered; arrows move the choice.
  ({ dialog, field } = await palette(page));
  await field.fill('stop');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Stop the turn');
  await field.press('Enter');
  await expect.poll(() => ui.calls('session:interrupt')).toEqual([{ channel: 'session:interrupt', input: { id: 'b' } }]);

  ({ dialog, field } = await palette(page));
  await field.fill('mode');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Switch to Plan mode');
  await field.press('ArrowDown');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Switch to Accept edits');
  await field.press('ArrowUp');
  await expect(dialog.getByRole('option', { selected: true })).toContainText('Switch to Plan mode');
  await field.press('Enter');
  await expect.poll(() => ui.calls('session:setPermissionMode')).toEqual([{ channel: 'session:setPermissionMode', input: { id: 'b', mode: 'plan' } }]);

  ({ dialog, field } = await palette(page));
  await field.fill('login');
  await dialog.getByRole('option', { name: /Resume “Why does the login redirect loop\?”/ }).click();
  await expect.poll(async () => (await ui.calls('session:create')).map((c) => c.input)).toEqual([{ resume: pastSession.sessionId, cwd: pastSession.cwd }]);

  ({ field } = await palette(page));
  await field.fill('find');
  await field.press('Enter');
  await expect(page.getByRole('search', { name: 'Find in transcript' }).getByRole('searchbox')).toBeFocused();
  await page.keyboard.press('Escape');

  ({ field } = await palette(page));
  await field.fill('sett');
  await field.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
});

test('Esc closes the palette and gives focus back; nothing matching says so', async ({ ui, page }) => {
  await ui.open(doubleOptions(two()));
  await listHistory(page);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.focus();
  const { dialog, field } = await palette(page);
  await field.fill('qqqq');
  await expect(dialog.getByRole('status')).toHaveText('Nothing matches “qqqq”.');
  await field.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(composer).toBeFocused();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the palette, as it looks (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 760 });
    await ui.open(doubleOptions(two()));
    await listHistory(page);
    const { dialog } = await palette(page);
    await expect(dialog.getByRole('option').nth(4)).toBeVisible();
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `palette-${scheme}.png`), animations: 'disabled' });
  });
}

test('a past session the palette cannot resume opens History, which says why', async ({ ui, page }) => {
  await ui.open(doubleOptions(two()));
  await listHistory(page);
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('session:create', [
      { ok: false, error: { kind: 'invalid-input', message: 'The folder /home/ada/code/api-server does not exist.', hint: 'Choose another folder.' } },
    ]),
  );
  const { dialog, field } = await palette(page);
  await field.fill('login');
  await dialog.getByRole('option', { name: /Resume “Why does the login redirect loop\?”/ }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history).toBeVisible();
  await expect(history).toContainText('Could not open that session. The folder /home/ada/code/api-server does not exist. Choose another folder.');
  await expect(page.getByRole('tab')).toHaveCount(2);
});
