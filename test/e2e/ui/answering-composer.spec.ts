// The composer against the API double: the visible, editable queue and steering; prompt
// history; slash-command and @-file typeahead; pasted images; and the mode, model and effort
// controls, which show only what the host confirmed. Screenshots in light and dark.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

const commands = [
  { name: 'review', description: 'Review the current changes', argumentHint: '[focus]' },
  { name: 'deploy', description: 'Deploy to staging (project)', argumentHint: '<env>' },
  { name: 'compact', description: 'Clear history but keep a summary' },
  { name: 'tidy', description: 'Tidy imports (user)' },
];

const models = [
  {
    value: 'default',
    displayName: 'Default (recommended)',
    description: 'Opus 5.5 for complex work',
    resolvedModel: 'claude-opus-5-5',
    supportsEffort: true,
    effortLevels: ['low', 'medium', 'high'],
  },
  { value: 'sonnet', displayName: 'Sonnet', description: 'Efficient for routine tasks', resolvedModel: 'claude-sonnet-5-5' },
];

function view(status: 'ready' | 'working' = 'ready') {
  return sessionView(SESSION, {
    status,
    info: { cwd: '/home/ada/code/api-server', permissionMode: 'default', model: 'claude-opus-5-5', models, commands, bypassAvailable: true },
  });
}

test('while Claude works, Enter queues; the queue is visible, editable, reorderable and cancellable; Send now steers', async ({ ui, page }, testInfo) => {
  await ui.open(doubleOptions(snapshotWith([view('working')])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(composer).toHaveAttribute('placeholder', 'Message Claude… (Enter to queue, Ctrl+Enter to send now)');
  for (const text of ['first queued', 'second queued', 'third queued']) {
    await composer.fill(text);
    await composer.press('Enter');
  }
  await expect
    .poll(async () => (await ui.calls('session:send')).map((c) => c.input))
    .toEqual([
      { id: SESSION, text: 'first queued', queue: true },
      { id: SESSION, text: 'second queued', queue: true },
      { id: SESSION, text: 'third queued', queue: true },
    ]);
  const queue = page.getByRole('region', { name: 'Queued messages' });
  await expect(queue.getByRole('listitem')).toHaveCount(3);
  await expect(queue).toContainText('sent one at a time when Claude finishes (3)');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(testInfo, `answering-queue-${scheme}`), animations: 'disabled' });
  }

  // Edit in place.
  await queue.getByRole('button', { name: 'second queued' }).click();
  const edit = queue.getByRole('textbox', { name: 'Edit queued message 2' });
  await edit.fill('second, edited');
  await edit.press('Enter');
  await expect(queue.getByRole('listitem').nth(1)).toContainText('second, edited');
  // Reorder with the buttons and with Alt+Up.
  await queue.getByRole('button', { name: 'Move queued message 3 up' }).click();
  await expect(queue.getByRole('listitem').nth(1)).toContainText('third queued');
  await queue.getByRole('button', { name: 'Move queued message 2 up' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(queue.getByRole('listitem').first()).toContainText('third queued');
  // Remove one, send another now.
  await queue.getByRole('button', { name: 'Remove queued message 3' }).click();
  await expect(queue.getByRole('listitem')).toHaveCount(2);
  await queue.getByRole('button', { name: 'Send queued message 1 now' }).click();
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'You' })).toContainText('third queued');
  await expect
    .poll(async () => (await ui.calls()).filter((c) => c.channel.startsWith('session:queue')).map((c) => c.channel))
    .toEqual(['session:queueEdit', 'session:queueMove', 'session:queueMove', 'session:queueRemove', 'session:queueSendNow']);

  // Ctrl+Enter sends straight into the running turn.
  await composer.fill('steer: use the v2 API');
  await composer.press('Control+Enter');
  await expect.poll(async () => (await ui.calls('session:send')).at(-1)?.input).toEqual({ id: SESSION, text: 'steer: use the v2 API' });

  // A queue held after Stop says so and can resume.
  await ui.pushSession(SESSION, [
    {
      kind: 'queue',
      messages: [{ id: 'q9', text: 'after the stop', at: Date.now() }],
      hold: { reason: 'stopped', message: 'You stopped the turn, so the queue waits.' },
    },
  ]);
  await expect(queue).toContainText('You stopped the turn, so the queue waits.');
  await queue.getByRole('button', { name: 'Resume queue' }).click();
  await expect.poll(async () => (await ui.calls('session:queueResume')).map((c) => c.input)).toEqual([{ id: SESSION }]);
});

test('Up and Down walk through earlier prompts and give back the draft', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(
      snapshotWith([
        {
          ...view(),
          items: [
            { type: 'user', id: 'u1', text: 'add a health endpoint', at: 1 },
            { type: 'user', id: 'u2', text: 'now test it\nwith supertest', at: 2 },
          ],
        },
      ]),
    ),
  );
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.press('ArrowUp');
  await expect(composer).toHaveValue('now test it\nwith supertest');
  // The caret lands at the end (second line): Up moves within the text first.
  await composer.press('ArrowUp');
  await composer.press('ArrowUp');
  await expect(composer).toHaveValue('add a health endpoint');
  await composer.press('ArrowDown');
  await composer.press('ArrowDown');
  await expect(composer).toHaveValue('');
  // A draft in progress is not replaced by Up.
  await composer.fill('my draft');
  await composer.press('ArrowUp');
  await expect(composer).toHaveValue('my draft');
});

test('slash commands: listed from the CLI with hints, filtered as you type, keyboard navigable', async ({ ui, page }, testInfo) => {
  await ui.open(doubleOptions(snapshotWith([view()])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.pressSequentially('/');
  const list = page.getByRole('listbox', { name: 'Commands' });
  await expect(list.getByRole('option')).toHaveCount(4);
  // Your own commands come first and say where they come from.
  await expect(list.getByRole('option').first()).toContainText('/deploy');
  await expect(list.getByRole('option').first()).toContainText('project');
  await expect(list.getByRole('option').first()).toContainText('<env>');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(testInfo, `answering-slash-${scheme}`), animations: 'disabled' });
  }
  await composer.pressSequentially('re');
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(list.getByRole('option')).toContainText('Review the current changes');
  await composer.press('Backspace');
  await composer.press('Backspace');
  await composer.press('ArrowDown');
  await expect(list.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
  await composer.press('Enter');
  await expect(composer).toHaveValue('/tidy ');
  await expect(list).toHaveCount(0);
  expect(await ui.calls('session:send')).toEqual([]);
  await composer.pressSequentially('imports');
  await composer.press('Enter');
  await expect.poll(async () => (await ui.calls('session:send')).map((c) => c.input)).toEqual([{ id: SESSION, text: '/tidy imports' }]);
  // A command typed out in full is sent by Enter.
  await composer.pressSequentially('/review');
  await composer.press('Enter');
  // (Queued: the double's echo of the first message left the session working.)
  await expect.poll(async () => (await ui.calls('session:send')).at(-1)?.input).toEqual({ id: SESSION, text: '/review', queue: true });
  // Esc closes the list without stopping anything.
  await composer.pressSequentially('/co');
  await expect(page.getByRole('listbox', { name: 'Commands' })).toBeVisible();
  await composer.press('Escape');
  await expect(page.getByRole('listbox', { name: 'Commands' })).toHaveCount(0);
});

test('@ mentions ask the host for matching files and insert the path', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([view()])));
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('session:fileSuggestions', [
      {
        ok: true,
        value: {
          cwd: '/home/ada/code/api-server',
          items: [
            { path: 'src/router.ts', folder: false },
            { path: 'src/routes/', folder: true },
          ],
          truncated: false,
        },
      },
    ]),
  );
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.pressSequentially('look at @rout');
  const list = page.getByRole('listbox', { name: 'Files' });
  await expect(list.getByRole('option')).toHaveCount(2);
  await expect.poll(async () => (await ui.calls('session:fileSuggestions')).at(-1)?.input).toEqual({ id: SESSION, query: 'rout' });
  await composer.press('Tab');
  await expect(composer).toHaveValue('look at @src/router.ts ');
});

test('a pasted or dropped image shows as a thumbnail and goes with the message as an image block', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([view()])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.focus();
  // A 1x1 PNG, pasted the way a browser delivers a screenshot from the clipboard.
  const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  await composer.evaluate((el, data) => {
    const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'screenshot.png', { type: 'image/png' }));
    dt.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  }, png);
  const strip = page.getByRole('list', { name: 'Images to send' });
  await expect(strip.getByRole('img', { name: 'screenshot.png' })).toBeVisible();
  await expect(page.getByText('Not attached: notes.txt is not a PNG, JPEG, GIF or WebP image.')).toBeVisible();
  await composer.fill('what is in this picture?');
  await composer.press('Enter');
  await expect
    .poll(async () => (await ui.calls('session:send')).map((c) => c.input))
    .toEqual([{ id: SESSION, text: 'what is in this picture?', images: [{ mediaType: 'image/png', data: png }] }]);
  await expect(strip).toHaveCount(0);

  // Dropped on the box, too; and an image can be removed before sending.
  await page.locator('form.composer').evaluate((form, data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'dropped.png', { type: 'image/png' }));
    dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], 'second.png', { type: 'image/png' }));
    form.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    form.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, png);
  await expect(strip.getByRole('img')).toHaveCount(2);
  await strip.getByRole('button', { name: 'Remove second.png' }).click();
  await expect(strip.getByRole('img')).toHaveCount(1);
  // An image alone is a message too (queued: the first message started a turn).
  await composer.press('Enter');
  await expect
    .poll(async () => (await ui.calls('session:send')).at(-1)?.input)
    .toEqual({ id: SESSION, text: '', images: [{ mediaType: 'image/png', data: png }], queue: true });
  await expect(page.getByRole('region', { name: 'Queued messages' })).toContainText('1 image');
});

test('images of one message add up to at most 40 MB: one more is refused, saying so, and the rest go', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([view()])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.focus();
  await composer.evaluate((el) => {
    const dt = new DataTransfer();
    for (const name of ['a.png', 'b.png', 'c.png']) dt.items.add(new File([new Uint8Array(15 * 1024 * 1024)], name, { type: 'image/png' }));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
  });
  await expect(page.getByText('Not attached: c.png would take the images of this message past 40 MB in all.')).toBeVisible();
  const strip = page.getByRole('list', { name: 'Images to send' });
  await expect(strip.getByRole('listitem')).toHaveCount(2);
  await composer.fill('two big ones');
  await composer.press('Enter');
  // Counted in the page: copying 40 MB of recorded calls out on every poll would be slow.
  const sentImages = () =>
    page.evaluate(() =>
      (window.__clideDouble?.calls ?? []).filter((c) => c.channel === 'session:send').map((c) => (c.input as { images?: unknown[] }).images?.length),
    );
  await expect.poll(sentImages).toEqual([2]);
});

test('mode, model and effort show what the CLI confirmed; Shift+Tab cycles; bypass needs a confirmation', async ({ ui, page }, testInfo) => {
  await ui.open(doubleOptions(snapshotWith([view()])));
  const mode = page.getByRole('button', { name: 'Permission mode' });
  await expect(mode).toHaveText(/Default mode/);
  await mode.click();
  await page.getByRole('option', { name: /Plan mode/ }).click();
  await expect.poll(async () => (await ui.calls('session:setPermissionMode')).map((c) => c.input)).toEqual([{ id: SESSION, mode: 'plan' }]);
  // The double answered, but no confirmed mode arrived yet: nothing optimistic.
  await expect(mode).toHaveText(/Default mode/);
  await ui.pushSession(SESSION, [{ kind: 'info', info: { permissionMode: 'plan' } }]);
  await expect(mode).toHaveText(/Plan mode/);
  // Shift+Tab steps from the confirmed mode.
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Shift+Tab');
  await expect.poll(async () => (await ui.calls('session:setPermissionMode')).at(-1)?.input).toEqual({ id: SESSION, mode: 'default' });

  // Bypass asks first; Cancel sends nothing.
  await mode.click();
  await page.getByRole('option', { name: /Bypass permissions/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Turn on Bypass permissions?' });
  await expect(confirm).toContainText('without asking you');
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(testInfo, `answering-bypass-${scheme}`), animations: 'disabled' });
  }
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  expect((await ui.calls('session:setPermissionMode')).map((c) => (c.input as { mode: string }).mode)).not.toContain('bypassPermissions');
  await mode.click();
  await page.getByRole('option', { name: /Bypass permissions/ }).click();
  await page.getByRole('button', { name: 'Turn on bypass' }).click();
  // With the nonce of that confirmation, which the core requires.
  await expect
    .poll(async () => (await ui.calls('session:setPermissionMode')).at(-1)?.input)
    .toEqual({ id: SESSION, mode: 'bypassPermissions', confirm: `nonce:bypass-permissions:${SESSION}` });

  // A refusal is explained where the control is.
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('session:setPermissionMode', [{ ok: false, error: { kind: 'internal', message: 'Claude refused to change the mode.' } }]),
  );
  await mode.click();
  await page.getByRole('option', { name: /Accept edits/ }).click();
  await expect(page.getByRole('toolbar', { name: 'Session settings' })).toContainText('Claude refused to change the mode.');

  // Model: the CLI's list with descriptions; effort where the model supports it.
  const model = page.getByRole('button', { name: 'Model' });
  await expect(model).toHaveText(/Default \(recommended\)/);
  await model.click();
  await expect(page.getByRole('option', { name: /Sonnet/ })).toContainText('Efficient for routine tasks');
  await page.getByRole('option', { name: /Sonnet/ }).click();
  await expect.poll(async () => (await ui.calls('session:setModel')).map((c) => c.input)).toEqual([{ id: SESSION, model: 'sonnet' }]);
  const effort = page.getByRole('button', { name: 'Effort' });
  await effort.click();
  await page.getByRole('option', { name: 'High' }).click();
  await expect.poll(async () => (await ui.calls('session:setEffort')).map((c) => c.input)).toEqual([{ id: SESSION, level: 'high' }]);
  await expect(effort).toHaveText(/Effort: default/);
  await ui.pushSession(SESSION, [{ kind: 'info', info: { model: 'claude-sonnet-5-5', effortLevel: 'high' } }]);
  await expect(model).toHaveText(/Sonnet/);
  // Sonnet (here) has no effort levels: the control goes away.
  await expect(effort).toHaveCount(0);
});

test('the Style menu sets the output style the CLI listed, and its last entry reloads them from disk', async ({ ui, page }, testInfo) => {
  const v = view();
  await ui.open(doubleOptions(snapshotWith([{ ...v, info: { ...v.info, outputStyles: ['default', 'Explanatory', 'Learning'], outputStyle: 'default' } }])));
  const style = page.getByRole('button', { name: 'Output style' });
  await expect(style).toHaveText(/Style: Default/);
  await style.click();
  await expect(page.getByRole('option')).toHaveText([/Default/, /Explanatory/, /Learning/, /Reload styles, skills and plugins/]);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: shot(testInfo, `answering-style-${scheme}`), animations: 'disabled' });
  }
  await page.getByRole('option', { name: /Explanatory/ }).click();
  await expect.poll(async () => (await ui.calls('session:setOutputStyle')).map((c) => c.input)).toEqual([{ id: SESSION, style: 'Explanatory' }]);
  // Shown once the CLI confirms it (the session's info), never before.
  await expect(style).toHaveText(/Style: Default/);
  await ui.pushSession(SESSION, [{ kind: 'info', info: { outputStyle: 'Explanatory', outputStyles: ['default', 'Explanatory', 'Learning', 'Terse'] } }]);
  await expect(style).toHaveText(/Style: Explanatory/);
  await style.click();
  await page.getByRole('option', { name: /Reload styles/ }).click();
  await expect.poll(async () => (await ui.calls('session:reload')).map((c) => c.input)).toEqual([{ id: SESSION }]);
  await expect(style).toHaveText(/Style: Explanatory/);
});

test('bypass is offered only where the CLI allows it, with the reason otherwise', async ({ ui, page }) => {
  const v = view();
  await ui.open(
    doubleOptions(
      snapshotWith([
        {
          ...v,
          info: { ...v.info, bypassAvailable: false, bypassUnavailableReason: 'Claude Code does not allow bypassing permissions when it runs as root.' },
        },
      ]),
    ),
  );
  await page.getByRole('button', { name: 'Permission mode' }).click();
  const option = page.getByRole('option', { name: /Bypass permissions/ });
  await expect(option).toHaveAttribute('aria-disabled', 'true');
  await expect(option).toContainText('runs as root');
  await option.click({ force: true });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});
