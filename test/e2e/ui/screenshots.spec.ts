// Screenshots of a conversation in progress, light and dark, for people to look at
// (test-results/ui-screenshots/). The assertions check the layout holds: nothing spills
// sideways, the prompt and the tool cards are on screen.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { conversation, SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a conversation with a tool card and a pending prompt (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 900 });
    const view = applyEvents(sessionView(SESSION), conversation());
    const other = sessionView('session-2', { cwd: '/home/ada/code/web-ui', status: 'working' });
    await ui.open(doubleOptions(snapshotWith([view, other])));
    const prompt = page.getByRole('dialog', { name: 'Allow Write?' });
    await expect(prompt).toBeVisible();
    await expect(page.getByLabel('Tool: Bash')).toContainText('Allowed');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The person goes to the top (a key: only the person's own gestures stop the view following).
    await page.locator('.transcript-scroller').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.locator('.transcript-scroller').evaluate((el) => el.scrollTop)).toBe(0);
    await page.screenshot({ path: shot(testInfo, `conversation-${scheme}`), animations: 'disabled' });
    await prompt.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: shot(testInfo, `prompt-${scheme}`), animations: 'disabled' });
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the empty state, the not-found screen and a failed session (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 760 });
    await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
    await expect(page.getByRole('region', { name: 'New session' })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `empty-${scheme}`), animations: 'disabled' });

    const failed = applyEvents(sessionView(SESSION), [
      ...conversation().slice(0, 10),
      {
        kind: 'failure',
        error: {
          kind: 'process-exit',
          message: 'Claude exited with code 1 in the middle of a turn.',
          hint: 'Resume to continue the conversation where it stopped.',
          detail: 'Error: ENOSPC: no space left on device, write\n    at writeSync (node:fs:936:3)',
          exitCode: 1,
        },
        resumable: true,
      },
      { kind: 'status', status: 'failed' },
    ]);
    // Each open installs a newer double over the previous one.
    await ui.open(doubleOptions(snapshotWith([failed])));
    await page.getByRole('alert').getByText('Details').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `failed-${scheme}`), animations: 'disabled' });

    const silent = applyEvents(sessionView(SESSION, { status: 'working' }), [
      ...conversation().slice(0, 10),
      { kind: 'liveness', state: 'not-responding', since: Date.now() - 130_000, at: Date.now() },
    ]);
    await ui.open(doubleOptions(snapshotWith([silent])));
    await expect(page.getByRole('button', { name: 'Force quit' })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `not-responding-${scheme}`), animations: 'disabled' });

    await ui.open(
      doubleOptions(
        snapshotWith([], {
          claude: { found: false, error: { kind: 'cli-not-found', message: 'claude was not found on PATH or in the usual install locations.' } },
        }),
      ),
    );
    await expect(page.getByRole('heading', { name: 'Claude Code was not found' })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `not-found-${scheme}`), animations: 'disabled' });
  });
}
