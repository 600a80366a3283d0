// A fast burst of whole messages (a long agentic turn, a run of tool calls) on a busy machine:
// the view keeps following the newest one however fast they come, until the person scrolls up
// themselves; a row measured taller than guessed or a layout change is never the person leaving.
import type { CDPSession, Page } from '@playwright/test';
import { syntheticView } from '../../../bench/renderer/synthetic';
import { doubleOptions, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { transcriptStill } from './transcript-still';
import { expect, test } from './ui-fixtures';

const COUNT = 3000;
const RATE = 200;

/**
 * Start streaming COUNT whole messages into the session from inside the page, at RATE a second
 * by the clock (a slow frame sends the ones that fell due together, each in its own delivery,
 * as a busy host would). Messages differ in length and kind so measured rows differ from their
 * guesses. Resolves once streaming has started; `window.__burstSent` counts what was sent.
 * Sending holds at `cap` (default: all of them) until `capBurst` raises it, so a test whose
 * steps must happen while part of the burst is still to come does not depend on how fast the
 * machine runs them.
 */
async function startBurst(page: Page, cap = COUNT): Promise<void> {
  await page.evaluate(
    ([session, count, rate, firstCap]) => {
      const w = window as unknown as { __burstSent: number; __burstCap: number; __clideDouble: { pushSession(id: string, events: unknown[]): void } };
      w.__burstSent = 0;
      w.__burstCap = firstCap;
      const start = performance.now();
      const send = (i: number) => {
        const id = `burst-${i}`;
        const at = Date.now();
        const words = 'Checked the next file and moved on to the one after it. '.repeat(1 + ((i * 7) % 13));
        const events: unknown[] = [{ kind: 'block', messageId: id, index: 0, block: { type: 'text', text: `Message ${i}. ${words}` }, at }];
        if (i % 5 === 0) {
          const tool = `tool-${i}`;
          events.push({ kind: 'block', messageId: id, index: 1, block: { type: 'tool_use', id: tool, name: 'Bash', input: { command: `ls step-${i}` } }, at });
          events.push({ kind: 'tool-result', toolUseId: tool, content: Array.from({ length: 1 + (i % 9) }, (_, k) => `line ${k}`).join('\n'), isError: false });
        }
        events.push({ kind: 'message-end', messageId: id });
        w.__clideDouble.pushSession(session, events);
      };
      const tick = () => {
        const due = Math.min(count, w.__burstCap, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
        while (w.__burstSent < due) send(w.__burstSent++);
        if (w.__burstSent < count) setTimeout(tick, 5);
      };
      tick();
    },
    [SESSION, COUNT, RATE, cap] as const,
  );
}

const capBurst = (page: Page, cap: number) =>
  page.evaluate((n) => {
    (window as unknown as { __burstCap: number }).__burstCap = n;
  }, cap);
const sent = (page: Page) => page.evaluate(() => (window as unknown as { __burstSent: number }).__burstSent);
const gap = (page: Page) => page.locator('.transcript-scroller').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);

/** Watch, from inside the page, whether "Jump to latest" ever shows while the burst runs. */
async function watchJump(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __jumpSeen: boolean };
    w.__jumpSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.jump-latest')) w.__jumpSeen = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
}
const jumpSeen = (page: Page) => page.evaluate(() => (window as unknown as { __jumpSeen: boolean }).__jumpSeen);

async function openShort(page: Page, load: (o: ReturnType<typeof doubleOptions>) => Promise<void>): Promise<void> {
  await page.setViewportSize({ width: 1100, height: 800 });
  await load(doubleOptions(snapshotWith([syntheticView(SESSION, 40)])));
  await expect(page.getByRole('log', { name: 'Transcript' })).toBeVisible();
  await expect(page.locator('.transcript-row').last()).toHaveAttribute('data-row-id', 'e39');
}

async function followsTheWholeBurst(page: Page): Promise<void> {
  await watchJump(page);
  await startBurst(page);
  await expect.poll(() => sent(page), { timeout: 120_000 }).toBe(COUNT);
  const last = page.locator(`[data-row-id="burst-${COUNT - 1}"]`);
  await expect(last).toBeInViewport({ timeout: 30_000 });
  await expect.poll(() => gap(page)).toBeLessThan(60);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
  expect(await jumpSeen(page), '"Jump to latest" showed while nobody scrolled').toBe(false);
}

test.describe('a burst of whole messages', () => {
  test.setTimeout(240_000);

  test('3,000 messages at 200 a second: the last one is on screen, no click, no "Jump to latest"', async ({ ui, page }) => {
    await openShort(page, ui.open);
    await followsTheWholeBurst(page);
  });

  test('the same burst on a CPU slowed 4x still ends on the last message', async ({ ui, page }) => {
    await openShort(page, ui.open);
    const cdp: CDPSession = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    try {
      await followsTheWholeBurst(page);
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  });

  test('a wheel scroll up during the burst is respected; back at the bottom it follows again', async ({ ui, page }) => {
    await openShort(page, ui.open);
    const scroller = page.locator('.transcript-scroller');
    // The burst is let through in steps, each still arriving at 200 a second, so that more than
    // 500 messages are always still to come when the person is back at the bottom.
    await startBurst(page, 1000);
    await expect.poll(() => sent(page)).toBeGreaterThan(200);
    await scroller.hover();
    await page.mouse.wheel(0, -2000);
    const jumpButton = page.getByRole('button', { name: 'Jump to latest' });
    await expect(jumpButton).toBeVisible();
    // While the burst goes on the view stays where the person put it: the rows on screen stay
    // the same ones (measured rows above may shift the offset, never the content shown).
    const onScreen = () =>
      page.evaluate(() => {
        const box = document.querySelector('.transcript-scroller')?.getBoundingClientRect();
        const mid = box ? box.top + box.height / 2 : 0;
        const row = [...document.querySelectorAll<HTMLElement>('.transcript-row')].find((r) => {
          const b = r.getBoundingClientRect();
          return b.top <= mid && b.bottom >= mid;
        });
        return row?.dataset.index ?? '';
      });
    // Rows flung into view are drawn cheaply while the wheel scroll runs and in full once it
    // stops, which changes their heights: what the person reads is what is there after that.
    await transcriptStill(page);
    const reading = await onScreen();
    expect(reading).not.toBe('');
    const from = await sent(page);
    await capBurst(page, from + 600);
    await expect.poll(() => sent(page)).toBeGreaterThan(from + 400);
    expect(await onScreen()).toBe(reading);
    await expect(jumpButton).toBeVisible();
    expect(await gap(page)).toBeGreaterThan(500);

    // The person goes back down to the bottom themselves (End, no click): following resumes.
    // While 200 messages a second arrive, the content grows faster than any wheel scroll.
    await capBurst(page, (await sent(page)) + 400);
    await scroller.focus();
    await page.keyboard.press('End');
    await expect.poll(() => gap(page)).toBeLessThan(60);
    await expect(jumpButton).toHaveCount(0);
    // Enough of the burst is still to come to show that following really resumed.
    expect(COUNT - (await sent(page)), 'messages still to come once back at the bottom').toBeGreaterThan(500);
    await watchJump(page);
    await capBurst(page, COUNT);
    await expect.poll(() => sent(page), { timeout: 120_000 }).toBe(COUNT);
    await expect(page.locator(`[data-row-id="burst-${COUNT - 1}"]`)).toBeInViewport({ timeout: 30_000 });
    await expect(jumpButton).toHaveCount(0);
    expect(await jumpSeen(page), '"Jump to latest" showed again after the person came back').toBe(false);

    // Once the burst is over, wheeling back down to the bottom resumes following too.
    await scroller.hover();
    await page.mouse.wheel(0, -1500);
    await expect(jumpButton).toBeVisible();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 5000);
        return gap(page);
      })
      .toBeLessThan(60);
    await expect(jumpButton).toHaveCount(0);
    await ui.pushSession(SESSION, [
      { kind: 'block', messageId: 'after', index: 0, block: { type: 'text', text: 'One more after the burst.\n\n'.repeat(30) }, at: Date.now() },
      { kind: 'message-end', messageId: 'after' },
    ]);
    await expect(page.locator('[data-row-id="after"]')).toBeInViewport();
    await expect.poll(() => gap(page)).toBeLessThan(60);
    await expect(jumpButton).toHaveCount(0);
  });

  test('a press inside the transcript holds it still for the click; a drag that selects text stops following', async ({ ui, page }) => {
    await openShort(page, ui.open);
    // Tall enough to show a Bash card's header at the bottom whatever the lengths of the messages.
    await page.setViewportSize({ width: 1100, height: 1500 });
    const jumpButton = page.getByRole('button', { name: 'Jump to latest' });
    await startBurst(page, 300);
    await expect.poll(() => sent(page)).toBe(300);
    // The last button of an entry wholly inside the transcript's view (a Bash card's header, or
    // its "more lines"): the control the person aims at, marked to know it again.
    const aimed = await page.evaluate(() => {
      const view = document.querySelector('.transcript-scroller')!.getBoundingClientRect();
      const inside = [...document.querySelectorAll<HTMLElement>('[data-row-id] button')].filter((b) => {
        const r = b.getBoundingClientRect();
        return r.height > 0 && r.top >= view.top && r.bottom <= view.bottom;
      });
      const b = inside.at(-1);
      if (b) b.dataset.aimed = 'yes';
      return b?.closest<HTMLElement>('[data-row-id]')?.dataset.rowId;
    });
    expect(aimed, 'a button in an entry on screen').toBeTruthy();
    const header = page.locator('[data-aimed="yes"]');
    // What each click landed on (the entry may be scrolled out of the list once released).
    await page.evaluate(() => {
      const w = window as unknown as { __clicked: string[] };
      w.__clicked = [];
      document.addEventListener(
        'click',
        (e) => {
          const t = e.target instanceof Element ? e.target : null;
          w.__clicked.push(`${t?.closest<HTMLElement>('[data-row-id]')?.dataset.rowId ?? 'none'}${t?.closest('[data-aimed]') ? ' aimed' : ''}`);
        },
        true,
      );
    });
    const box = (await header.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    // A hundred more messages arrive while the button is held down: each would move it away.
    await capBurst(page, 400);
    await expect.poll(() => sent(page)).toBe(400);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.mouse.up();
    expect(await page.evaluate(() => (window as unknown as { __clicked: string[] }).__clicked), 'where the click landed').toEqual([`${aimed} aimed`]);
    // Released, the view follows again.
    await capBurst(page, 600);
    await expect.poll(() => sent(page)).toBe(600);
    await expect(page.locator('[data-row-id="burst-599"]')).toBeInViewport();
    await expect(jumpButton).toHaveCount(0);

    // Text selected with a drag during the burst: the person reads there, the view stays. (The
    // burst is held meanwhile: the view settles at the bottom, and the drag starts on a word.)
    await expect.poll(() => gap(page)).toBeLessThan(2);
    const word = await page.evaluate(() => {
      const view = document.querySelector('.transcript-scroller')!.getBoundingClientRect();
      const row = [...document.querySelectorAll<HTMLElement>('[data-row-id^="burst-"]')].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.top >= view.top && b.bottom <= view.bottom;
      })[0];
      const node = row && document.createTreeWalker(row, NodeFilter.SHOW_TEXT, (n) => (/Checked/.test(n.textContent ?? '') ? 1 : 3)).nextNode();
      if (!row || !node) return undefined;
      const range = document.createRange();
      range.setStart(node, 0);
      range.setEnd(node, 20);
      const r = range.getBoundingClientRect();
      return { id: row.dataset.rowId!, x: r.left + 2, y: r.top + r.height / 2, to: r.right };
    });
    expect(word, 'a message wholly on screen').toBeTruthy();
    await page.mouse.move(word!.x, word!.y);
    await page.mouse.down();
    await page.mouse.move(word!.to, word!.y, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => page.evaluate(() => window.getSelection()?.toString().length ?? 0)).toBeGreaterThan(0);
    await capBurst(page, 800);
    await expect.poll(() => sent(page)).toBe(800);
    await expect(jumpButton).toBeVisible();
    await expect(page.locator(`[data-row-id="${word!.id}"]`)).toBeInViewport();
  });
});
