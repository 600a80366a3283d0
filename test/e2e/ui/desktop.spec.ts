// The desktop app as an app, in the window: folders handed to clide open as tabs (a folder that
// cannot be opened is said, nothing else lost), the update notices, "Check for updates" in the
// palette, the update settings; and screenshots of the notices and settings, light and dark.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { UpdateState } from '../../../shared/desktop';
import { defaultSettings } from '../../../shared/settings';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { expect, test } from './ui-fixtures';

const HOME = '/home/ada';
const MISSING = {
  kind: 'error',
  message: 'clide could not open “/home/ada/code/gone”: there is no such folder.',
  hint: 'Check the spelling, or create the folder first.',
} as const;

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

const update = (state: UpdateState) => ({ type: 'update-state' as const, state });

test('folders the app was started with open as tabs, instead of the empty first tab; a missing one is said', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([], { homeDir: HOME }), {
      replies: {
        'app:takeLaunchRequests': [
          { ok: true, value: { requests: [{ kind: 'open', cwd: `${HOME}/code/api` }, MISSING] } },
          { ok: true, value: { requests: [] } },
        ],
      },
    }),
  );
  await expect(page.getByRole('alert')).toContainText('clide could not open “/home/ada/code/gone”: there is no such folder.');
  await expect.poll(async () => (await ui.calls('session:create')).map((c) => c.input)).toEqual([{ cwd: `${HOME}/code/api` }]);
  await expect(page.getByRole('tab')).toHaveCount(1);
  await page.getByRole('alert').getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a second launch hands a folder to the running window: a new tab, shown', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView('a', { cwd: `${HOME}/code/api` })], { homeDir: HOME })));
  await expect(page.getByRole('tab')).toHaveCount(1);
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('app:takeLaunchRequests', [
      { ok: true, value: { requests: [{ kind: 'open', cwd: '/home/ada/code/web' }] } },
      { ok: true, value: { requests: [] } },
    ]),
  );
  await ui.push([{ type: 'launch-requests' }]);
  await expect.poll(async () => (await ui.calls('session:create')).map((c) => c.input)).toEqual([{ cwd: `${HOME}/code/web` }]);
  await expect(page.getByRole('tab')).toHaveCount(2);
  await expect(page.getByRole('tab', { selected: true })).toContainText('web');
});

test('an update ready: Restart now is refused with the reason while Claude works, and installs when idle', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([sessionView('a', { cwd: `${HOME}/code/api` })], { homeDir: HOME, host: 'electron' }), {
      replies: {
        'app:restartToUpdate': [
          {
            ok: false,
            error: {
              kind: 'session-busy',
              message: 'Claude is still working in a tab, so clide will not restart now.',
              hint: 'Restart once the turn has finished (or stop it). The update is also installed whenever clide quits.',
            },
          },
          { ok: true, value: {} },
        ],
      },
    }),
  );
  // A background check downloading shows nothing yet.
  await ui.push([update({ phase: 'downloading', version: '0.2.0', percent: 40, shown: false })]);
  await ui.push([update({ phase: 'ready', version: '0.2.0', shown: true })]);
  const notice = page.getByRole('status', { name: 'Updates' });
  await expect(notice).toContainText('Update ready: restart to install clide 0.2.0.');
  await notice.getByRole('button', { name: 'Restart now' }).click();
  await expect(notice).toContainText('Claude is still working in a tab, so clide will not restart now.');
  await notice.getByRole('button', { name: 'Restart now' }).click();
  await expect.poll(async () => (await ui.calls('app:restartToUpdate')).length).toBe(2);
});

test('"Check for updates" in the palette says how it went; in the browser host, that updates do not apply', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([sessionView('a')], { homeDir: HOME }), {
      replies: {
        'app:checkForUpdates': [
          { ok: true, value: { phase: 'unsupported', shown: true } },
          { ok: true, value: { phase: 'up-to-date', shown: true } },
        ],
        'app:dismissUpdate': [{ ok: true, value: { phase: 'up-to-date', shown: false } }],
      },
    }),
  );
  const check = async () => {
    await page.keyboard.press('Control+k');
    const field = page.getByRole('combobox', { name: 'Search commands, sessions and past sessions' });
    await field.fill('updates');
    await expect(page.getByRole('option').first()).toContainText('Check for updates');
    await field.press('Enter');
  };
  await check();
  const notice = page.getByRole('status', { name: 'Updates' });
  await expect(notice).toContainText('Updates apply to the desktop app. The browser host runs the code of your checkout');
  await check();
  await expect(notice).toHaveText(/You're up to date\./);
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});

test('a failed check is said in plain words, as an alert', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView('a')], { homeDir: HOME, host: 'electron' })));
  await ui.push([update({ phase: 'error', message: 'clide could not reach the update server. Check your connection, then try again.', shown: true })]);
  await expect(page.getByRole('alert')).toHaveText(/clide could not reach the update server\. Check your connection, then try again\./);
});

test('Settings: check automatically, and the update source with its address (desktop app only)', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView('a')], { homeDir: HOME, host: 'electron' })));
  await page.keyboard.press('Control+,');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const auto = dialog.getByRole('checkbox', { name: 'Check for updates automatically' });
  await expect(auto).toBeChecked();
  await auto.uncheck();
  await expect.poll(async () => (await ui.calls('settings:update')).map((c) => c.input)).toEqual([{ updates: { auto: false } }]);
  await dialog.getByRole('radio', { name: 'Your organisation’s update server' }).check();
  const address = dialog.getByRole('textbox', { name: 'Update server address' });
  await address.fill('https://updates.example.com/clide/');
  await address.press('Enter');
  await expect
    .poll(async () => (await ui.calls('settings:update')).map((c) => c.input))
    .toEqual([{ updates: { auto: false } }, { updates: { source: 'generic' } }, { updates: { url: 'https://updates.example.com/clide/' } }]);
});

test('Settings in the browser host have no update section', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView('a')], { homeDir: HOME })));
  await page.keyboard.press('Control+,');
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('checkbox', { name: 'When Claude finishes a turn' })).toBeVisible();
  await expect(dialog.getByText('Check for updates automatically')).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots: the notices and the update settings (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 760 });
    await ui.open(
      doubleOptions(snapshotWith([sessionView('a', { cwd: `${HOME}/code/api` })], { homeDir: HOME, host: 'electron' }), {
        settings: { ...defaultSettings(), updates: { auto: true, source: 'generic', url: 'https://updates.example.com/clide/' } },
        replies: {
          'app:takeLaunchRequests': [
            { ok: true, value: { requests: [MISSING] } },
            { ok: true, value: { requests: [] } },
          ],
        },
      }),
    );
    await ui.push([update({ phase: 'ready', version: '0.2.0', shown: true })]);
    await expect(page.getByRole('status', { name: 'Updates' })).toBeVisible();
    await expect(page.getByRole('alert')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: shot(testInfo, `desktop-notices-${scheme}`), animations: 'disabled' });
    await page.keyboard.press('Control+,');
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByRole('checkbox', { name: 'Check for updates automatically' }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole('textbox', { name: 'Update server address' })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `update-settings-${scheme}`), animations: 'disabled' });
  });
}
