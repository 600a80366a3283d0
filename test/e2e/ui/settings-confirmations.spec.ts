// Settings that let something run with no question asked (Bypass as the default, a setup
// command) ask in place first; Cancel saves nothing, and the confirmed change reaches the core
// with its confirmation's nonce (the core refuses it without: test/integration/web-host-confirmations.test.ts).
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { expect, test } from './ui-fixtures';
import { defaultSettings } from '../../../shared/settings';
import { doubleOptions, snapshotWith } from '../../support/api-double';
import { seriousViolations, useScheme } from './axe';
import { HOME } from './tabs-scenarios';

const shot = (testInfo: TestInfo, name: string) => path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
const REPO = `${HOME}/code/orders`;

test('Bypass as the default and a setup command are saved only once confirmed, with the nonce', async ({ ui, page }, testInfo) => {
  await ui.open(doubleOptions(snapshotWith([], { homeDir: HOME }), { settings: { ...defaultSettings(), repositories: { [REPO]: { worktrees: true } } } }));
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: /Settings/ });

  await dialog.getByRole('radio', { name: /Bypass permissions/ }).click();
  const bypass = dialog.getByRole('alertdialog', { name: 'Bypass permissions for every new session?' });
  await expect(bypass).toContainText('in every session you start from now on');
  await expect(bypass.getByRole('button', { name: 'Cancel' })).toBeFocused();
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    expect(await seriousViolations(page, `the default bypass confirmation (${scheme})`, { within: '.confirm-change' })).toEqual([]);
    await bypass.screenshot({ path: shot(testInfo, `settings-confirm-bypass-${scheme}`), animations: 'disabled' });
  }
  await bypass.getByRole('button', { name: 'Cancel' }).click();
  await expect(bypass).toHaveCount(0);
  expect(await ui.calls('settings:update')).toEqual([]);
  await dialog.getByRole('radio', { name: /Bypass permissions/ }).click();
  await dialog.getByRole('button', { name: 'Make bypass the default' }).click();
  await expect
    .poll(async () => (await ui.calls('settings:update')).map((c) => c.input))
    .toEqual([{ defaultPermissionMode: 'bypassPermissions', confirm: 'nonce:default-bypass:bypassPermissions' }]);
  // Back to Default asks nothing.
  await dialog.getByRole('radio', { name: /^Default mode/ }).check();
  await expect.poll(async () => (await ui.calls('settings:update')).at(-1)?.input).toEqual({ defaultPermissionMode: 'default' });

  const command = dialog.getByRole('textbox', { name: 'Setup command for orders' });
  await command.fill('npm ci');
  await command.press('Enter');
  const setup = dialog.getByRole('alertdialog', { name: 'Run this in every new worktree of orders?' });
  await expect(setup).toContainText('npm ci (it runs as you');
  await useScheme(page, 'light');
  await setup.screenshot({ path: shot(testInfo, 'settings-confirm-setup-light'), animations: 'disabled' });
  await setup.getByRole('button', { name: 'Save the setup command' }).click();
  await expect
    .poll(async () => (await ui.calls('settings:update')).at(-1)?.input)
    .toEqual({ repository: { root: REPO, setupCommand: 'npm ci' }, confirm: `nonce:setup-command:${REPO}\nnpm ci` });
});
