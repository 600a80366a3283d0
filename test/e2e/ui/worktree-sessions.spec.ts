// Isolated sessions around the transcript, in the built renderer with scripted events: New
// session's worktree option (offered, refused with the reason, a branch name checked as it is
// typed), the setup in the tab (confirm the repository's file, failure with Retry and Start
// anyway, the composer held until then), a missing worktree recreated from its branch, the
// shared-folder notice, the glance on the tab, and the archive and pull request dialogs.
import type { HistorySession } from '../../../shared/history';
import { defaultSettings } from '../../../shared/settings';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { expect, test } from './ui-fixtures';
import { glance, HOME, isolatedView, WT, worktreeInfo } from './worktree-scenarios';

const REPO = `${HOME}/code/orders`;
const capability = {
  available: true,
  gitVersion: '2.39.5',
  repo: { root: REPO, mainRoot: REPO, linkedWorktree: false, branch: 'main', head: '5d41402abc4b2a76b9719d911017c592ae1b2a7e' },
  suggestedBranch: 'clide/session-1',
  worktreeDir: `${HOME}/.clide/worktrees/orders/clide-session-1`,
  branches: ['main', 'release/2.4'],
};

test('New session offers a worktree for a repository, checks the branch as it is typed, and says why a folder cannot have one', async ({ ui, page }) => {
  const settings = { ...defaultSettings(), recentCwds: [REPO, `${HOME}/notes`] };
  await ui.open(
    doubleOptions(snapshotWith([sessionView('a', { cwd: REPO })]), {
      settings,
      keyed: {
        'worktree:capability': {
          by: ['cwd'],
          answers: {
            [REPO]: { ok: true, value: capability },
            [`${HOME}/notes`]: {
              ok: true,
              value: {
                available: false,
                problem: 'not-a-repository',
                reason: `${HOME}/notes is not inside a git repository.`,
                hint: 'Run `git init` there (and make a first commit) to use worktrees.',
                branches: [],
              },
            },
          },
        },
      },
    }),
  );
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  const option = dialog.getByRole('checkbox', { name: /Work in a new worktree/ });
  // Never chosen for this repository: offered, not ticked.
  await expect(option).not.toBeChecked();
  await option.check();
  const branch = dialog.getByRole('textbox', { name: 'Branch' });
  await expect(branch).toHaveValue('clide/session-1');
  await expect(dialog).toContainText('Worktree: ~/.clide/worktrees/orders/clide-session-1');
  await branch.fill('fix tax');
  await expect(dialog.getByRole('alert')).toHaveText('A branch name cannot contain spaces.');
  await branch.fill('release/2.4');
  await expect(dialog.getByRole('alert')).toHaveText('A branch named release/2.4 already exists.');
  await dialog.getByRole('button', { name: 'Start session' }).click();
  expect(await ui.calls('session:create')).toEqual([]);
  await branch.fill('me/tax-rounding');
  await expect(dialog).toContainText('Worktree: ~/.clide/worktrees/orders/me-tax-rounding');
  await dialog.getByRole('combobox', { name: 'From' }).selectOption('release/2.4');
  // The same folder typed another way (a completion leaves a trailing slash) is checked again,
  // and what was chosen and typed for it stays.
  const asked = (await ui.calls('worktree:capability')).length;
  await dialog.getByRole('combobox', { name: 'Working folder' }).fill(`${REPO}/`);
  await expect.poll(async () => (await ui.calls('worktree:capability')).length).toBeGreaterThan(asked);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(option).toBeChecked();
  await expect(branch).toHaveValue('me/tax-rounding');
  await expect(dialog.getByRole('combobox', { name: 'From' })).toHaveValue('release/2.4');
  await dialog.getByRole('button', { name: 'Start session' }).click();
  await expect(dialog).toBeHidden();
  await expect
    .poll(async () => (await ui.calls('session:create')).map((c) => c.input))
    .toEqual([{ cwd: REPO, worktree: { branch: 'me/tax-rounding', base: 'release/2.4' } }]);

  await page.getByRole('button', { name: 'New session' }).click();
  await dialog.getByRole('combobox', { name: 'Working folder' }).fill('~/notes');
  const off = dialog.getByRole('checkbox', { name: 'Work in a new worktree' });
  await expect(off).toBeDisabled();
  await expect(dialog).toContainText('/home/ada/notes is not inside a git repository. Run `git init` there (and make a first commit) to use worktrees.');
});

test('a recent folder starts in a worktree when its repository was last started in one', async ({ ui, page }) => {
  const settings = { ...defaultSettings(), recentCwds: [`${HOME}/notes`, REPO] };
  await ui.open(
    doubleOptions(snapshotWith([sessionView('a', { cwd: REPO })]), {
      settings,
      keyed: { 'worktree:capability': { by: ['cwd'], answers: { [REPO]: { ok: true, value: { ...capability, remembered: true } } } } },
    }),
  );
  await page.getByRole('button', { name: 'New session' }).click();
  await page
    .getByRole('dialog', { name: 'New session' })
    .getByRole('region', { name: 'Recent folders' })
    .getByRole('button', { name: /orders/ })
    .click();
  await expect.poll(async () => (await ui.calls('session:create')).map((c) => c.input)).toEqual([{ cwd: REPO, worktree: {} }]);
});

test('setup in the tab: the repository’s file shown and confirmed, a failure with Retry and Start anyway, the composer held', async ({ ui, page }) => {
  // Claude has not started while the setup holds it (a tab's process starts when it may).
  const view = sessionView(WT, { cwd: worktreeInfo.worktreeDir, status: 'not-started' });
  await ui.open(doubleOptions(snapshotWith([view])));
  const bar = page.getByRole('contentinfo', { name: 'Session status' });
  await ui.pushSession(WT, [
    { kind: 'worktree', worktree: worktreeInfo, state: 'setting-up' },
    { kind: 'setup-started', source: 'file', command: '.clide/setup', at: Date.now() },
    { kind: 'setup-output', stream: 'info', text: 'Copied .env from the checkout.\n' },
    { kind: 'setup-confirm', file: '.clide/setup', content: '#!/bin/sh\nnpm ci\nnpm run build:types\n', hash: 'h-1' },
  ]);
  const card = page.getByRole('region', { name: 'Worktree setup' });
  await expect(card).toContainText('Run this repository’s setup?');
  await expect(card.getByLabel('The setup file')).toHaveText('#!/bin/sh\nnpm ci\nnpm run build:types\n');
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(composer).toBeDisabled();
  await expect(page.getByText('Waiting for your answer about the repository’s setup.')).toBeVisible();
  await expect(bar.locator('.sb-status')).toHaveText('Needs you');
  await card.getByRole('button', { name: 'Run it' }).click();
  // With the nonce of this confirmation, for this session and this content (the core requires it).
  await expect
    .poll(async () => (await ui.calls('worktree:confirmSetup')).map((c) => c.input))
    .toEqual([{ id: WT, hash: 'h-1', run: true, confirm: `nonce:run-setup:${WT}\nh-1` }]);

  await ui.pushSession(WT, [
    { kind: 'setup-started', source: 'file', command: '.clide/setup', at: Date.now() },
    { kind: 'setup-output', stream: 'out', text: '$ npm ci\n' },
  ]);
  await expect(card).toContainText('Setting up the worktree');
  await expect(bar.locator('.sb-status')).toHaveText('Setting up');
  await expect(card.getByRole('log', { name: 'Setup output' })).toContainText('$ npm ci');
  await ui.pushSession(WT, [
    { kind: 'setup-output', stream: 'err', text: 'npm ERR! missing package-lock.json\n' },
    { kind: 'setup-finished', ok: false, exitCode: 1, at: Date.now() },
  ]);
  await expect(card).toContainText('The setup failed');
  await expect(card).toContainText('it exited with code 1');
  await expect(bar.locator('.sb-status')).toHaveText('Setup failed');
  await expect(card.getByRole('log', { name: 'Setup output' })).toContainText('npm ERR! missing package-lock.json');
  await expect(composer).toBeDisabled();
  await card.getByRole('button', { name: 'Retry' }).click();
  expect((await ui.calls('worktree:retrySetup')).map((c) => c.input)).toEqual([{ id: WT }]);
  await card.getByRole('button', { name: 'Start anyway' }).click();
  expect((await ui.calls('worktree:startAnyway')).map((c) => c.input)).toEqual([{ id: WT }]);

  await ui.pushSession(WT, [
    { kind: 'setup-finished', ok: true, exitCode: 0, skipped: true, at: Date.now() },
    { kind: 'worktree', worktree: worktreeInfo, state: 'ready' },
    { kind: 'status', status: 'ready' },
  ]);
  await expect(composer).toBeEnabled();
  await expect(page.getByText('Claude started without the repository’s .clide/setup.')).toBeVisible();
  await expect(bar.locator('.sb-status')).toHaveText('Ready');
});

test('a worktree deleted outside clide says so and is recreated from its branch; without the branch it says that too', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([isolatedView()])));
  await ui.pushSession(WT, [
    {
      kind: 'worktree',
      worktree: worktreeInfo,
      state: 'missing',
      canRecreate: true,
      message: `The worktree ${worktreeInfo.worktreeDir} was deleted outside clide. Its branch ${worktreeInfo.branch} still exists: it can be made again.`,
    },
  ]);
  const missing = page.getByRole('region', { name: 'Missing worktree' });
  await expect(missing).toContainText('was deleted outside clide');
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeDisabled();
  await missing.getByRole('button', { name: 'Recreate from branch' }).click();
  expect((await ui.calls('worktree:recreate')).map((c) => c.input)).toEqual([{ id: WT }]);
  await ui.pushSession(WT, [
    { kind: 'worktree', worktree: worktreeInfo, state: 'missing', canRecreate: false, message: 'Its branch clide/tax-totals-1 is gone too.' },
  ]);
  await expect(missing.getByRole('button', { name: 'Recreate from branch' })).toHaveCount(0);
  await expect(missing).toContainText('Nothing is left to recreate it from');
  await ui.pushSession(WT, [{ kind: 'worktree', worktree: worktreeInfo, state: 'ready' }]);
  await expect(missing).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeEnabled();
});

test('two tabs in one folder without isolation are told they share files; the tab and status bar show a worktree’s glance', async ({ ui, page }) => {
  const a = sessionView('a', { cwd: REPO });
  const b = sessionView('b', { cwd: REPO });
  b.info = { ...b.info, title: 'Docs pass' };
  await ui.open(doubleOptions(snapshotWith([a, b, isolatedView()])));
  await ui.pushSession('a', [{ kind: 'shared-tree', tree: REPO, with: ['b'] }]);
  const notice = page.getByRole('status').filter({ hasText: 'Another tab works in' });
  await expect(notice).toContainText('~/code/orders too, without a worktree of its own: both sessions edit the same files.');
  await notice.getByRole('button', { name: 'Docs pass' }).click();
  await expect(page.getByRole('tab', { name: /Docs pass/ })).toHaveAttribute('aria-selected', 'true');
  await ui.pushSession('a', [{ kind: 'shared-tree', tree: REPO, with: [] }]);
  await page
    .getByRole('tab', { name: /orders|api-server/ })
    .first()
    .click();
  await expect(page.getByText('Another tab works in')).toHaveCount(0);

  const tab = page.getByRole('tab', { name: /Tax in order totals/ });
  await expect(tab).toHaveAccessibleName(/8 files changed, 2 ahead and 1 behind main, uncommitted changes/);
  await expect(tab).toHaveAttribute('title', /clide\/tax-totals-1: 8 files changed/);
  await tab.click();
  const item = page.getByRole('contentinfo', { name: 'Session status' }).getByRole('button', { name: /clide\/tax-totals-1/ });
  await expect(item).toContainText('8 files ↑2 ↓1');
  await ui.pushSession(WT, [{ kind: 'git-status', status: { ...glance, filesChanged: 0, ahead: 3, behind: 0, uncommitted: false, at: Date.now() } }]);
  await expect(item).toContainText('0 files ↑3 ↓0');
  await item.click();
  await expect(page.getByRole('complementary', { name: 'Changes' })).toBeVisible();
});

test('archive lists exactly what would be lost and goes ahead only on that list; a pull request is drafted and opened', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([isolatedView()]), {
      replies: {
        'git:changes': [
          { ok: true, value: { base: 'main', baseCommit: worktreeInfo.baseCommit, head: glance.head, files: [], totals: { files: 0, added: 0, removed: 0 } } },
        ],
        'worktree:prCheck': [{ ok: true, value: { available: true, remote: 'origin' } }],
        'worktree:createPr': [{ ok: true, value: { url: 'https://github.com/ada/orders/pull/42' } }],
        'worktree:archive': [
          {
            ok: true,
            value: {
              outcome: 'refused',
              losses: { uncommitted: ['notes/todo.md'], commits: [{ commit: '7c4a8d09ca3762af61e59520943dc26494f8941b', subject: 'Add a health check' }] },
              confirm: 'tok-1',
            },
          },
          { ok: true, value: { outcome: 'archived', branchDeleted: true } },
        ],
      },
    }),
  );
  await page.getByRole('button', { name: /^Changes/ }).click();
  const panel = page.getByRole('complementary', { name: 'Changes' });
  await expect(panel).toContainText('No changes against main yet.');

  await panel.getByRole('button', { name: 'Create pull request' }).click();
  const pr = page.getByRole('dialog', { name: /Pull request/ });
  await expect(pr.getByRole('textbox', { name: 'Title' })).toHaveValue('Tax totals');
  await pr.getByRole('textbox', { name: 'Description' }).fill('Line totals include tax.');
  await pr.getByRole('button', { name: 'Push and open the pull request' }).click();
  expect((await ui.calls('worktree:createPr')).map((c) => c.input)).toEqual([{ id: WT, title: 'Tax totals', body: 'Line totals include tax.' }]);
  await expect(pr.getByRole('link', { name: 'https://github.com/ada/orders/pull/42' })).toHaveAttribute('href', 'https://github.com/ada/orders/pull/42');
  await pr.getByRole('button', { name: 'Done' }).click();

  await panel.getByRole('button', { name: 'Archive…' }).click();
  const archive = page.getByRole('dialog', { name: 'Archive this worktree' });
  await archive.getByRole('checkbox', { name: /Also delete the branch/ }).check();
  await archive.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(archive.getByRole('alert')).toContainText('This would lose work.');
  await expect(archive).toContainText('notes/todo.md');
  await expect(archive).toContainText('7c4a8d09 Add a health check');
  await archive.getByRole('button', { name: 'Lose these and archive' }).click();
  expect((await ui.calls('worktree:archive')).map((c) => c.input)).toEqual([
    { id: WT, deleteBranch: true },
    { id: WT, deleteBranch: true, confirm: 'tok-1' },
  ]);
  await expect(archive).toBeHidden();
});

test('a pull request that gh cannot open says what to install or run', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([isolatedView()]), {
      replies: {
        'worktree:prCheck': [
          {
            ok: true,
            value: {
              available: false,
              problem: 'gh-logged-out',
              reason: 'The GitHub CLI is not logged in.',
              hint: 'Run `gh auth login` in a terminal.',
              remote: 'origin',
            },
          },
        ],
      },
    }),
  );
  await page.getByRole('button', { name: /^Changes/ }).click();
  const panel = page.getByRole('complementary', { name: 'Changes' });
  await expect(panel.getByRole('button', { name: 'Create pull request' })).toBeDisabled();
  await expect(panel).toContainText('Pull request: The GitHub CLI is not logged in. Run `gh auth login` in a terminal.');
});

test('History groups a worktree session under its repository and shows its branch', async ({ ui, page }) => {
  const past = (p: Partial<HistorySession> & { sessionId: string }): HistorySession => ({
    title: 'Untitled',
    named: false,
    lastActivity: Date.now() - 60_000,
    messageCount: 4,
    bytes: 4000,
    cutOff: false,
    cwd: REPO,
    ...p,
  });
  await ui.open(
    doubleOptions(snapshotWith([sessionView('a')]), {
      replies: {
        'history:list': [
          {
            ok: true,
            value: {
              sessions: [
                past({
                  sessionId: '11111111-2222-4333-8444-555555555555',
                  title: 'Tax in order totals',
                  cwd: worktreeInfo.worktreeDir,
                  worktree: { repoRoot: REPO, branch: worktreeInfo.branch, base: 'main' },
                }),
                past({ sessionId: '22222222-2222-4333-8444-555555555555', title: 'Read the orders code', lastActivity: Date.now() - 3_600_000 }),
              ],
            },
          },
        ],
      },
    }),
  );
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History' });
  await expect(drawer.locator('.history-project-name')).toHaveText(['orders']);
  const row = drawer.getByRole('listitem').filter({ hasText: 'Tax in order totals' });
  await expect(row).toContainText('clide/tax-totals-1');
});
