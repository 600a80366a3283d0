// The layout at the smallest window the desktop app allows (640×420, electron/window.ts) and at
// 200% zoom (a 1100×800 window zoomed twice is 550×400 CSS pixels): nothing scrolls sideways,
// and the tab strip, the transcript, a waiting prompt's answers, the message box and the status
// bar are all on screen; and with reduced motion nothing animates. Screenshots go to
// test-results/small-window-screenshots/.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { conversation, SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

/** Every element wider than the window, by its class (none is the aim). */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) out.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of document.querySelectorAll<HTMLElement>('.top-bar, .session-bottom, .status-bar, .prompt, .transcript-wrap')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1) out.push(`${el.className} ends at ${Math.round(box.right)}px`);
    }
    return out;
  });
}

for (const [name, size] of [
  ['the smallest window', { width: 640, height: 420 }],
  ['200% zoom', { width: 550, height: 400 }],
] as const) {
  test(`the layout holds at ${name}`, async ({ ui, page }, testInfo) => {
    await page.setViewportSize(size);
    await ui.open(doubleOptions(snapshotWith([applyEvents(sessionView(SESSION), conversation())])));
    const prompt = page.getByRole('dialog', { name: 'Allow Write?' });
    await expect(prompt).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await expect(page.getByRole('tablist', { name: 'Sessions' })).toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeInViewport();
    await expect(page.getByRole('contentinfo', { name: 'Session status' })).toBeInViewport();
    // The prompt's answers can be reached (scrolled to) and are then fully on screen.
    const allow = prompt.getByRole('button', { name: 'Allow', exact: true });
    await allow.focus();
    await expect(allow).toBeInViewport({ ratio: 1 });
    await page.screenshot({
      path: path.join(testInfo.project.outputDir, 'small-window-screenshots', `${size.width}x${size.height}.png`),
      animations: 'disabled',
    });
  });
}

test('with the system set to reduce motion nothing animates; without it the working tab does', async ({ ui, page }) => {
  const running = () => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })])));
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
  await expect.poll(running).toBeGreaterThan(0);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(running).toBe(0);
});
