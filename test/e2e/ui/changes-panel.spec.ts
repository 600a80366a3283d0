// The Changes panel against the core's real reading of a real repository (worktree-scenarios):
// grouped files with counts, a rename and a binary named as such, diffs read file by file, the
// scopes of a file with staged and unstaged parts, a large diff collapsed, unified and side by
// side, comments on a line and a range sent as one review, revert with Undo, stage, commit.
import { formatCount } from '../../../renderer/src/lib/count';
import { expect, test } from './ui-fixtures';
import { changesScenario, glance, WT } from './worktree-scenarios';

test('lists every changed file grouped, reads diffs one file at a time, and shows each kind as itself', async ({ ui, page }) => {
  const s = await changesScenario();
  try {
    await ui.open(s.options());
    await page.getByRole('button', { name: /^Changes/ }).click();
    const panel = page.getByRole('complementary', { name: 'Changes' });
    const list = panel.getByRole('list', { name: 'Changed files' });
    await expect(list.getByRole('listitem')).toHaveCount(s.changes.files.length);
    await expect(panel.getByText('Not committed', { exact: false }).first()).toBeVisible();
    await expect(panel.getByText('Committed on clide/tax-totals-1')).toBeVisible();
    // The first file is open; only its diff was asked for.
    await expect.poll(async () => (await ui.calls('git:diff')).length).toBe(1);
    const first = (await ui.calls('git:diff'))[0]!.input as { files: Array<{ path: string }>; baseCommit?: string };
    expect(first.files.map((f) => f.path)).toEqual(['README.md']);
    // Against the commit the list was made against (the host need not find it again).
    expect(first.baseCommit).toBe(s.changes.baseCommit);
    // The list came first without line counts, then (after that diff) with them.
    await expect(panel.locator('.changes-totals')).toContainText(`+${formatCount(s.changes.totals.added)}`);
    const readmeFile = s.changes.files.find((f) => f.path === 'README.md')!;
    await expect(list.getByRole('button', { name: /README\.md/ })).toContainText(`+${readmeFile.added}−${readmeFile.removed}`);
    const order = (await ui.calls()).filter((c) => c.channel === 'git:changes' || c.channel === 'git:diff');
    expect(order.map((c) => `${c.channel} ${(c.input as { counts?: boolean }).counts ?? ''}`)).toEqual(['git:changes false', 'git:diff ', 'git:changes ']);

    await list.getByRole('button', { name: /handbook\.md/ }).click();
    const diff = panel.getByRole('region', { name: 'Diff of docs/handbook.md' });
    await expect(diff).toContainText('← docs/guide.md');
    await expect(diff).toContainText('Renamed from docs/guide.md; the content is unchanged.');

    await list.getByRole('button', { name: /logo\.png/ }).click();
    await expect(panel.getByRole('region', { name: 'Diff of assets/logo.png' })).toContainText('Binary file');

    await list.getByRole('button', { name: /big\.csv/ }).click();
    const big = panel.getByRole('region', { name: 'Diff of data/big.csv' });
    await expect(big).toContainText('This diff is large');
    await big.getByRole('button', { name: 'Show the diff' }).click();
    await expect(big.locator('.cd-row').first()).toBeVisible();
    // Virtualised: a 3,000-line diff mounts a screenful, not every line.
    expect(await big.locator('.cd-row').count()).toBeLessThan(200);

    await list.getByRole('button', { name: /README\.md/ }).click();
    const readme = panel.getByRole('region', { name: 'Diff of README.md' });
    const scopes = readme.getByRole('radiogroup', { name: 'Which changes' });
    await expect(scopes.getByRole('radio')).toHaveCount(3);
    await scopes.getByText('Unstaged').click();
    await expect(readme.getByRole('button', { name: 'Stage', exact: true })).toBeVisible();
    const unstaged = (await ui.calls('git:diff')).map((c) => c.input as { scope: string; baseCommit?: string }).find((i) => i.scope === 'unstaged');
    // The index against the working tree: no base commit in it.
    expect(unstaged).toBeDefined();
    expect(unstaged!.baseCommit).toBeUndefined();
  } finally {
    s.cleanup();
  }
});

test('a list whose line counts cannot be read stays usable without them; Refresh brings them', async ({ ui, page }) => {
  const s = await changesScenario();
  try {
    const failed = { ok: false as const, error: { kind: 'git-failed', message: 'git diff --numstat failed' } };
    await ui.open(s.options({ 'git:changes': [{ ok: true, value: s.quick }, failed, { ok: true, value: s.changes }] }));
    await page.getByRole('button', { name: /^Changes/ }).click();
    const panel = page.getByRole('complementary', { name: 'Changes' });
    const list = panel.getByRole('list', { name: 'Changed files' });
    await expect(list.getByRole('listitem')).toHaveCount(s.changes.files.length);
    await expect(panel.getByRole('region', { name: 'Diff of README.md' }).locator('.cd-row').first()).toBeVisible();
    await expect.poll(async () => (await ui.calls('git:changes')).length).toBe(2);
    const refresh = panel.getByRole('button', { name: 'Refresh' });
    await expect(refresh).toBeEnabled();
    // No counts shown rather than zeros; the files and the diff are all there.
    await expect(panel.locator('.changes-totals')).toHaveText(`${s.changes.files.length} files · ↑2 ↓1`);
    await expect(list.locator('.cf-counts')).toHaveCount(0);
    await expect(list.getByRole('button', { name: /logo\.png/ })).not.toContainText('bin');
    await refresh.click();
    await expect(panel.locator('.changes-totals')).toContainText(`+${formatCount(s.changes.totals.added)}`);
    await expect(list.getByRole('button', { name: /logo\.png/ })).toContainText('bin');
    await expect(panel.getByRole('region', { name: 'Diff of README.md' }).locator('.cd-row').first()).toBeVisible();
  } finally {
    s.cleanup();
  }
});

test('word-level marks, side by side, a comment on a line and on a range, sent as one review', async ({ ui, page }) => {
  const s = await changesScenario();
  try {
    await ui.open(s.options({ 'git:review': [{ ok: true, value: { text: 'Review…' } }] }));
    await page.keyboard.press('Control+Shift+G');
    const panel = page.getByRole('complementary', { name: 'Changes' });
    await panel
      .getByRole('list', { name: 'Changed files' })
      .getByRole('button', { name: /orders\.ts/ })
      .click();
    const diff = panel.getByRole('region', { name: 'Diff of src/orders.ts' });
    await expect(diff.locator('mark.cd-word').first()).toBeVisible();
    await expect(diff.locator('.cd-add mark.cd-word')).toContainText(['quantity + line.tax']);

    await diff.getByRole('button', { name: 'Comment on line 7' }).click();
    await diff.getByRole('textbox', { name: 'Comment on line 7' }).fill('Round the tax to cents here.');
    await diff.getByRole('button', { name: 'Add comment' }).click();
    await expect(diff.getByRole('group', { name: 'Comment on line 7' })).toContainText('Round the tax to cents here.');

    await panel.getByRole('radiogroup', { name: 'Diff layout' }).getByText('Side by side').click();
    await expect(diff.locator('.cd-pair').first()).toBeVisible();
    await diff.getByRole('button', { name: 'Comment on line 2' }).click();
    await diff.getByRole('button', { name: 'Comment on line 4' }).click({ modifiers: ['Shift'] });
    await diff.getByRole('textbox', { name: 'Comment on lines 2–4' }).fill('Keep count as a deprecated alias.');
    await diff.getByRole('textbox', { name: 'Comment on lines 2–4' }).press('Control+Enter');
    await expect(diff.getByRole('group', { name: 'Comment on lines 2–4' })).toBeVisible();

    await panel.getByRole('button', { name: 'Send review (2)' }).click();
    await expect(panel.getByRole('status').filter({ hasText: 'Review sent to Claude: 2 comments' })).toBeVisible();
    const [review] = await ui.calls('git:review');
    expect(review!.input).toEqual({
      id: WT,
      comments: [
        { path: 'src/orders.ts', startLine: 7, comment: 'Round the tax to cents here.' },
        { path: 'src/orders.ts', startLine: 2, endLine: 4, comment: 'Keep count as a deprecated alias.' },
      ],
    });
    await expect(panel.getByRole('button', { name: 'Send review' })).toBeDisabled();
  } finally {
    s.cleanup();
  }
});

test('revert a hunk with Undo while the panel is open; stage a file; commit shows the hooks’ output', async ({ ui, page }) => {
  const s = await changesScenario();
  try {
    await ui.open(
      s.options({
        'git:revert': [{ ok: true, value: { undo: 'undo-1', files: ['src/orders.ts'] } }],
        'git:commit': [
          { ok: true, value: { commit: 'a1b2c3d4e5f6a7b8c9d0', output: 'lint-staged: 2 files checked\n[clide/tax-totals-1 a1b2c3d] Tax in totals' } },
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
    await diff.getByRole('button', { name: 'Revert', exact: true }).first().click();
    const revert = (await ui.calls('git:revert'))[0]!.input as { path: string; hunk: { index: number; digest: string }; scope: string };
    expect(revert).toMatchObject({ id: WT, path: 'src/orders.ts', scope: 'base', hunk: { index: 0 } });
    expect(revert.hunk.digest).toMatch(/\w{8,}/);
    const undo = panel.getByRole('list', { name: 'Undo' });
    await expect(undo).toContainText('Reverted a change in src/orders.ts');
    await undo.getByRole('button', { name: 'Undo' }).click();
    expect((await ui.calls('git:undo')).map((c) => c.input)).toEqual([{ id: WT, token: 'undo-1' }]);
    await expect(undo).toBeHidden();

    await diff.getByRole('button', { name: 'Stage file' }).click();
    expect((await ui.calls('git:stage')).map((c) => c.input)).toEqual([{ id: WT, path: 'src/orders.ts' }]);

    const box = panel.getByRole('form', { name: 'Commit' });
    await box.getByRole('textbox', { name: 'Commit message' }).fill('Tax in order totals');
    await box.getByRole('button', { name: /^Commit 2 staged$/ }).click();
    expect((await ui.calls('git:commit')).map((c) => c.input)).toEqual([{ id: WT, message: 'Tax in order totals' }]);
    const notice = panel.getByRole('status').filter({ hasText: 'Committed a1b2c3d4.' });
    await expect(notice).toBeVisible();
    await notice.getByText('Output').click();
    await expect(notice).toContainText('lint-staged: 2 files checked');
    // Every edit reads the list again (and a git-status from the watcher does too).
    const before = (await ui.calls('git:changes')).length;
    await ui.pushSession(WT, [{ kind: 'git-status', status: { ...glance, at: Date.now() + 1 } }]);
    await expect.poll(async () => (await ui.calls('git:changes')).length).toBe(before + 1);
  } finally {
    s.cleanup();
  }
});

test('“Draft with Claude” asks the session and puts its reply in the commit message', async ({ ui, page }) => {
  const s = await changesScenario();
  try {
    await ui.open(s.options());
    await page.getByRole('button', { name: /^Changes/ }).click();
    const box = page.getByRole('complementary', { name: 'Changes' }).getByRole('form', { name: 'Commit' });
    await box.getByRole('button', { name: 'Draft with Claude' }).click();
    await expect(box.getByRole('button', { name: 'Claude is writing…' })).toBeDisabled();
    const [ask] = await ui.calls('session:send');
    expect((ask!.input as { text: string }).text).toContain('Write a commit message for the changes in this worktree');
    // The double echoes the prompt as a user message; Claude's reply and the turn's end follow.
    await ui.pushSession(WT, [
      {
        kind: 'block',
        messageId: 'draft',
        index: 0,
        block: { type: 'text', text: 'Here is a message:\n\n```\nAdd tax to order totals\n\nLine totals now add the tax of each line.\n```' },
        at: Date.now(),
      },
      { kind: 'message-end', messageId: 'draft' },
      { kind: 'result', result: { subtype: 'success', isError: false, text: 'ok', denials: [] }, id: 'r-draft', at: Date.now() },
      { kind: 'status', status: 'ready' },
    ]);
    await expect(box.getByRole('textbox', { name: 'Commit message' })).toHaveValue('Add tax to order totals\n\nLine totals now add the tax of each line.');
  } finally {
    s.cleanup();
  }
});

test('a refused merge says why and names the files; on conflicts “Ask Claude to resolve” aborts the merge first, then asks', async ({ ui, page }) => {
  const s = await changesScenario();
  try {
    await ui.open(
      s.options({
        'worktree:merge': [
          {
            ok: true,
            value: {
              outcome: 'refused',
              reason: 'dirty-checkout',
              message: '/home/ada/code/orders has uncommitted changes in files the merge changes: src/orders.ts. Commit or stash them there first.',
              files: ['src/orders.ts'],
            },
          },
          {
            ok: true,
            value: {
              outcome: 'conflicts',
              operation: 'merge',
              checkout: '/home/ada/code/orders',
              conflicts: ['src/orders.ts'],
              message: 'Merging clide/tax-totals-1 into main stopped on conflicts in 1 file.',
            },
          },
        ],
        'worktree:conflictDiffs': [{ ok: true, value: { files: [] } }],
        'worktree:mergeAbort': [{ ok: true, value: { operation: null } }],
      }),
    );
    await page.getByRole('button', { name: /^Changes/ }).click();
    const panel = page.getByRole('complementary', { name: 'Changes' });
    await panel.getByRole('button', { name: 'Merge into main' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge clide/tax-totals-1 into main' });
    await merge.getByRole('radio', { name: /Rebase, then fast-forward/ }).check();
    await merge.getByRole('button', { name: 'Merge into main' }).click();
    await expect(merge.getByRole('alert')).toContainText('Not merged. /home/ada/code/orders has uncommitted changes');
    await expect(merge.getByRole('list', { name: 'Files in the way' })).toHaveText('src/orders.ts');
    expect((await ui.calls('worktree:merge')).map((c) => c.input)).toEqual([{ id: WT, strategy: 'rebase' }]);
    await merge.getByRole('button', { name: 'Done' }).click();

    await panel.getByRole('button', { name: 'Merge into main' }).click();
    await merge.getByRole('button', { name: 'Merge into main' }).click();
    await expect(merge.getByText('stopped on conflicts')).toBeVisible();
    await expect(merge.getByRole('heading', { name: 'Conflicted file (1)' })).toBeVisible();
    await merge.getByRole('button', { name: 'Ask Claude to resolve' }).click();
    await expect(merge).toBeHidden();
    expect((await ui.calls('worktree:mergeAbort')).map((c) => c.input)).toEqual([{ id: WT }]);
    const sent = (await ui.calls('session:send')).map((c) => (c.input as { text: string }).text);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Please merge main into this branch here in the worktree (`git merge main`)');
    expect(sent[0]).toContain('- src/orders.ts');
  } finally {
    s.cleanup();
  }
});
