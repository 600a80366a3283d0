// Permission prompts through the browser host: Allow and Deny reach the real CLI (the file
// is or is not written; a denial reaches the model as the tool result), and a prompt
// survives a page reload.
import fs from 'node:fs';
import path from 'node:path';
import { lastToolResults, text, toolUse, type FakeReply } from '../support/fake-api';
import { expect, test } from './fixtures';

function writeScript(file: string, content: string, before?: string): FakeReply[] {
  return [toolUse('Write', { file_path: file, content }, before), text(`Finished with ${file}.`)];
}

test('Allow on a Write prompt writes the file and the tool card says Allowed', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  sandbox.api.script(writeScript('notes.txt', 'first line\nsecond line\n', 'I will write notes.txt for you.'));
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Write notes.txt');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');

  const prompt = page.getByRole('dialog', { name: 'Allow Write?' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(path.join(sandbox.cwd, 'notes.txt'));
  await expect(prompt).toContainText('first line');
  await expect(prompt).toContainText('second line');
  await expect(page.getByRole('article', { name: 'Claude' }).first()).toContainText('I will write notes.txt for you.');
  await expect(page.getByLabel('Tool: Write')).toBeVisible();

  // The picture of the browser host mid-conversation: a streamed reply and a waiting prompt.
  await page.screenshot({ path: path.join(test.info().project.outputDir, 'browser-host-mid-conversation.png'), fullPage: true, animations: 'disabled' });

  await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(prompt).toBeHidden();
  await expect(page.getByLabel('Tool: Write')).toContainText('Allowed');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Finished with notes.txt.');
  expect(fs.readFileSync(path.join(sandbox.cwd, 'notes.txt'), 'utf8')).toBe('first line\nsecond line\n');
});

test('Deny on a Write prompt writes nothing, shows Denied, and tells Claude', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  sandbox.api.script(writeScript('denied.txt', 'should never exist\n'));
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Write denied.txt');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');

  const prompt = page.getByRole('dialog', { name: 'Allow Write?' });
  await expect(prompt).toContainText('should never exist');
  await prompt.getByRole('textbox', { name: 'Tell Claude why' }).fill('Not that file, please.');
  await prompt.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(prompt).toBeHidden();

  const card = page.getByLabel('Tool: Write');
  await expect(card).toContainText('Denied');
  await expect(card).toContainText('Not that file, please.');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Finished with denied.txt.');
  expect(fs.existsSync(path.join(sandbox.cwd, 'denied.txt'))).toBe(false);
  const results = lastToolResults(sandbox.api.turns()[1]!.body);
  expect(results).toHaveLength(1);
  expect(results[0]!.is_error).toBe(true);
  expect(JSON.stringify(results[0]!.content)).toContain('Not that file, please.');
});

test('a prompt still waits after the page reloads, and can be answered there', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  sandbox.api.script(writeScript('after-reload.txt', 'written after a reload\n'));
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Write after-reload.txt');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');
  await expect(page.getByRole('dialog', { name: 'Allow Write?' })).toBeVisible();

  // The token left the address bar after the first load; the tab's sessionStorage carries the reload.
  expect(page.url()).not.toContain('token=');
  await page.reload();
  const prompt = page.getByRole('dialog', { name: 'Allow Write?' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('written after a reload');
  await expect(page.getByRole('article', { name: 'You' })).toContainText('Write after-reload.txt');
  await expect(page.getByRole('tab')).toHaveCount(1);

  await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
  await expect(page.getByLabel('Tool: Write')).toContainText('Allowed');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Finished with after-reload.txt.');
  expect(fs.readFileSync(path.join(sandbox.cwd, 'after-reload.txt'), 'utf8')).toBe('written after a reload\n');
});
