// An isolated session end to end through the browser host, on real git with the real CLI:
// New session in a new worktree, Claude writes a file there (not in the main checkout), the
// Changes panel shows it, a comment on a line goes to Claude as a review naming file and line,
// the panel commits it, and "Merge into main" brings it into the main checkout.
import fs from 'node:fs';
import path from 'node:path';
import { lastToolResults, lastUserText, text, toolUse, type Responder } from '../support/fake-api';
import { makeRepo } from '../support/temp-repo';
import { expect, test } from './fixtures';

const GREETING = 'Hello from the worktree.\nA second line to review.\n';

/** Write greeting.txt when asked; answer a review with a promise; nothing else. */
const claude: Responder = (req) => {
  if (lastToolResults(req.body).length > 0) return text('Wrote greeting.txt.');
  const said = lastUserText(req.body);
  if (said.includes('Review of your changes')) return text('I will make the second line friendlier.');
  if (said.includes('Write the greeting')) return toolUse('Write', { file_path: 'greeting.txt', content: GREETING }, 'Writing greeting.txt.');
  return text('ok');
};

test('an isolated session: its file, a review naming file and line, commit, and merge into main', async ({ page, clide }) => {
  const repo = makeRepo({ files: { 'README.md': '# greet\n' } });
  try {
    const started = await clide.start({ args: ['--cwd', repo.root] });
    started.sandbox.api.script(claude);
    await clide.open(page, started);

    // New session in the repository: the option is offered; choose it and Accept edits.
    await page.getByRole('button', { name: 'New session' }).click();
    const dialog = page.getByRole('dialog', { name: 'New session' });
    // The folder of the first session (the repository) is the one offered first.
    await expect(dialog.getByRole('combobox', { name: 'Working folder' })).toHaveValue(repo.root);
    const option = dialog.getByRole('checkbox', { name: /Work in a new worktree/ });
    await expect(option).toBeEnabled();
    await option.check();
    await expect(dialog.getByRole('textbox', { name: 'Branch' })).toHaveValue('clide/session-1');
    await expect(dialog).toContainText(`Worktree: ~/.clide/worktrees/repo/clide-session-1`);
    await dialog.getByText(/^Model and mode/).click();
    await dialog.getByRole('combobox', { name: 'Permission mode' }).selectOption('acceptEdits');
    await dialog.getByRole('button', { name: 'Start session' }).click();
    await expect(dialog).toBeHidden();
    const worktree = path.join(started.sandbox.home, '.clide', 'worktrees', 'repo', 'clide-session-1');
    await expect.poll(() => fs.existsSync(worktree)).toBe(true);
    const tab = page.getByRole('tab', { selected: true });

    // Claude writes a file: it is in the worktree, not in the main checkout.
    const composer = page.getByRole('tabpanel').getByRole('textbox', { name: 'Message Claude' });
    await expect(composer).toBeEnabled();
    await composer.fill('Write the greeting file.');
    await composer.press('Enter');
    await expect(page.getByRole('tabpanel').getByRole('log', { name: 'Transcript' })).toContainText('Wrote greeting.txt.');
    expect(fs.readFileSync(path.join(worktree, 'greeting.txt'), 'utf8')).toBe(GREETING);
    expect(fs.existsSync(path.join(repo.root, 'greeting.txt'))).toBe(false);
    // The tab's glance counts it (the watcher saw the file).
    await expect(tab).toHaveAccessibleName(/1 file changed/);

    // The Changes panel shows it; a comment on line 2 goes to Claude as one review.
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: /^Changes/ })
      .click();
    const panel = page.getByRole('complementary', { name: 'Changes' });
    await expect(panel.getByRole('list', { name: 'Changed files' }).getByRole('listitem')).toHaveCount(1);
    const diff = panel.getByRole('region', { name: 'Diff of greeting.txt' });
    await expect(diff).toContainText('A second line to review.');
    await diff.getByRole('button', { name: 'Comment on line 2' }).click();
    await diff.getByRole('textbox', { name: 'Comment on line 2' }).fill('Make this line friendlier.');
    await diff.getByRole('button', { name: 'Add comment' }).click();
    await panel.getByRole('button', { name: 'Send review (1)' }).click();
    await expect(page.getByRole('tabpanel').getByRole('log', { name: 'Transcript' })).toContainText('I will make the second line friendlier.');
    const review = started.sandbox.api
      .turns()
      .map((t) => lastUserText(t.body))
      .find((t) => t.includes('Review of your changes'));
    expect(review).toContain('greeting.txt');
    expect(review).toContain('- Line 2: Make this line friendlier.');

    // Commit from the panel (every change: nothing is staged), then merge into main.
    const box = panel.getByRole('form', { name: 'Commit' });
    await box.getByRole('textbox', { name: 'Commit message' }).fill('Add the greeting');
    await box.getByRole('button', { name: 'Commit all 1' }).click();
    await expect(panel.getByRole('status').filter({ hasText: /^Committed [0-9a-f]{8}\./ })).toBeVisible();
    await expect(panel.getByText('Committed on clide/session-1')).toBeVisible();

    await panel.getByRole('button', { name: 'Merge into main' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge clide/session-1 into main' });
    await merge.getByRole('button', { name: 'Merge into main' }).click();
    await expect(merge.getByRole('status')).toContainText('main was fast-forwarded to');
    await merge.getByRole('button', { name: 'Done' }).click();
    // Real git in the main checkout: the commit is on main, the file is there.
    expect(repo.git(['log', '-1', '--format=%s', 'main'])).toBe('Add the greeting');
    expect(repo.read('greeting.txt')).toBe(GREETING);
    expect(repo.git(['status', '--porcelain'])).toBe('');
  } finally {
    fs.rmSync(repo.base, { recursive: true, force: true });
  }
});
