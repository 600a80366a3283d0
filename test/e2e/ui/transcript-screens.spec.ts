// Screenshots of a long, rich transcript in light and dark (test-results/ui-screenshots/), for
// people to look at. The assertions check that every kind of card is there and that nothing
// spills sideways.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { richSession } from './transcript-scenarios';
import { transcriptStill } from './transcript-still';
import { expect, test } from './ui-fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a long session with every kind of card (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 1000 });
    const view = applyEvents(sessionView(SESSION), richSession());
    await ui.open(doubleOptions(snapshotWith([view])));
    const log = page.getByRole('log', { name: 'Transcript' });
    // Pinned to the bottom on open: the last reply and the failed turn are in view.
    await expect(log.locator('[data-code="turn-error_during_execution"]')).toBeVisible();
    const scroller = page.locator('.transcript-scroller');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Walk from the top down, a screen at a time.
    // The person goes to the top (a key: only the person's own gestures stop the view following).
    await scroller.focus();
    await page.keyboard.press('Home');
    await transcriptStill(page);
    await expect(log.locator('.md-table-wrap table')).toBeVisible();
    await expect(log.locator('.code-block[data-highlight="done"]').first()).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `transcript-1-${scheme}`), animations: 'disabled' });
    for (let i = 2; i <= 4; i++) {
      await scroller.evaluate((el) => el.scrollBy({ top: el.clientHeight - 80 }));
      await transcriptStill(page);
      await page.screenshot({ path: shot(testInfo, `transcript-${i}-${scheme}`), animations: 'disabled' });
    }
    // Open the subagent, the Bash failure and the web search, then look again.
    for (const name of ['Tool: Agent', 'Tool: Bash']) {
      const card = log.getByLabel(name).last();
      await card.scrollIntoViewIfNeeded();
      const head = card.locator('.tool-head');
      if ((await head.getAttribute('aria-expanded')) === 'false') await head.click();
    }
    await log.getByLabel('Tool: Agent').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shot(testInfo, `transcript-open-${scheme}`), animations: 'disabled' });

    // Find: a count, every match marked, the current one apart, collapsed cards flagged.
    await page.keyboard.press('Control+f');
    await page.getByRole('searchbox', { name: 'Find in transcript' }).fill('health');
    const count = page.locator('.find-count');
    await expect(count).toHaveText(/^\d+ of \d+$/);
    const first = await count.textContent();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    // Two matches on: another one is current and scrolled into view.
    await expect(count).not.toHaveText(first ?? '');
    await transcriptStill(page);
    await page.screenshot({ path: shot(testInfo, `transcript-find-${scheme}`), animations: 'disabled' });
  });
}
