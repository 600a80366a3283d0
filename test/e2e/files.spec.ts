// The Files panel end to end (Chromium, the real browser host, real files and git): the tree
// with .gitignore respected and git's marks, a file opened, edited and saved with Ctrl+S (the
// file on disk changes), quick open with Ctrl+P, axe, and screenshots in light and dark.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { seriousViolations, useScheme } from './ui/axe';
import { expect, test } from './fixtures';

const shot = (name: string) => path.join(test.info().project.outputDir, 'files-screenshots', `${name}.png`);

function prepareRepo(cwd: string): void {
  const write = (p: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(cwd, p)), { recursive: true });
    fs.writeFileSync(path.join(cwd, p), text);
  };
  write('.gitignore', 'ignored.txt\n');
  write('src/app.ts', 'export function greet(name: string): string {\n  return `Hello, ${name}`;\n}\n');
  write('notes.md', '# Notes\n\nFirst line.\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=t@example.com', ...args], { cwd, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
  write('notes.md', '# Notes\n\nFirst line.\nSecond line.\n');
  write('ignored.txt', 'not listed\n');
  write('new.txt', 'untracked\n');
}

test('the tree shows the folder with its marks; a file opened, edited and saved with Ctrl+S changes on disk; Ctrl+P opens another', async ({ page, clide }) => {
  const started = await clide.start({ prepare: (sb) => prepareRepo(sb.cwd) });
  const cwd = started.sandbox.cwd;
  await clide.open(page, started);

  await page.getByRole('toolbar', { name: 'Transcript actions' }).getByRole('button', { name: 'Files' }).click();
  const panel = page.getByRole('complementary', { name: 'Files' });
  const tree = panel.getByRole('navigation', { name: 'Folder' });
  await expect(tree.getByRole('button', { name: /notes\.md/ })).toContainText('M');
  await expect(tree.getByRole('button', { name: /new\.txt/ })).toContainText('U');
  await expect(tree.getByRole('button', { name: /src/ })).toBeVisible();
  await expect(tree.getByRole('button', { name: /ignored\.txt/ })).toHaveCount(0);

  await tree.getByRole('button', { name: /src/ }).click();
  await tree.getByRole('button', { name: 'app.ts' }).click();
  const editor = panel.getByRole('textbox', { name: 'Text of src/app.ts' });
  await expect(editor).toContainText('Hello, ${name}');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('// edited in clide\n');
  await expect(panel.getByText('(unsaved)')).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(panel.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect(fs.readFileSync(path.join(cwd, 'src/app.ts'), 'utf8')).toBe(
    'export function greet(name: string): string {\n  return `Hello, ${name}`;\n}\n// edited in clide\n',
  );
  // The saved file is now git's modified file too.
  await expect(tree.getByRole('button', { name: /app\.ts/ })).toContainText('M');

  expect(await seriousViolations(page, 'the Files panel', { within: '.files-panel' })).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    await page.screenshot({ path: shot(`files-panel-${scheme}`), animations: 'disabled' });
  }
  await useScheme(page, 'light');

  // Quick open: Ctrl+P from the message box, a few letters, Enter.
  await page.getByRole('textbox', { name: 'Message Claude' }).focus();
  await page.keyboard.press('Control+p');
  const quick = page.getByRole('dialog', { name: 'Open a file' });
  await expect(quick).toBeVisible();
  await page.keyboard.type('nts');
  await expect(quick.getByRole('option').first()).toContainText('notes.md');
  expect(await seriousViolations(page, 'quick open', { within: '.quick-open' })).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    await page.screenshot({ path: shot(`quick-open-${scheme}`), animations: 'disabled' });
  }
  await useScheme(page, 'light');
  await page.keyboard.press('Enter');
  await expect(quick).toBeHidden();
  await expect(panel.getByRole('textbox', { name: 'Text of notes.md' })).toContainText('Second line.');

  // A change on disk while the file is open and unedited is read again, and said.
  fs.writeFileSync(path.join(cwd, 'notes.md'), '# Notes\n\nChanged on disk.\n');
  await expect(panel.getByRole('textbox', { name: 'Text of notes.md' })).toContainText('Changed on disk.');
  await expect(panel.getByText('The file changed on disk and was read again.')).toBeVisible();
});
