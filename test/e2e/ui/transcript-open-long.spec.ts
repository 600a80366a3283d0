// Opening a long session lands at its very last line and stays there while what arrives late
// grows the entries on screen: the full entries replacing their stand-ins, markdown formatted
// a moment after its words, code highlighted in the worker, rows measured taller than guessed.
// Ten opens in five fresh pages (the first opening pays for every part loaded on demand): the
// page starting with the session as its shown tab, and the session opened again from History
// after that tab closed. Every one must end at the bottom, with no "Jump to latest".
import type { Page } from '@playwright/test';
import { syntheticEvents, syntheticView } from '../../../bench/renderer/synthetic';
import type { SessionEvent } from '../../../shared/events';
import { doubleOptions, installApiDouble, sessionView, snapshotWith } from '../../support/api-double';
import { transcriptStill } from './transcript-still';
import { expect, test } from './ui-fixtures';

const N = 2000;
const OPENS = 10;

const earlier: SessionEvent[] = [...syntheticEvents(N), { kind: 'info', info: { loadingEarlier: false } }];

/**
 * Open the long session as History does: its tab comes and is shown at once, saying it is
 * loading the earlier conversation, which the host then replays into it in one go.
 */
async function open(page: Page, id: string): Promise<void> {
  const shown = sessionView(id, { cwd: `/home/ada/code/${id}`, status: 'not-started' });
  const tab = { ...shown, info: { ...shown.info, loadingEarlier: true } };
  await page.evaluate((view) => window.__clideDouble?.push([{ type: 'session-created', session: { id: view.id, view } }]), tab);
  await page.getByRole('tab', { name: new RegExp(id) }).click();
  await expect(page.getByText('Loading the earlier conversation…')).toBeVisible();
  await page.evaluate(([sid, events]) => window.__clideDouble?.pushSession(sid, events), [id, earlier] as const);
}

/** Where the view ended up once everything on screen is drawn in full. */
async function landing(page: Page) {
  const scroller = page.locator('.transcript-scroller:visible');
  await expect(scroller.locator('.transcript-row').last()).toHaveAttribute('data-row-id', `e${N - 1}`);
  await transcriptStill(page);
  return scroller.evaluate((el) => {
    const last = el.querySelector('.transcript-row:last-of-type');
    const box = el.getBoundingClientRect();
    return {
      gap: el.scrollHeight - el.scrollTop - el.clientHeight,
      lastBottomBelow: last ? last.getBoundingClientRect().bottom - box.bottom : Number.NaN,
      jump: document.querySelector('.jump-latest') !== null,
    };
  });
}

test('a 2,000-entry session opens at its last line, ten times out of ten', async ({ browser, rendererUrl }) => {
  test.setTimeout(300_000);
  // The page starts with the long session as its shown tab (as after a restart)...
  const restored = syntheticView('long-restored', N, '/home/ada/code/long-restored');
  const options = doubleOptions(snapshotWith([restored, sessionView('small', { cwd: '/home/ada/code/small' })]));
  const results: Array<{ gap: number; lastBottomBelow: number; jump: boolean }> = [];
  for (let round = 0; round < OPENS / 2; round++) {
    // A fresh page each time: its first opening loads the transcript's parts, the formatter and
    // the highlighting worker as they are needed.
    const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(err.message));
    await page.addInitScript(installApiDouble, options);
    await page.goto(rendererUrl);
    await expect(page.getByRole('tab', { name: /long-restored/ })).toHaveAttribute('aria-selected', 'true');
    results.push(await landing(page));
    // ...then that tab is closed and the session opened again from History, in a new tab.
    await page.evaluate((id) => window.__clideDouble?.push([{ type: 'session-closed', id }]), 'long-restored');
    await expect(page.getByRole('tab', { name: /long-restored/ })).toHaveCount(0);
    await open(page, 'long-again');
    results.push(await landing(page));
    expect(problems, 'errors on the page').toEqual([]);
    await context.close();
  }
  // All ten reported together, so a miss says how many of the ten missed.
  expect(results.filter((r) => r.jump || r.gap > 2 || r.lastBottomBelow > 2)).toEqual([]);
});
