// Screenshots of isolated sessions, light and dark, for people to look at
// (test-results/ui-screenshots/): New session's worktree option, a setup running and failed,
// the Changes panel unified and side by side with a comment, and the merge dialog with
// conflicts. The assertions check the layout holds: nothing spills sideways.
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { defaultSettings } from '../../../shared/settings';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { expect, test } from './ui-fixtures';
import { changesScenario, HOME, worktreeInfo } from './worktree-scenarios';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

async function noSpill(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const capability = {
  available: true,
  gitVersion: '2.39.5',
  repo: {
    root: `${HOME}/code/orders`,
    mainRoot: `${HOME}/code/orders`,
    linkedWorktree: false,
    branch: 'main',
    head: '5d41402abc4b2a76b9719d911017c592ae1b2a7e',
  },
  remembered: true,
  suggestedBranch: 'clide/session-1',
  worktreeDir: `${HOME}/.clide/worktrees/orders/clide-session-1`,
  branches: ['main', 'release/2.4', 'fix/rounding'],
};

for (const scheme of ['light', 'dark'] as const) {
  test(`the worktree option in New session, and a setup running and failed (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 820 });
    const settings = {
      ...defaultSettings(),
      recentCwds: [`${HOME}/code/orders`, `${HOME}/notes`],
      repositories: { [`${HOME}/code/orders`]: { worktrees: true, setupCommand: 'npm ci' } },
    };
    const setup = sessionView('setup', { cwd: worktreeInfo.worktreeDir, status: 'starting' });
    await ui.open(
      doubleOptions(snapshotWith([setup]), {
        settings,
        replies: { 'worktree:capability': [{ ok: true, value: capability }] },
      }),
    );
    await ui.pushSession('setup', [
      { kind: 'info', info: { title: 'Rounding rules' } },
      { kind: 'worktree', worktree: worktreeInfo, state: 'setting-up' },
      { kind: 'setup-started', source: 'settings', command: 'npm ci', at: Date.now() - 14_000 },
      { kind: 'setup-output', stream: 'info', text: 'Copied .env and .env.local from the checkout.\n$ npm ci\n' },
      {
        kind: 'setup-output',
        stream: 'out',
        text: 'added 812 packages, and audited 813 packages in 12s\n\n143 packages are looking for funding\n  run `npm fund` for details\n',
      },
    ]);
    await expect(page.getByRole('region', { name: 'Worktree setup' })).toContainText('Setting up the worktree');
    await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeDisabled();
    await noSpill(page);
    await page.screenshot({ path: shot(testInfo, `setup-running-${scheme}`), animations: 'disabled' });

    await ui.pushSession('setup', [
      { kind: 'setup-output', stream: 'err', text: 'npm ERR! code ERESOLVE\nnpm ERR! Could not resolve dependency: peer react@"^18" from react-dom@18.3.1\n' },
      { kind: 'setup-finished', ok: false, exitCode: 1, at: Date.now() },
    ]);
    await expect(page.getByRole('region', { name: 'Worktree setup' })).toContainText('The setup failed');
    await page.screenshot({ path: shot(testInfo, `setup-failed-${scheme}`), animations: 'disabled' });

    await page.getByRole('button', { name: 'New session' }).click();
    const dialog = page.getByRole('dialog', { name: 'New session' });
    await expect(dialog.getByRole('checkbox', { name: /Work in a new worktree/ })).toBeChecked();
    await noSpill(page);
    await page.screenshot({ path: shot(testInfo, `new-session-worktree-${scheme}`), animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Settings' }).click();
    const settingsDialog = page.getByRole('dialog', { name: /Settings/ });
    const repo = settingsDialog.getByRole('group', { name: 'Repository orders' });
    await repo.scrollIntoViewIfNeeded();
    await expect(repo.getByRole('textbox', { name: 'Setup command for orders' })).toHaveValue('npm ci');
    await page.screenshot({ path: shot(testInfo, `settings-worktrees-${scheme}`), animations: 'disabled' });
  });

  test(`the Changes panel, unified and side by side with a comment; the merge dialog (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1400, height: 860 });
    const s = await changesScenario();
    try {
      await ui.open(
        s.options({
          'worktree:merge': [
            {
              ok: true,
              value: {
                outcome: 'conflicts',
                operation: 'merge',
                checkout: worktreeInfo.repoRoot,
                conflicts: ['src/orders.ts'],
                message:
                  'Merging clide/tax-totals-1 into main stopped on conflicts in 1 file. /home/ada/code/orders is in the middle of a merge: resolve and commit there, or abort the merge.',
              },
            },
          ],
          'worktree:conflictDiffs': [
            {
              ok: true,
              value: {
                files: [
                  {
                    path: 'src/orders.ts',
                    scope: 'base',
                    binary: false,
                    patch:
                      'diff --git a/src/orders.ts b/src/orders.ts\n--- a/src/orders.ts\n+++ b/src/orders.ts\n@@ -5,3 +5,7 @@ export interface Line {\n \n export function lineTotal(line: Line): number {\n+<<<<<<< HEAD\n   return Math.round(line.price * line.count * 100) / 100;\n+=======\n+  return line.price * line.quantity + line.tax;\n+>>>>>>> refs/heads/clide/tax-totals-1\n }\n',
                    hunks: [],
                    lines: 12,
                    large: false,
                    truncated: false,
                  },
                ],
              },
            },
          ],
        }),
      );
      await page.getByRole('button', { name: /^Changes/ }).click();
      const panel = page.getByRole('complementary', { name: 'Changes' });
      await panel
        .getByRole('list', { name: 'Changed files' })
        .getByRole('button', { name: /orders\.ts/ })
        .click();
      const diff = panel.getByRole('region', { name: 'Diff of src/orders.ts' });
      await diff.getByRole('button', { name: 'Comment on line 7' }).click();
      await diff.getByRole('textbox', { name: 'Comment on line 7' }).fill('Round the tax to cents here, as the invoice does.');
      await diff.getByRole('button', { name: 'Add comment' }).click();
      await expect(diff.getByRole('group', { name: 'Comment on line 7' })).toBeVisible();
      await noSpill(page);
      await page.screenshot({ path: shot(testInfo, `changes-unified-${scheme}`), animations: 'disabled' });

      await panel.getByRole('radiogroup', { name: 'Diff layout' }).getByText('Side by side').click();
      await expect(diff.locator('.cd-pair').first()).toBeVisible();
      await noSpill(page);
      await page.screenshot({ path: shot(testInfo, `changes-split-${scheme}`), animations: 'disabled' });

      await panel.getByRole('button', { name: 'Merge into main' }).click();
      const merge = page.getByRole('dialog', { name: 'Merge clide/tax-totals-1 into main' });
      await expect(merge).toBeVisible();
      await page.screenshot({ path: shot(testInfo, `merge-ask-${scheme}`), animations: 'disabled' });
      await merge.getByRole('button', { name: 'Merge into main' }).click();
      await expect(merge.getByText('stopped on conflicts')).toBeVisible();
      await expect(merge.locator('.diff-line').first()).toBeVisible();
      await page.screenshot({ path: shot(testInfo, `merge-conflicts-${scheme}`), animations: 'disabled' });
    } finally {
      s.cleanup();
    }
  });
}
