// The split view survives a restart, end to end through the browser host: three tabs, two of
// them in the right pane, the divider moved and the right pane focused. The host keeps that in
// its sessions file (tabs by position); a new host on the same data dir reopens the tabs and the
// page shows them split the same way. Closing the split is kept too.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { text } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { startWebHost, survivors, type WebHostProcess } from '../support/web-host';
import { hostClient, value } from './tabs-host-client';

let sandbox: CliSandbox | undefined;
const hosts: WebHostProcess[] = [];

test.afterEach(async () => {
  const pids = hosts.flatMap((h) => h.claudePids());
  for (const h of hosts.splice(0)) await h.stop('SIGTERM');
  for (const pid of survivors(pids)) process.kill(pid, 'SIGKILL');
  await sandbox?.cleanup();
  sandbox = undefined;
});

async function start(): Promise<WebHostProcess> {
  const host = await startWebHost({ cwd: sandbox!.cwd, env: sandbox!.env, args: ['--no-build'] });
  hosts.push(host);
  return host;
}

function savedSplit(): unknown {
  const file = path.join(sandbox!.home, '.local', 'state', 'clide', 'web', 'sessions.json');
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { split?: unknown }).split ?? null;
  } catch {
    return undefined;
  }
}

const mod = process.platform === 'darwin' ? 'Meta' : 'Control';
const pane = (page: Page, side: 'Left' | 'Right') => page.getByRole('region', { name: new RegExp(`^${side} pane`) });

test('the split view, its tabs, divider and focused pane come back after the host restarts', async ({ page }) => {
  sandbox = await cliSandbox(() => text('(no prompt expected)'));
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`uncaught: ${err.message}`));
  const first = await start();
  await page.goto(first.url);
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');
  await expect(tabs).toHaveCount(1);
  const client = hostClient(first);
  await value('session:create', client.session.create({}));
  await value('session:create', client.session.create({}));
  client.dispose();
  await expect(tabs).toHaveCount(3);
  const ids = await tabs.evaluateAll((els) => els.map((e) => e.id.replace(/^tab-/, '')));

  // Tab 2 to the right pane, then tab 3 with it; the divider at 40%; the right pane focused.
  await tabs.nth(1).click();
  await page.keyboard.press(`${mod}+Backslash`);
  await expect(pane(page, 'Right')).toHaveAccessibleName('Right pane, focused');
  await tabs.nth(2).click();
  await expect(pane(page, 'Left')).toHaveAccessibleName('Left pane, focused');
  await page.keyboard.press(`${mod}+Shift+Backslash`);
  await expect(pane(page, 'Right')).toHaveAccessibleName('Right pane, focused');
  const bar = page.getByRole('separator', { name: 'Resize the panes' });
  await bar.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(bar).toHaveAttribute('aria-valuenow', '40');
  // On disk within a moment, by tab position: tab 1 left, tabs 2 and 3 right, tab 3 focused.
  await expect.poll(savedSplit).toEqual({ right: [1, 2], shown: { left: 0, right: 2 }, ratio: 0.4 });

  await first.stop('SIGTERM');
  const second = await start();
  await page.goto(second.url);
  await expect(tabs).toHaveCount(3);
  await expect(pane(page, 'Right')).toHaveAccessibleName('Right pane, focused');
  await expect(pane(page, 'Left')).toBeVisible();
  await expect(page.getByRole('separator', { name: 'Resize the panes' })).toHaveAttribute('aria-valuenow', '40');
  await expect(tabs.nth(0)).toHaveAccessibleName(/shown in the left pane/);
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(2)).toHaveAccessibleName(/shown in the right pane/);
  await expect(tabs.nth(1)).toHaveAccessibleName(/in the right pane/);
  expect(ids).toHaveLength(3);

  // Closing the split is kept as well.
  await page.keyboard.press(`${mod}+Backslash`);
  await expect(pane(page, 'Right')).toHaveCount(0);
  await expect.poll(savedSplit).toBe(null);
  expect(errors).toEqual([]);
});
