// bench-figures: R13 R13-CLOSE
// R13: the renderer's JS heap after GC with a 10,000-entry tab open and shown, less the heap with
// only a small tab, against the bytes of the text that tab displays (its messages, tool calls
// and tool results as UTF-8). Target: <= 2x.
// R13-CLOSE: the heap after GC once that tab is closed again, against the heap before it was
// opened. Target: back within 10 %.
// Each in a fresh page, three rounds, medians; the heap read over CDP after two forced GCs.
import type { CDPSession, Page } from '@playwright/test';
import { log, report, wanted } from '../core/lib';
import { addSession, median, settled, startBench } from './harness';
import { plainRows, syntheticView } from './synthetic';
import { toolCalls } from '../../shared/transcript';

const N = 10_000;
const ROUNDS = 3;

/** The bytes of text the tab displays: each entry's words, tool calls and tool results. */
function displayedBytes(): number {
  const view = syntheticView(`s${N}`, N);
  let bytes = 0;
  for (const row of plainRows(view)) bytes += Buffer.byteLength(row, 'utf8');
  for (const t of toolCalls(view)) if (t.result) bytes += Buffer.byteLength(t.result.content, 'utf8');
  return bytes;
}

/** Used JS heap after collecting garbage (twice: what the first frees may free more). */
async function heapAfterGc(page: Page, cdp: CDPSession): Promise<number> {
  // Two frames first, so what a render left for later (effects, idle work) has run.
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize;
}

/** Open a session's tab, wait for its entries in full (`between` runs then), and close it again. */
async function openAndClose(page: Page, n: number, between?: () => Promise<void>): Promise<void> {
  const id = await addSession(page, n);
  const tab = page.getByRole('tab', { name: new RegExp(`session-${n}`) });
  await tab.click();
  // Shown in full (not the light stand-ins of the first frame).
  await page.locator('.transcript-scroller:visible .transcript-row:not(.is-lite)').first().waitFor({ timeout: 60_000 });
  await between?.();
  await page.evaluate((sid) => window.__clideDouble?.push([{ type: 'session-closed', id: sid }]), id);
  await tab.waitFor({ state: 'detached', timeout: 60_000 });
}

async function round(page: Page): Promise<{ before: number; open: number; after: number }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  // A smaller session first, opened and closed: the parts loaded on demand (the full entries,
  // the formatter) are then loaded and compiled before the first reading, not counted as the
  // long tab's memory.
  await openAndClose(page, 200);
  await settled(page);
  const before = await heapAfterGc(page, cdp);
  let open = 0;
  await openAndClose(page, N, async () => {
    // Read once the tab has done what opening it starts (formatting the entries on screen, the
    // parts it fetches): read earlier, the figure swung by 0.9 MB between rounds with how much
    // of that work had run.
    await settled(page);
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 2000 })));
    open = await heapAfterGc(page, cdp);
  });
  const after = await heapAfterGc(page, cdp);
  await cdp.detach();
  return { before, open, after };
}

if (wanted('R13', 'R13-CLOSE')) {
  const text = displayedBytes();
  const b = await startBench(process.cwd());
  try {
    const rounds: Array<{ before: number; open: number; after: number }> = [];
    for (let r = 0; r < ROUNDS; r++) {
      const page = await b.open();
      rounds.push(await round(page));
      await page.close();
      const last = rounds.at(-1)!;
      log(
        `R13 round ${r + 1}: heap ${(last.before / 1e6).toFixed(1)} MB, with the tab ${(last.open / 1e6).toFixed(1)} MB, closed ${(last.after / 1e6).toFixed(1)} MB`,
      );
    }
    const mb = (x: number) => `${(x / 1e6).toFixed(1)} MB`;
    const grown = rounds.map((x) => x.open - x.before);
    if (wanted('R13'))
      report({
        name: 'R13',
        value: median(grown),
        baseline: text,
        target: 2,
        unit: 'B',
        note: `JS heap after GC with the ${N.toLocaleString('en')}-entry tab open, less the heap before (median of ${ROUNDS}: ${grown.map(mb).join(', ')}); baseline: the ${mb(text)} of text it displays`,
      });
    if (wanted('R13-CLOSE'))
      report({
        name: 'R13-CLOSE',
        value: median(rounds.map((x) => x.after)),
        baseline: median(rounds.map((x) => x.before)),
        target: 1.1,
        unit: 'B',
        note: `JS heap after GC once the tab is closed (${rounds.map((x) => mb(x.after)).join(', ')}); baseline: before it was opened (${rounds.map((x) => mb(x.before)).join(', ')})`,
      });
  } finally {
    await b.close();
  }
}
