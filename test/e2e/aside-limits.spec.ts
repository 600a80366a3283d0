// Ask aside and limits that fix themselves through the browser host, on the real CLI with the
// fake API: a side question asked while a turn runs is answered in the panel and the turn goes
// on; a turn stopped by a usage limit continues by itself at the reset, with the page closed,
// sending the stopped request and then the queued message.
import { lastUserText, sideQuestionText, text, usageLimit, type FakeReply } from '../support/fake-api';
import { waitFor } from '../support/wait';
import { expect, test } from './fixtures';

function held(reply: FakeReply): { reply: FakeReply; release: () => void } {
  let release!: () => void;
  const hold = new Promise<void>((r) => (release = r));
  return { reply: { ...reply, hold }, release };
}

test('a side question asked while Claude works is answered in the panel; the turn goes on untouched', async ({ page, clide }) => {
  const started = await clide.start();
  const main = held(text('The refactor is done.'));
  started.sandbox.api.script([main.reply]);
  started.sandbox.api.scriptSide((req) => text(`You asked: ${sideQuestionText(req.body)} The answer is the parser.`, { delayMs: 20 }));
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('Refactor the parser.');
  await composer.press('Enter');
  await expect.poll(() => started.sandbox.api.turns().length).toBe(1);

  await page.keyboard.press('Control+Shift+Slash');
  const panel = page.getByRole('complementary', { name: 'Ask aside' });
  const box = panel.getByRole('textbox', { name: 'Ask aside' });
  await expect(box).toBeFocused();
  await box.fill('Which file are you in?');
  await box.press('Enter');
  const item = panel.getByRole('listitem', { name: 'Side question: Which file are you in?' });
  await expect(item).toContainText('You asked: Which file are you in? The answer is the parser.');
  // Still working on the turn; the question and answer are not in the conversation.
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(page.getByRole('contentinfo', { name: 'Session status' })).toContainText('Working');
  await expect(transcript).not.toContainText('Which file are you in?');
  main.release();
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText('The refactor is done.');
  await expect(transcript).not.toContainText('The answer is the parser');
  expect(started.sandbox.api.turns()).toHaveLength(1);
  expect(started.sandbox.api.sideQuestions()).toHaveLength(1);
});

test('a turn stopped by a usage limit continues by itself at the reset, with the page closed: the stopped request, then the queue', async ({ page, clide }) => {
  const started = await clide.start({ sandbox: { subscription: true } });
  // Far enough ahead for a busy machine to show the offer first; the host waits for it.
  const resetsAt = Math.ceil(Date.now() / 1000) + 20;
  const limited = held(usageLimit(resetsAt));
  started.sandbox.api.script((req, i) => (i === 0 ? limited.reply : text(`Done: ${lastUserText(req.body).split('\n').at(-1)}`)));
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('Write the release notes');
  await composer.press('Enter');
  await expect.poll(() => started.sandbox.api.turns().length).toBe(1);
  // Written while Claude works: queued.
  await composer.fill('Then update the changelog');
  await composer.press('Enter');
  await expect(page.getByRole('region', { name: 'Queued messages' })).toContainText('Then update the changelog');
  limited.release();

  const banner = page.getByRole('status', { name: 'Usage limit' });
  await expect(banner).toContainText('“Write the release notes” again, then your queued message');
  await expect(banner).toContainText(/5-hour limit (reached · resets at|has reset)/);
  await banner.getByRole('button', { name: /^Continue (automatically at .+|now)$/ }).click();
  await expect(page.getByRole('button', { name: 'Cancel' }).or(page.getByText('The usage limit has reset'))).toBeVisible();

  // The page goes away; the host keeps the time and sends everything on its own.
  await page.goto('about:blank');
  await waitFor(() => started.sandbox.api.turns().length >= 3, 'the stopped request and the queued message', 60_000);
  const turns = started.sandbox.api.turns().map((t) => lastUserText(t.body));
  expect(turns[1]).toContain('Write the release notes');
  expect(turns[2]).toContain('Then update the changelog');

  await clide.open(page, started);
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript.getByRole('article', { name: 'Claude' }).last()).toContainText('Done: Then update the changelog');
  await expect(banner).toBeHidden();
  await expect(transcript).toContainText('The usage limit has reset: sending the stopped request, then 1 queued message after it.');
});

test("the limit popover asks Claude Code for the plan's usage: a subscriber's plan, its usage unknown offline", async ({ page, clide }) => {
  const started = await clide.start({ sandbox: { subscription: true } });
  started.sandbox.api.script([text('Hello.')]);
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('Hi');
  await composer.press('Enter');
  // A subscriber's turn brings a rate_limit_event: the status bar shows the limit item.
  const item = page.getByRole('contentinfo', { name: 'Session status' }).getByRole('button', { name: /Usage limit|limit/ });
  await item.click();
  const pop = page.getByRole('dialog', { name: 'Usage limits' });
  const plan = pop.getByRole('region', { name: 'Plan usage' });
  await expect(plan).toContainText('Max plan');
  // Offline, the CLI cannot reach claude.ai for the windows (rate_limits: null): it says so.
  await expect(plan).toContainText('Claude Code could not read the plan’s usage just now');
});
