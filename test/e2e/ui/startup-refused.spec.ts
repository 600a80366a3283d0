// A start Claude Code refused, with its cause (startup_failure_reason, 2.1.337), in the failure
// banner: what happened and what to do, the CLI's own words under Details, and Resume only
// where resuming can work. The words come from the protocol module, as the host makes them.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { startupFailure } from '../../../electron/core/protocol/startup-failure';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { seriousViolations, useScheme } from './axe';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

function refused(reason: string, said: string) {
  const f = startupFailure(reason, [said])!;
  return sessionView(SESSION, { status: 'failed', failure: { error: f.error, resumable: f.resumable } });
}

test('a conversation that cannot be found says to start a new session, with no Resume that would fail again', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([refused('resume_target_not_found', 'No conversation found with session ID: 0d6c1a55')])));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Claude Code found no conversation to resume for this session.');
  await expect(alert).toContainText('Start a new session');
  await alert.getByText('Details', { exact: true }).click();
  await expect(alert.getByText('No conversation found with session ID: 0d6c1a55')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`terms to accept on the web: the address under Details, and Resume once done (${scheme})`, async ({ ui, page }, testInfo) => {
    await useScheme(page, scheme);
    await page.setViewportSize({ width: 1100, height: 700 });
    await ui.open(doubleOptions(snapshotWith([refused('consumer_terms_accept_on_web', 'Accept the updated Consumer Terms at https://claude.ai/legal/terms')])));
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Your account has not accepted the updated Consumer Terms, so Claude Code cannot start.');
    await expect(alert).toContainText('Accept them on claude.ai');
    await alert.getByText('Details', { exact: true }).click();
    await expect(alert.getByText('https://claude.ai/legal/terms')).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Resume' })).toBeVisible();
    expect(await seriousViolations(page, 'startup refused')).toEqual([]);
    await page.screenshot({ path: shot(testInfo, `startup-refused-${scheme}`), animations: 'disabled' });
  });
}
