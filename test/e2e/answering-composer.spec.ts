// The composer end to end (Chromium, browser host, real CLI): slash-command typeahead with the
// project's and the person's own commands, @ file mentions, a queued message sent after the
// turn and a steered one folded into it, Stop with Esc, a pasted image, and model, effort and
// mode changes shown once the CLI confirms them.
import fs from 'node:fs';
import path from 'node:path';
import { lastUserText, text, toolUse, type MessagesBody, type Responder } from '../support/fake-api';
import { expect, test } from './fixtures';

/** What the person typed: the CLI adds reminders (after a model change) and image notes around it. */
function prompt(body: MessagesBody): string {
  const t = lastUserText(body).replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '');
  const lines = t.split('\n').filter((l) => l.trim() && !l.startsWith('[Image'));
  return (lines.at(-1) ?? '').trim().slice(0, 80);
}

function userTexts(body: MessagesBody): string {
  return JSON.stringify(body.messages.filter((m) => m.role === 'user'));
}

test('slash commands, queue and steer, Stop, and model and mode confirmed by the CLI', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  // A project command and a command of the person's own, as Claude Code reads them at start.
  fs.mkdirSync(path.join(sandbox.cwd, '.claude', 'commands'), { recursive: true });
  fs.writeFileSync(
    path.join(sandbox.cwd, '.claude', 'commands', 'deploy.md'),
    '---\ndescription: Deploy the service\nargument-hint: <env>\n---\nDeploy to $ARGUMENTS.\n',
  );
  fs.mkdirSync(path.join(sandbox.configDir, 'commands'), { recursive: true });
  fs.writeFileSync(path.join(sandbox.configDir, 'commands', 'tidy-imports.md'), '---\ndescription: Tidy the imports\n---\nTidy the imports.\n');
  fs.writeFileSync(path.join(sandbox.cwd, 'README.md'), 'hello\n');

  let releaseFirst!: () => void;
  const first = new Promise<void>((r) => (releaseFirst = r));
  let releaseSlow!: () => void;
  const slow = new Promise<void>((r) => (releaseSlow = r));
  const script: Responder = (req, i) => {
    if (i === 0) return { ...toolUse('Read', { file_path: 'README.md' }), hold: first };
    if (i === 1) return text('Read it.');
    if (i === 3) return { ...text('This will be stopped.'), hold: slow };
    return text(`Answer to: ${prompt(req.body)}`);
  };
  sandbox.api.script(script);
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const transcript = page.getByRole('log', { name: 'Transcript' });

  // Slash commands from initialize: the project's and the person's own, filtered as typed.
  await composer.pressSequentially('/');
  const commands = page.getByRole('listbox', { name: 'Commands' });
  const deploy = commands.getByRole('option', { name: /\/deploy/ });
  await expect(deploy).toContainText('project');
  await expect(deploy).toContainText('<env>');
  await expect(deploy).toContainText('Deploy the service');
  await expect(commands.getByRole('option', { name: /\/tidy-imports/ })).toContainText('user');
  await composer.pressSequentially('tidy');
  await expect(commands.getByRole('option')).toHaveCount(1);
  await composer.press('Enter');
  await expect(composer).toHaveValue('/tidy-imports ');
  await composer.fill('');

  // @ mentions: a fuzzy match in the session's folder, inserted as a path.
  await composer.pressSequentially('summarise @rdme');
  const files = page.getByRole('listbox', { name: 'Files' });
  await expect(files.getByRole('option').first()).toContainText('README.md');
  await composer.press('Tab');
  await expect(composer).toHaveValue('summarise @README.md ');
  await composer.fill('');

  // A turn that is held open at the API: one message queued with Enter, one steered with Ctrl+Enter.
  await composer.fill('Read the README');
  await composer.press('Enter');
  await expect.poll(() => sandbox.api.turns().length).toBe(1);
  await composer.fill('Queued: what else is in the folder?');
  await composer.press('Enter');
  const queue = page.getByRole('region', { name: 'Queued messages' });
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await expect(queue).toContainText('Queued: what else is in the folder?');
  await composer.fill('Steer: also mention its size');
  await composer.press('Control+Enter');
  await expect(transcript.getByRole('article', { name: 'You' }).last()).toContainText('Steer: also mention its size');
  releaseFirst();
  await expect(transcript).toContainText('Read it.');
  await expect(transcript).toContainText('Answer to: Queued: what else is in the folder?');
  await expect(queue).toHaveCount(0);
  const turns = sandbox.api.turns();
  expect(userTexts(turns[1]!.body)).toContain('Steer: also mention its size');
  expect(userTexts(turns[1]!.body)).not.toContain('Queued: what else');
  expect(lastUserText(turns[2]!.body)).toContain('Queued: what else is in the folder?');

  // Stop with Esc while the reply is held open.
  await composer.fill('Something slow');
  await composer.press('Enter');
  await expect.poll(() => sandbox.api.turns().length).toBe(4);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await composer.press('Escape');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await expect(transcript).toContainText('Interrupted by you');
  releaseSlow();

  // A pasted image goes to Claude as an image block, with a thumbnail before sending.
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  await composer.evaluate((el, data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'dot.png', { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, png);
  await expect(page.getByRole('list', { name: 'Images to send' }).getByRole('img', { name: 'dot.png' })).toBeVisible();
  await composer.fill('What is in this picture?');
  await composer.press('Enter');
  await expect(transcript).toContainText('Answer to: What is in this picture?');
  const withImage = sandbox.api.turns().at(-1)!.body.messages.at(-1)!.content as Array<{ type: string; source?: { media_type?: string; data?: string } }>;
  expect(withImage.find((b) => b.type === 'image')?.source).toMatchObject({ media_type: 'image/png', data: png });

  // Model: shown once the CLI confirms it, and used for the next turn.
  const model = page.getByRole('button', { name: 'Model' });
  await model.click();
  await page.getByRole('option', { name: /^Sonnet/ }).click();
  await expect(model).toHaveText(/Sonnet/);
  await composer.fill('Which model now?');
  await composer.press('Enter');
  await expect(transcript).toContainText('Answer to: Which model now?');
  expect(sandbox.api.turns().at(-1)!.body.model).toContain('sonnet');
  // Effort, where the model supports it: shown once the CLI accepted it.
  const effort = page.getByRole('button', { name: 'Effort' });
  await expect(effort).toHaveText(/Effort: default/);
  await effort.click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await expect(effort).toHaveText(/Effort: High/);

  // Shift+Tab asks for the next mode; the control shows it when the CLI says so.
  const mode = page.getByRole('button', { name: 'Permission mode' });
  await expect(mode).toHaveText(/Default mode/);
  await composer.press('Shift+Tab');
  await expect(mode).toHaveText(/Accept edits/);
  await expect(page.getByRole('contentinfo', { name: 'Session status' })).toContainText('Accept edits');
});
