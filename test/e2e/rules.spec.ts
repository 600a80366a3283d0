// The "Rules and hooks" panel end to end (Chromium, browser host, real CLI): the rules of the
// user, project and local settings files with their files, the hooks by event, the search; a
// rule "Always allow" saved is marked, Remove asks, takes it out of its file once Claude Code no
// longer lists it, and the same command is asked about again.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { text, toolUse } from '../support/fake-api';
import { writeSampleSettings } from '../support/rules-settings';
import { expect, test } from './fixtures';

const shot = (name: string) => path.join(test.info().project.outputDir, 'rules-screenshots', `${name}.png`);

async function openRules(page: Page) {
  await page.getByRole('toolbar', { name: 'Session settings' }).getByRole('button', { name: 'Rules' }).click();
  const panel = page.getByRole('dialog', { name: 'Rules and hooks' });
  await expect(panel).toBeVisible();
  return panel;
}

test("the panel lists every settings file's rules with their file, and the hooks by event; the search filters both", async ({ page, clide }) => {
  const started = await clide.start({ prepare: writeSampleSettings });
  const { sandbox } = started;
  await clide.open(page, started);
  const panel = await openRules(page);
  const lint = panel.getByRole('list', { name: 'Allow rules' }).getByRole('listitem', { name: 'Bash(npm run lint)' });
  await expect(lint).toContainText('The Bash command npm run lint');
  await expect(lint).toContainText(`This project, just you · ${path.join(sandbox.cwd, '.claude', 'settings.local.json')}`);
  await expect(lint.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  // The sandbox's HOME holds the config dir: the user file reads as ~/.claude/settings.json.
  await expect(panel.getByRole('list', { name: 'Allow rules' }).getByRole('listitem', { name: 'Read(/tmp/**)' })).toContainText(
    'All your projects · ~/.claude/settings.json',
  );
  await expect(panel.getByRole('list', { name: 'Ask rules' }).getByRole('listitem', { name: 'Bash(git push:*)' })).toContainText(
    `This project, shared · ${path.join(sandbox.cwd, '.claude', 'settings.json')}`,
  );
  await expect(panel.getByRole('list', { name: 'Deny rules' }).getByRole('listitem', { name: 'WebFetch' })).toContainText('Any use of the WebFetch tool');
  const pre = panel.getByRole('list', { name: 'PreToolUse hooks' }).getByRole('listitem', { name: 'echo checked' });
  await expect(pre).toContainText('Bash');
  await expect(pre).toContainText('User settings (~/.claude/settings.json)');
  await expect(panel.getByRole('list', { name: 'SessionStart hooks' }).getByRole('listitem', { name: 'echo started' })).toContainText('timeout 5 s');
  await expect(panel.getByRole('list', { name: 'Stop hooks' }).getByRole('listitem', { name: 'Check the work' })).toContainText('Prompt');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(`rules-panel-${scheme}`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await panel.getByRole('searchbox', { name: 'Search rules and hooks' }).fill('push');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('listitem')).toHaveAccessibleName('Bash(git push:*)');
  await expect(panel).toContainText('No hook matches “push”.');
  await panel.getByRole('searchbox', { name: 'Search rules and hooks' }).fill('SessionStart');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(panel.getByRole('listitem')).toHaveAccessibleName('echo started');
  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toBeHidden();
});

test('"Always allow" is marked in the panel; Remove asks, takes it out, and the command is asked about again', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  const npmTest = { command: 'npm test -- health', description: 'Run the health tests' };
  sandbox.api.script([toolUse('Bash', npmTest), text('Ran them.'), toolUse('Bash', npmTest), text('Not run.')]);
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await composer.fill('Run the health tests');
  await composer.press('Enter');
  await page.getByRole('dialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Always allow' }).click();
  await expect(transcript).toContainText('Ran them.');

  const panel = await openRules(page);
  const saved = panel.getByRole('listitem', { name: 'Bash(npm test *)' });
  const local = path.join(sandbox.cwd, '.claude', 'settings.local.json');
  await expect(saved).toContainText('Added by clide');
  await expect(saved).toContainText(`This project, just you · ${local}`);
  await saved.getByRole('button', { name: 'Remove' }).click();
  const confirm = saved.getByRole('group', { name: 'Remove Bash(npm test *)?' });
  await expect(confirm).toContainText(`Remove it from ${local}? Claude will ask again before doing what it allowed.`);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(`rules-remove-confirm-${scheme}`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await confirm.getByRole('button', { name: 'Remove rule' }).click();
  // Gone once Claude Code itself no longer lists it.
  await expect(saved).toBeHidden();
  await expect(panel).toContainText('No rules: Claude Code asks before every tool that needs permission.');
  expect(JSON.parse(fs.readFileSync(local, 'utf8'))).toEqual({ permissions: { allow: [] } });
  await panel.getByRole('button', { name: 'Check again' }).click();
  await expect(panel.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expect(panel.getByRole('listitem', { name: 'Bash(npm test *)' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Done' }).click();

  await composer.fill('Run them again');
  await composer.press('Enter');
  const again = page.getByRole('dialog', { name: 'Allow Bash?' });
  await expect(again).toContainText('npm test -- health');
  await again.getByRole('button', { name: 'Deny', exact: true }).click();
  await expect(transcript).toContainText('Not run.');
});
