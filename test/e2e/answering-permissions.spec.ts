// Permission prompts end to end (Chromium, browser host, real CLI): Always allow saves the rule
// it names, where it says, and the same command is not asked again; Deny carries a message to
// Claude; Allow from the keyboard; Stop while a prompt waits cancels it; a prompt the CLI
// withdraws (control_cancel_request, here because a PermissionRequest hook answered first)
// goes away without an answer from the person.
import fs from 'node:fs';
import path from 'node:path';
import { lastToolResults, text, toolUse } from '../support/fake-api';
import { expect, test } from './fixtures';

test('Always allow, Deny with a message, Allow by keyboard, a prompt cancelled by Stop and one withdrawn by the CLI', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  const npmTest = { command: 'npm test -- health', description: 'Run the health tests' };
  sandbox.api.script([
    toolUse('Bash', npmTest, 'Running the health tests.'),
    toolUse('Bash', npmTest, 'Once more.'),
    text('Ran them twice.'),
    toolUse('Write', { file_path: 'notes.txt', content: 'never written\n' }),
    text('Understood, no notes.'),
    toolUse('Bash', { command: 'npm run lint', description: 'Lint' }),
    text('Linted.'),
    toolUse('Bash', { command: 'npm run deploy', description: 'Deploy' }),
    text('Still here.'),
    toolUse('Bash', { command: 'npm run build', description: 'Build' }),
    text('Built.'),
  ]);
  // A PermissionRequest hook that decides about `npm run build` a few seconds after the prompt
  // appeared: the CLI then withdraws its prompt. For every other command it has no opinion.
  const hook = path.join(sandbox.home, 'permission-hook.sh');
  fs.writeFileSync(
    hook,
    `#!/bin/sh\ncase "$(cat)" in\n  *"npm run build"*) sleep 4; echo '{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"allow"}}}' ;;\nesac\n`,
    { mode: 0o755 },
  );
  fs.writeFileSync(
    path.join(sandbox.configDir, 'settings.json'),
    JSON.stringify({ hooks: { PermissionRequest: [{ matcher: 'Bash', hooks: [{ type: 'command', command: hook }] }] } }),
  );
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const transcript = page.getByRole('log', { name: 'Transcript' });
  const say = async (t: string) => {
    await composer.fill(t);
    await composer.press('Enter');
  };

  // 1. Always allow: says what and where; the second identical call runs without a prompt.
  await say('Run the health tests twice');
  const prompt = page.getByRole('dialog', { name: 'Allow Bash?' });
  await expect(prompt).toContainText('npm test -- health');
  await expect(prompt).toContainText('Allow Bash(npm test *) · this project, just you (.claude/settings.local.json)');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path.join(test.info().project.outputDir, `answering-always-allow-${scheme}.png`), animations: 'disabled' });
  }
  await prompt.getByRole('button', { name: 'Always allow' }).click();
  await expect(transcript).toContainText('Ran them twice.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const bashCards = page.getByLabel('Tool: Bash');
  await expect(bashCards).toHaveCount(2);
  await expect(bashCards.nth(0)).toContainText('Allowed');
  await expect(bashCards.nth(1)).not.toContainText('Allowed');
  const saved = JSON.parse(fs.readFileSync(path.join(sandbox.cwd, '.claude', 'settings.local.json'), 'utf8')) as { permissions: { allow: string[] } };
  expect(saved.permissions.allow).toEqual(['Bash(npm test *)']);

  // 2. Deny with a message: nothing written, Claude is told why.
  await say('Write some notes');
  const write = page.getByRole('dialog', { name: 'Allow Write?' });
  await write.getByRole('textbox', { name: 'Tell Claude why' }).fill('No notes in this repository, please.');
  await write.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(transcript).toContainText('Understood, no notes.');
  await expect(page.getByLabel('Tool: Write')).toContainText('Denied');
  expect(fs.existsSync(path.join(sandbox.cwd, 'notes.txt'))).toBe(false);
  const denied = lastToolResults(sandbox.api.turns()[4]!.body);
  expect(denied[0]?.is_error).toBe(true);
  expect(JSON.stringify(denied[0]?.content)).toContain('No notes in this repository, please.');

  // 3. Allow from the keyboard: Tab reaches Allow, Enter answers.
  await say('Lint it');
  const lint = page.getByRole('dialog', { name: 'Allow Bash?' });
  await expect(lint).toContainText('npm run lint');
  await expect(lint).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(transcript).toContainText('Linted.');
  // The transcript is virtualised: older cards may be unmounted, so look at the newest.
  await expect(bashCards.last()).toContainText('npm run lint');
  await expect(bashCards.last()).toContainText('Allowed');

  // 4. Stop while a prompt waits: the prompt goes, the card says so, the session goes on.
  await say('Deploy it');
  const deploy = page.getByRole('dialog', { name: 'Allow Bash?' });
  await expect(deploy).toContainText('npm run deploy');
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(bashCards.last()).toContainText('npm run deploy');
  await expect(bashCards.last()).toContainText('Cancelled');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await say('Are you still there?');
  await expect(transcript).toContainText('Still here.');

  // 5. Withdrawn by the CLI: the prompt shows, then goes without anyone answering it.
  await say('Build it');
  const build = page.getByRole('dialog', { name: 'Allow Bash?' });
  await expect(build).toContainText('npm run build');
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 30_000 });
  await expect(transcript).toContainText('Built.');
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeFocused();
});
