// The Usage view against the in-page API double: opened from the status bar's cost and from
// the palette; cost and tokens by day, week and month as charts with tables beside them; by
// project with its worktrees, by model, top sessions; what makes turns expensive; the plan's
// limits with their history and when the window runs out; CSV export. Light and dark
// screenshots (test-results/ui-screenshots/), axe in both.
import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { LimitHistory, UsageFigures, UsageReport } from '../../../shared/usage-report';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { seriousViolations } from './axe';
import { expect, test } from './ui-fixtures';

const HOME = '/home/ada';
const REPO = `${HOME}/code/shop`;

const figures = (n: number, reported = 0): UsageFigures => ({
  input: 1200 * n,
  output: 900 * n,
  cacheRead: 40_000 * n,
  cacheWrite: 6000 * n,
  messages: 10 * n,
  reported,
  priced: 0.12 * n,
  unpriced: 0,
});

function report(): UsageReport {
  const days = Array.from({ length: 45 }, (_, i) => {
    const d = new Date(Date.UTC(2026, 0, 1 + i));
    return { day: d.toISOString().slice(0, 10), ...figures(1 + ((i * 7) % 11)) };
  });
  return {
    totals: { ...figures(300), reported: 1.5 },
    days,
    models: [
      { model: 'claude-opus-4-5-20251101', ...figures(200) },
      { model: 'claude-sonnet-4-5-20250929', ...figures(90, 1.5) },
      { model: 'claude-haiku-4-5-20251001', ...figures(10) },
    ],
    projects: [
      {
        root: REPO,
        ...figures(250),
        folders: [
          { folder: REPO, worktree: false, ...figures(200) },
          { folder: `${HOME}/.clide/worktrees/shop-checkout`, worktree: true, ...figures(50) },
        ],
      },
      { root: `${HOME}/notes`, ...figures(50), folders: [{ folder: `${HOME}/notes`, worktree: false, ...figures(50) }] },
    ],
    sessions: [
      {
        sessionId: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a70',
        title: 'Checkout refactor',
        folder: REPO,
        first: Date.UTC(2026, 1, 10),
        last: Date.UTC(2026, 1, 12),
        ...figures(80),
      },
      {
        sessionId: '5e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a70',
        title: 'Fix the flaky test',
        folder: `${HOME}/notes`,
        first: Date.UTC(2026, 1, 1),
        last: Date.UTC(2026, 1, 2),
        ...figures(30),
      },
    ],
    contributors: [
      { kind: 'cache-misses', cost: 12.4, share: 0.34 },
      { kind: 'long-context', cost: 8.1, share: 0.22 },
      { kind: 'subagents', cost: 4.2, share: 0.12 },
      { kind: 'tool-output', cost: 1.3, share: 0.04 },
    ],
    pricing: { date: '2026-01-15', source: 'https://docs.anthropic.com/en/docs/about-claude/pricing' },
    progress: { state: 'idle', filesDone: 120, filesTotal: 120 },
  };
}

const NOW = Date.now();
const H = 3600_000;
const limits: LimitHistory = {
  now: [
    { key: 'five_hour', percent: 42, resetsAt: NOW + 3 * H },
    { key: 'seven_day', percent: 18, resetsAt: NOW + 4 * 24 * H },
  ],
  samples: [0, 1, 2, 3].map((i) => ({
    at: NOW - (3 - i) * H,
    windows: [
      { key: 'five_hour', percent: 12 + i * 10, resetsAt: NOW + 3 * H },
      { key: 'seven_day', percent: 15 + i, resetsAt: NOW + 4 * 24 * H },
    ],
  })),
  estimates: [
    { key: 'five_hour', perHour: 10, runsOutAt: NOW + 5.8 * H, resetsAt: NOW + 3 * H },
    { key: 'seven_day', perHour: 1, resetsAt: NOW + 4 * 24 * H },
  ],
};

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

const options = () =>
  doubleOptions(snapshotWith([sessionView('a', { cwd: REPO, status: 'ready', costUsd: 0.42 })], { homeDir: HOME }), {
    replies: { 'usage:report': [{ ok: true, value: report() }], 'usage:limits': [{ ok: true, value: limits }] },
  });

for (const scheme of ['light', 'dark'] as const) {
  test(`the Usage view: charts with tables, projects with worktrees, models, sessions, what costs, limits (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1200, height: 950 });
    await ui.open(options());
    await page.getByRole('button', { name: '$0.42' }).click();
    const view = page.getByRole('dialog', { name: 'Usage' });
    await expect(view).toBeVisible();
    await expect(view).toContainText('Cache hit rate');
    await expect(view).toContainText('as Claude Code reported');
    await expect(view).toContainText('priced by clide');
    // Two charts over time and the limits' history, each an image named for its table.
    await expect(view.getByRole('img', { name: /Cost by day/ }).locator('canvas')).toHaveCount(1);
    await expect(view.getByRole('img', { name: /Tokens by day/ }).locator('canvas')).toHaveCount(1);
    await expect(view.getByRole('img', { name: /Plan limits used over time/ }).locator('canvas')).toHaveCount(1);
    const byDay = view.getByRole('table', { name: 'By day' });
    await expect(byDay.getByRole('row')).toHaveCount(46);
    await view.getByRole('radio', { name: 'Month' }).check();
    await expect(view.getByRole('table', { name: 'By month' }).getByRole('row')).toHaveCount(3);
    await view.getByRole('radio', { name: 'Week' }).check();
    await expect(view.getByRole('table', { name: 'By week' }).getByRole('rowheader').first()).toHaveText(/^2026-02-09$/);

    const projects = view.getByRole('table', { name: 'By project, with its worktrees' });
    await expect(projects.getByRole('rowheader')).toHaveText(['~/code/shop', '↳ ~/code/shop', '↳ ~/.clide/worktrees/shop-checkout (worktree)', '~/notes']);
    await expect(view.getByRole('table', { name: 'By model' }).getByRole('row', { name: /sonnet/ })).toContainText('(reported)');
    await expect(view.getByRole('table', { name: 'The most expensive sessions' }).getByRole('rowheader').first()).toContainText('Checkout refactor');
    await expect(view.getByRole('listitem').filter({ hasText: 'Cache misses' })).toContainText('34% of all cost');
    await expect(view.getByRole('listitem').filter({ hasText: 'Session (5 hours)' })).toContainText('42% used');
    await expect(view.getByRole('listitem').filter({ hasText: 'Session (5 hours)' })).toContainText('it runs out');
    await expect(view.getByRole('listitem').filter({ hasText: 'Weekly' })).toContainText('lasts until it resets');

    // The live limits are asked of the shown, running session.
    expect((await ui.calls('usage:limits')).at(-1)?.input).toEqual({ id: 'a' });
    await page.screenshot({ path: shot(testInfo, `usage-view-${scheme}`), animations: 'disabled' });
    await view.locator('.usage-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.screenshot({ path: shot(testInfo, `usage-view-limits-${scheme}`), animations: 'disabled' });
    expect(await seriousViolations(page, `the Usage view (${scheme})`)).toEqual([]);
  });
}

test('the palette opens Usage, and a table exports as CSV', async ({ ui, page }) => {
  await ui.open(options());
  await page.keyboard.press('Control+k');
  await page.keyboard.type('usage');
  await page.keyboard.press('Enter');
  const view = page.getByRole('dialog', { name: 'Usage' });
  await expect(view.getByRole('table', { name: 'By day' })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), view.getByRole('button', { name: 'Export CSV' }).first().click()]);
  expect(download.suggestedFilename()).toBe('clide-usage-by-day.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8').split('\r\n');
  expect(csv[0]).toBe(
    'Day,input tokens,output tokens,cache read tokens,cache write tokens,messages,cost as Claude Code reported (USD),cost priced by clide (USD)',
  );
  expect(csv[1]).toBe('2026-01-01,1200,900,40000,6000,10,0.0000,0.1200');
  expect(csv).toHaveLength(47);
});
