// The condition screenshots and "nothing moved" checks wait for, in place of a fixed sleep: the
// transcript has stopped scrolling and everything on screen is drawn in full.
import { expect, type Page } from '@playwright/test';

/**
 * Wait until the transcript's scroll position has stayed the same for a few frames (counted in
 * frames, not milliseconds, so a slow machine simply takes longer), and no row is a stand-in
 * and no markdown or highlighting is pending. Resolves with the scroll position.
 */
export async function transcriptStill(page: Page, frames = 5): Promise<number> {
  let top = 0;
  await expect
    .poll(
      async () => {
        const r = await page.evaluate(async (n) => {
          const scroller = document.querySelector('.transcript-scroller');
          const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
          const start = scroller?.scrollTop ?? 0;
          for (let i = 0; i < n; i++) {
            await frame();
            if ((scroller?.scrollTop ?? 0) !== start) return { still: false, top: start };
          }
          const pending = document.querySelectorAll('.transcript-row.is-lite, .md-pending, .code-block[data-highlight="pending"]').length;
          return { still: pending === 0, top: start };
        }, frames);
        top = r.top;
        return r.still;
      },
      { message: 'the transcript to stop scrolling and draw everything on screen in full' },
    )
    .toBe(true);
  return top;
}
