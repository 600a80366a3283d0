// A past session opened from History, as the main process reads it from the CLI's transcript
// files (fixtures/transcripts/2.1.332-notifications, the reader in transcript-file.ts): the
// subagent's work nested in its Task card, the background task's notification and the local
// command output as muted context (not the person's words, no "Fork from here"), the pasted
// image noted on its prompt, and the records clide does not know named. Light and dark
// screenshots go to ui-screenshots/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestInfo } from '@playwright/test';
import { readConversation } from '../../../electron/core/protocol/transcript-file';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

const FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../fixtures/transcripts/2.1.332-notifications/projects/-home-dev-shop/4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a70.jsonl',
);

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`a resumed session shows its subagent, task notification, image and what it left out (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 1000 });
    const { events } = await readConversation(FILE);
    const view = applyEvents(sessionView(SESSION, { cwd: '/home/dev/shop' }), [
      { kind: 'info', info: { claudeSessionId: '4e5f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a70' } },
      ...events,
    ]);
    await ui.open(doubleOptions(snapshotWith([view], { homeDir: '/home/dev' })));

    // One prompt: the person's, with its image noted as a live prompt notes it.
    const you = page.getByRole('article', { name: 'You' });
    await expect(you).toHaveCount(1);
    await expect(you).toContainText('Why is the basket badge red');
    await expect(you).toContainText('1 image attached');
    await you.hover();
    await expect(you.getByRole('button', { name: 'Fork from here' })).toBeVisible();

    // The notification and the command output are context cards, not messages of the person.
    const task = page.locator('.context-item[data-source="task"]');
    await expect(task).toHaveText(/Background task completed: Agent "count the badges" finished/);
    await expect(page.locator('.context-item[data-source="local-command"]')).toContainText('Command output');
    await expect(page.locator('.context-item').filter({ hasText: 'Command caveat' })).toHaveCount(1);
    await task.getByRole('button').click();
    await expect(task.locator('.context-body')).toContainText('Found 3 pangolin badges.');
    await expect(task.locator('.context-body')).not.toContainText('<task-notification>');

    // The subagent's messages sit in its Task card, a click away, and not at the top level.
    const card = page.getByLabel('Tool: Task');
    const nested = card.getByRole('group', { name: 'Subagent messages' });
    await expect(page.locator('.transcript-row').filter({ hasText: 'src/header.tsx' })).toHaveCount(0);
    if ((await card.locator(':scope > .tool-head').getAttribute('aria-expanded')) !== 'true') await card.locator(':scope > .tool-head').click();
    await expect(nested).toContainText('Found 3 pangolin badges.');
    await expect(nested.getByLabel('Tool: Grep')).toBeVisible();
    await expect(page.getByText('wombat ledger')).toHaveCount(0);

    await expect(page.locator('.notice[data-code="records-not-shown"] .notice-text')).toHaveText('Not shown: 2 records of type marble-origami-commit.');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: shot(testInfo, `resumed-transcript-${scheme}`), fullPage: true, animations: 'disabled' });
  });
}
