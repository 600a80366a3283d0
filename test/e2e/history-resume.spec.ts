// History end to end, through the browser host and the real CLI: a session is run and closed,
// found in the History drawer, opened again with its earlier conversation shown like a live
// one, and continued with the earlier messages sent to the API.
import { lastUserText, text } from '../support/fake-api';
import { expect, test } from './fixtures';

test('a closed session is found in History, resumed with its conversation, and continued', async ({ page, clide }) => {
  const started = await clide.start();
  const { sandbox } = started;
  sandbox.api.script((req) => {
    const prompt = lastUserText(req.body);
    if (prompt.includes('remember the kiwi')) return text('I will remember the kiwi.');
    if (prompt.includes('What fruit')) return text('You asked me to remember the kiwi.');
    return text('(unexpected prompt)');
  });
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await composer.fill('Please remember the kiwi');
  await composer.press('Enter');
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText('I will remember the kiwi.');
  const status = page.getByRole('contentinfo', { name: 'Session status' });
  await expect(status).toContainText(/\$\d/);
  // The turn is over (the cost can show a moment before): closing a working tab asks first.
  await expect(status.locator('.sb-status')).toHaveText('Ready');

  // Close the tab: nothing is open any more.
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');
  // Delete on the tab closes it (the × beside it is for the mouse).
  await page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab').first().press('Delete');
  await expect(tabs).toHaveCount(0);
  await expect.poll(() => started.host.claudePids().length, { timeout: 20_000 }).toBe(0);

  // History lists it under its folder, with its first prompt as the title.
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History' });
  const row = drawer.getByRole('button', { name: /^Please remember the kiwi/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('2 messages');
  await expect(drawer.locator('.history-project-name')).toHaveText(['work']);
  await row.click();
  await expect(drawer).toBeHidden();
  await expect(composer).toBeFocused();

  // The earlier conversation is back in a new tab, rendered like the live one.
  await expect(tabs).toHaveCount(1);
  await expect(transcript.getByRole('article', { name: 'You' })).toHaveText(/Please remember the kiwi/);
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText('I will remember the kiwi.');

  // It continues: the next request carries the earlier messages.
  const before = sandbox.api.turns().length;
  await composer.fill('What fruit did I mention?');
  await composer.press('Enter');
  await expect(transcript.getByRole('article', { name: 'Claude' }).last()).toContainText('You asked me to remember the kiwi.');
  const request = sandbox.api
    .turns()
    .slice(before)
    .find((t) => lastUserText(t.body).includes('What fruit'));
  expect(JSON.stringify(request?.body.messages)).toContain('Please remember the kiwi');
  expect(JSON.stringify(request?.body.messages)).toContain('I will remember the kiwi.');

  // Opening it again from History goes to the same tab: never two tabs on one session.
  await page.keyboard.press('Control+Shift+H');
  await expect(drawer.getByRole('button', { name: /^Please remember the kiwi/ })).toContainText('open');
  await drawer.getByRole('button', { name: /^Please remember the kiwi/ }).click();
  await expect(drawer).toBeHidden();
  await expect(tabs).toHaveCount(1);
  expect(started.host.claudePids()).toHaveLength(1);
});
