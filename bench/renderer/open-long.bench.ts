// bench-figures: R11
// R11: opening a 2,000-entry session lands at its very last line and stays there while late
// content grows (the full entries replacing their stand-ins, markdown formatted a moment after
// its words, code highlighted in the worker, rows measured taller than guessed). Ten opens, each
// in a fresh page (so each pays for the parts loaded on demand), measured 2 s after the click
// as the issue states it: at the bottom (within 2 px) with no "Jump to latest". The figure is
// opens / opens that landed, target 1 (ten of ten). test/e2e/ui/transcript-open-long.spec.ts
// checks the same in the e2e suite, waiting for the view to settle instead of a fixed 2 s.
import { log, report, wanted } from '../core/lib';
import { addSession, startBench } from './harness';

const N = 2000;
const OPENS = 10;
const AFTER_MS = 2000;

if (wanted('R11')) {
  const b = await startBench(process.cwd());
  try {
    const misses: string[] = [];
    for (let i = 0; i < OPENS; i++) {
      const page = await b.open();
      await addSession(page, N);
      await page.getByRole('tab', { name: /session-2000/ }).click();
      await page.locator('.transcript-scroller:visible .transcript-row').first().waitFor({ timeout: 60_000 });
      // The figure is defined at a fixed time after the open (issue #19), not at a settled view.
      await page.waitForTimeout(AFTER_MS);
      const at = await page.locator('.transcript-scroller:visible').evaluate((el) => {
        const rows = el.querySelectorAll('.transcript-row');
        const last = rows[rows.length - 1];
        return {
          gap: Math.round(el.scrollHeight - el.scrollTop - el.clientHeight),
          lastId: last?.getAttribute('data-row-id') ?? '',
          jump: document.querySelector('.jump-latest') !== null,
        };
      });
      const landed = at.gap <= 2 && !at.jump && at.lastId === `e${N - 1}`;
      log(`R11 open ${i + 1}: ${landed ? 'at the bottom' : `short by ${at.gap} px, last row ${at.lastId}${at.jump ? ', Jump to latest shown' : ''}`}`);
      if (!landed) misses.push(`open ${i + 1}: ${at.gap} px short${at.jump ? ', Jump to latest' : ''}`);
      await page.close();
    }
    const landed = OPENS - misses.length;
    report({
      name: 'R11',
      value: OPENS,
      baseline: landed,
      target: 1,
      unit: 'opens',
      note: `${landed} of ${OPENS} opens of a ${N.toLocaleString('en')}-entry session at its last line ${AFTER_MS / 1000} s after the click${misses.length ? ` (missed: ${misses.join('; ')})` : ''}; the figure is opens / opens that landed`,
    });
  } finally {
    await b.close();
  }
}
