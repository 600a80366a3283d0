// Workspace trust end to end (Chromium, the browser host started as `npm run web --cwd <folder>`,
// the real CLI): the first tab in a folder with a hook and an MCP server of its own shows what
// would run and starts nothing; a message waits; Trust starts Claude with them; Settings lists
// the folder, and Revoke takes it out.
import fs from 'node:fs';
import path from 'node:path';
import { text } from '../support/fake-api';
import type { CliSandbox } from '../support/real-cli';
import { seriousViolations, useScheme } from './ui/axe';
import { expect, test } from './fixtures';

const shot = (name: string) => path.join(test.info().project.outputDir, 'trust-screenshots', `${name}.png`);

function hostileFolder(sb: CliSandbox): string {
  const marks = path.join(sb.home, 'marks');
  fs.mkdirSync(marks, { recursive: true });
  fs.mkdirSync(path.join(sb.cwd, '.claude'), { recursive: true });
  fs.writeFileSync(
    path.join(sb.cwd, '.claude', 'settings.json'),
    JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `touch ${marks}/PROMPT` }] }] } }),
  );
  fs.writeFileSync(
    path.join(sb.cwd, '.mcp.json'),
    JSON.stringify({ mcpServers: { probe: { command: '/bin/sh', args: ['-c', `touch ${marks}/MCP; sleep 30`] } } }),
  );
  return marks;
}

test('the first tab in a folder that would run its own hook and MCP server asks first; Trust starts Claude with them; Settings can revoke it', async ({
  page,
  clide,
}) => {
  let marks = '';
  const started = await clide.start({ prepare: (sb) => void (marks = hostileFolder(sb)) });
  started.sandbox.api.script([text('Trusted and running.')]);
  await clide.open(page, started);

  const card = page.getByRole('region', { name: 'Do you trust the files in this folder?' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('.claude/settings.json');
  await expect(card).toContainText('UserPromptSubmit hook');
  await expect(card).toContainText(`touch ${marks}/PROMPT`);
  await expect(card).toContainText('MCP server probe');
  await expect(card.getByRole('button', { name: 'Open restricted' })).toBeVisible();
  expect(await seriousViolations(page, 'the trust question', { within: '.trust-card' })).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    await page.screenshot({ path: shot(`trust-question-${scheme}`), animations: 'disabled' });
  }
  await useScheme(page, 'light');

  // A message written meanwhile stays in the box, and nothing has run or been asked of the API.
  const box = page.getByRole('textbox', { name: 'Message Claude' });
  await box.fill('hello there');
  await box.press('Enter');
  await expect(page.getByText('Claude starts once you trust this folder, or open it restricted.')).toBeVisible();
  await expect(box).toHaveValue('hello there');
  expect(fs.readdirSync(marks)).toEqual([]);
  expect(started.sandbox.api.requests).toHaveLength(0);

  await card.getByRole('button', { name: 'Trust this folder' }).click();
  await expect(card).toBeHidden();
  await box.press('Enter');
  await expect(page.getByText('Trusted and running.', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => fs.readdirSync(marks).sort(), { timeout: 30_000 }).toEqual(['MCP', 'PROMPT']);

  await page.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: /Settings/ });
  const trusted = settings.getByRole('group', { name: 'Trusted folders' });
  await expect(trusted).toContainText('trusted here');
  await trusted.scrollIntoViewIfNeeded();
  await page.screenshot({ path: shot('trusted-folders-light'), animations: 'disabled' });
  await trusted.getByRole('button', { name: /^Revoke trust in / }).click();
  await expect(trusted).toContainText('No folder is trusted yet.');
});
