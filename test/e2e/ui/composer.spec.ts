// The composer: Enter sends, Shift+Enter adds a line, Stop and Esc stop a turn, nothing typed is lost.
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

test('Enter sends the message; Shift+Enter adds a new line', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(composer).toBeFocused();
  await expect(composer).toHaveAttribute('placeholder', 'Message Claude… (Enter to send, Shift+Enter for a new line)');
  await composer.pressSequentially('first line');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('second line');
  await expect(composer).toHaveValue('first line\nsecond line');
  expect(await ui.calls('session:send')).toEqual([]);

  await composer.press('Enter');
  await expect(composer).toHaveValue('');
  await expect.poll(() => ui.calls('session:send')).toEqual([{ channel: 'session:send', input: { id: SESSION, text: 'first line\nsecond line' } }]);
  const mine = page.getByRole('log', { name: 'Transcript' }).getByRole('article', { name: 'You' });
  await expect(mine).toContainText('first line');
  await expect(mine).toContainText('second line');
});

test('an empty or blank message is not sent', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.press('Enter');
  await composer.fill('   ');
  await composer.press('Enter');
  expect(await ui.calls('session:send')).toEqual([]);
});

test('Stop and Esc stop the running turn', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await ui.pushSession(SESSION, [{ kind: 'status', status: 'working' }]);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => ui.calls('session:interrupt')).toEqual([{ channel: 'session:interrupt', input: { id: SESSION } }]);
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Escape');
  await expect.poll(async () => (await ui.calls('session:interrupt')).length).toBe(2);
  await ui.pushSession(SESSION, [{ kind: 'status', status: 'ready' }]);
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
});

test('a message the host refuses comes back into the box with the reason', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('session:send', [
      { ok: false, error: { kind: 'not-running', message: 'This session has ended.', hint: 'Resume it to continue the conversation.' } },
    ]),
  );
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('keep this text');
  await composer.press('Enter');
  await expect(composer).toHaveValue('keep this text');
  await expect(page.getByText('This session has ended. Resume it to continue the conversation.')).toBeVisible();
});

test('the empty state shows folder, model and mode, and examples fill the composer', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(
      snapshotWith([
        sessionView(SESSION, { info: { permissionMode: 'acceptEdits', model: 'sonnet', models: [{ value: 'sonnet', displayName: 'Sonnet 4.5' }] } }),
      ]),
    ),
  );
  const empty = page.getByRole('region', { name: 'New session' });
  await expect(empty).toContainText('~/code/api-server');
  await expect(empty).toContainText('Sonnet 4.5');
  await expect(empty).toContainText('Accept edits');
  const examples = empty.getByRole('button');
  await expect(examples).toHaveCount(3);
  const text = await examples.nth(1).innerText();
  await examples.nth(1).click();
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(composer).toHaveValue(text);
  await expect(composer).toBeFocused();
  expect(await ui.calls('session:send')).toEqual([]);
});

test('an ended session disables the composer and offers Resume', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'ended' })])));
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeDisabled();
  await expect(page.getByText('This session has ended.')).toBeVisible();
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => ui.calls('session:restart')).toEqual([{ channel: 'session:restart', input: { id: SESSION } }]);
});

test('a host that refuses the window says so once, for the whole window', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('session:send', [
      {
        ok: false,
        error: {
          kind: 'unauthorized',
          message: 'The clide host refused this page: its access token is not valid, or no longer is.',
          hint: 'Open the URL that `npm run web` printed; it changes every time the host starts.',
        },
      },
    ]),
  );
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('are you there?');
  await composer.press('Enter');
  await expect(page.getByText('its access token is not valid')).toBeVisible();
  await expect(page.getByText('Open the URL that `npm run web` printed')).toBeVisible();
  await expect(composer).toHaveValue('are you there?');
});
