// Screenshots of the tab bar with every state, the inbox, the new-session dialog, the context
// breakdown, the permission mode menu and Settings, light and dark (test-results/ui-screenshots/). The assertions check
// that each is on screen and nothing spills sideways.
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { contextUsageSample, tabsScenario } from './tabs-scenarios';
import { expect, test } from './ui-fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

async function noSidewaysOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

for (const scheme of ['light', 'dark'] as const) {
  test(`tabs, inbox, new session, context and settings (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1200, height: 820 });
    const { views, folders, settings } = tabsScenario();
    await ui.open(doubleOptions(snapshotWith(views), { folders, settings, contextUsage: contextUsageSample() }));
    await expect(page.getByRole('tab')).toHaveCount(views.length);
    await page.screenshot({ path: shot(testInfo, `tabs-${scheme}`), animations: 'disabled' });

    await page.getByRole('button', { name: /Needs you: 2 waiting/ }).click();
    const inbox = page.getByRole('region', { name: 'Needs you' });
    await expect(inbox.getByRole('dialog', { name: 'Allow Bash?' })).toBeVisible();
    await noSidewaysOverflow(page);
    await page.screenshot({ path: shot(testInfo, `inbox-${scheme}`), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(inbox).toBeHidden();

    await page.getByRole('button', { name: 'New session' }).click();
    const dialog = page.getByRole('dialog', { name: 'New session' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Working folder' }).fill('~/code/');
    await expect(dialog.getByRole('listbox', { name: 'Folders' }).getByRole('option')).toHaveCount(4);
    await page.screenshot({ path: shot(testInfo, `new-session-${scheme}`), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: /^Context:/ }).click();
    const ctx = page.getByRole('dialog', { name: 'Context window' });
    await expect(ctx.getByRole('row')).not.toHaveCount(0);
    await page.screenshot({ path: shot(testInfo, `context-${scheme}`), animations: 'disabled' });
    await page.keyboard.press('Escape');

    // A menu button's list (a part of its own, menu-list.tsx) opens with the focus in it.
    await page.getByRole('button', { name: 'Permission mode' }).click();
    const modes = page.getByRole('listbox', { name: 'Permission mode' });
    await expect(modes).toBeFocused();
    await page.screenshot({ path: shot(testInfo, `mode-menu-${scheme}`), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(modes).toBeHidden();

    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('dialog', { name: /Settings/ })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `settings-${scheme}`), animations: 'disabled' });
    void applyEvents;
    void sessionView;
  });
}
