// Ask aside, the usage-limit banner and the limit popover in the renderer, against the in-page
// API double: every way into the panel (palette, key, toolbar, /btw), questions and answers in
// order with their progress, Cancel; a turn stopped on a usage limit with its offer, the
// countdown and Cancel; the plan's usage in the status bar's popover. Screenshots, light and
// dark, go to test-results/aside-screenshots/.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { Aside } from '../../../shared/aside';
import type { SessionEvent } from '../../../shared/events';
import { applyEvents } from '../../../shared/transcript';
import type { LimitStop, PlanUsage } from '../../../shared/usage';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { conversation, SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'aside-screenshots', `${name}.png`);
}

const T = Date.now();
const aside = (id: string, patch: Partial<Aside>): SessionEvent => ({ kind: 'aside', aside: { id, question: 'Q', state: 'asking', askedAt: T, ...patch } });

test('the palette, the key, the toolbar and /btw open Ask aside; questions and answers come in order with their progress', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })]), { replies: { 'session:ask': [{ ok: true, value: { asideId: 'a1' } }] } }),
  );
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(composer).toBeVisible();
  const panel = page.getByRole('complementary', { name: 'Ask aside' });

  // The palette.
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox').fill('ask aside');
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  const box = panel.getByRole('textbox', { name: 'Ask aside' });
  await expect(box).toBeFocused();
  await expect(panel).toContainText('Ask what Claude is doing');
  // Esc closes it and the cursor goes back to the message box.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(composer).toBeFocused();

  // The key.
  await page.keyboard.press('Control+Shift+Slash');
  await expect(box).toBeFocused();
  await box.fill('What are you working on?');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await ui.calls('session:ask')).map((c) => c.input)).toEqual([{ id: SESSION, question: 'What are you working on?' }]);
  await expect(box).toHaveValue('');

  // The host says how far it has got; the panel shows it under the question.
  await ui.pushSession(SESSION, [aside('a1', { question: 'What are you working on?' })]);
  const first = panel.getByRole('listitem', { name: 'Side question: What are you working on?' });
  await expect(first).toContainText('Sending the question…');
  await ui.pushSession(SESSION, [aside('a1', { question: 'What are you working on?', state: 'thinking' })]);
  await expect(first).toContainText('Claude is answering…');
  await ui.pushSession(SESSION, [
    aside('a1', { question: 'What are you working on?', state: 'retrying', retry: { attempt: 2, maxRetries: 10, delayMs: 1100, httpStatus: 529 } }),
  ]);
  await expect(first).toContainText('Trying again (attempt 2 of 10: the API is overloaded) in 1 s…');
  await expect(page.getByRole('toolbar', { name: 'Session settings' }).getByRole('button', { name: /Ask aside · 1 waiting/ })).toBeVisible();
  await ui.pushSession(SESSION, [aside('a1', { question: 'What are you working on?', state: 'answered', answer: 'The **parser**: its tests fail.' })]);
  await expect(first.locator('strong')).toHaveText('parser');
  await expect(first).not.toContainText('Claude is answering');

  // /btw in the message box asks too, and the cursor stays in the message box.
  await ui.pushSession(SESSION, [aside('a2', { question: 'And the tests?', state: 'thinking' })]);
  await composer.click();
  await composer.fill('/btw Why that file?');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await ui.calls('session:ask')).map((c) => (c.input as { question: string }).question))
    .toEqual(['What are you working on?', 'Why that file?']);
  await expect(composer).toHaveValue('');
  await expect(composer).toBeFocused();
  expect(await ui.calls('session:send')).toEqual([]);
  // Answers stay in the order the questions were asked; one still on its way can be cancelled.
  await expect(panel.getByRole('listitem', { name: /^Side question/ })).toHaveCount(2);
  const second = panel.getByRole('listitem', { name: 'Side question: And the tests?' });
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect.poll(async () => (await ui.calls('session:cancelAside')).map((c) => c.input)).toEqual([{ id: SESSION, asideId: 'a2' }]);
  // Nothing of it went into the transcript.
  await expect(page.locator('.transcript')).not.toContainText('What are you working on?');

  // The toolbar button closes and opens it.
  const button = page.getByRole('toolbar', { name: 'Session settings' }).getByRole('button', { name: /Ask aside/ });
  await button.click();
  await expect(panel).toBeHidden();
  await button.click();
  await expect(panel).toBeVisible();
});

test('a question the host refuses stays in the box with the reason; a failed one can be asked again', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([sessionView(SESSION)]), {
      replies: {
        'session:ask': [
          { ok: false, error: { kind: 'not-running', message: 'This session has ended.', hint: 'Resume it to continue the conversation.' } },
          { ok: true, value: { asideId: 'again' } },
        ],
      },
    }),
  );
  await page.keyboard.press('Control+Shift+Slash');
  const panel = page.getByRole('complementary', { name: 'Ask aside' });
  const box = panel.getByRole('textbox', { name: 'Ask aside' });
  await box.fill('Still there?');
  await panel.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(panel.getByRole('alert')).toHaveText('This session has ended. Resume it to continue the conversation.');
  await expect(box).toHaveValue('Still there?');
  await ui.pushSession(SESSION, [aside('f1', { question: 'Earlier', state: 'failed', error: 'The Claude process exited.' })]);
  const failed = panel.getByRole('listitem', { name: 'Side question: Earlier' });
  await expect(failed).toContainText('No answer: The Claude process exited.');
  await failed.getByRole('button', { name: 'Ask again' }).click();
  await expect.poll(async () => (await ui.calls('session:ask')).at(-1)?.input).toEqual({ id: SESSION, question: 'Earlier' });
});

const stop = (patch: Partial<LimitStop> = {}): LimitStop => ({
  state: 'offered',
  resetsAt: T + 65 * 60_000,
  continueAt: T + 65 * 60_000 + 3000,
  limitType: 'five_hour',
  messages: 1,
  preview: 'Build the parser and run its tests',
  at: T,
  ...patch,
});

test('a turn stopped by a usage limit offers to continue at the reset, counts down once on, and Cancel turns it off', async ({ ui, page }) => {
  const clock = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  const now = Date.now();
  const offered = stop({ resetsAt: now + 65 * 60_000 + 30_000, continueAt: now + 65 * 60_000 + 33_000 });
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { limitStop: offered, queue: [{ id: 'q1', text: 'Then the docs', at: T }] })])));
  const banner = page.getByRole('status', { name: 'Usage limit' });
  await expect(banner.locator('strong')).toHaveText(new RegExp(`^5-hour limit reached · resets at ${clock(offered.resetsAt)} \\(in 1 h [45] min\\)$`));
  await expect(banner).toContainText('When it resets, clide can send “Build the parser and run its tests” again, then your queued message');
  await banner.getByRole('button', { name: `Continue automatically at ${clock(offered.continueAt)}` }).click();
  await expect.poll(async () => (await ui.calls('session:autoContinue')).map((c) => c.input)).toEqual([{ id: SESSION, on: true }]);
  // The host confirms; a countdown shows until then.
  await ui.pushSession(SESSION, [{ kind: 'limit-stop', stop: stop({ state: 'scheduled', continueAt: Date.now() + 125_000 }) }]);
  await expect(banner).toContainText(/Continuing automatically at [^(]+ \(in [12] min \d+ s\)/);
  const before = await banner.locator('strong').textContent();
  await expect.poll(() => banner.locator('strong').textContent()).not.toBe(before);
  await expect(banner).toContainText('Then clide sends “Build the parser and run its tests” again, then your queued message.');
  await banner.getByRole('button', { name: 'Cancel' }).click();
  await expect
    .poll(async () => (await ui.calls('session:autoContinue')).map((c) => c.input))
    .toEqual([
      { id: SESSION, on: true },
      { id: SESSION, on: false },
    ]);
  await ui.pushSession(SESSION, [{ kind: 'limit-stop', stop: null }]);
  await expect(banner).toBeHidden();
});

const plan: PlanUsage = {
  subscription: 'max',
  limitsApply: true,
  windows: [
    { key: 'five_hour', percent: 91, resetsAt: T + 72 * 60_000 },
    // From 2.1.337 Claude Code also gives the percent to one decimal, for display.
    { key: 'seven_day', percent: 34, shownPercent: 33.6, resetsAt: T + 3 * 86_400_000 },
    { key: 'model', label: 'Opus', percent: 12, resetsAt: T + 3 * 86_400_000 },
  ],
};

test("the status bar's limit opens a popover with the plan's session and weekly usage", async ({ ui, page }) => {
  const limited = sessionView(SESSION, {
    rateLimit: { status: 'allowed_warning', utilization: 0.91, limitType: 'five_hour', resetsAt: T + 72 * 60_000, at: T },
  });
  await ui.open(doubleOptions(snapshotWith([limited]), { replies: { 'session:getUsage': [{ ok: true, value: plan }] } }));
  const item = page.getByRole('contentinfo', { name: 'Session status' }).getByRole('button', { name: /5-hour limit 91%/ });
  await item.click();
  const pop = page.getByRole('dialog', { name: 'Usage limits' });
  await expect(pop).toContainText('5-hour limit: 91% used');
  const usage = pop.getByRole('region', { name: 'Plan usage' });
  await expect(usage).toContainText('Max plan');
  await expect(usage.getByRole('row')).toHaveText([
    /Session \(5 hours\)\s*91%\s*resets/,
    /Weekly, all models\s*33\.6%\s*resets/,
    /Weekly, Opus\s*12%\s*resets/,
  ]);
  expect((await ui.calls('session:getUsage')).map((c) => c.input)).toEqual([{ id: SESSION }]);
});

test('for an API key there is no plan section; a subscriber whose usage is unknown is told so', async ({ ui, page }) => {
  const limited = sessionView(SESSION, { rateLimit: { status: 'allowed', limitType: 'five_hour', at: T } });
  await ui.open(
    doubleOptions(snapshotWith([limited]), {
      replies: {
        'session:getUsage': [
          { ok: true, value: { limitsApply: false, windows: null } },
          { ok: true, value: { subscription: 'pro', limitsApply: true, windows: null } },
        ],
      },
    }),
  );
  const item = page.getByRole('contentinfo', { name: 'Session status' }).getByRole('button', { name: /5-hour limit/ });
  const pop = page.getByRole('dialog', { name: 'Usage limits' });
  await item.click();
  await expect.poll(async () => (await ui.calls('session:getUsage')).length).toBe(1);
  await expect(pop).toContainText('5-hour limit (status allowed)');
  await expect(pop.getByRole('region', { name: 'Plan usage' })).toHaveCount(0);
  await expect(pop).not.toContainText('Asking Claude Code');
  await page.keyboard.press('Escape');
  await item.click();
  await expect(pop.getByRole('region', { name: 'Plan usage' })).toContainText('Pro plan');
  await expect(pop).toContainText('Claude Code could not read the plan’s usage just now');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`screenshots: Ask aside beside a conversation, the limit banner and the usage popover (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 860 });
    const view = applyEvents(sessionView(SESSION, { status: 'working' }), [
      ...conversation(),
      aside('s1', {
        question: 'Why did you pick a hand-written parser?',
        state: 'answered',
        askedAt: T - 120_000,
        answer: 'Because the grammar is small:\n\n- two token kinds\n- no recursion beyond lists\n\nA generator would add a build step for little gain.',
      }),
      aside('s2', {
        question: 'Which tests fail right now?',
        state: 'answered',
        synthetic: true,
        askedAt: T - 60_000,
        answer: '(API error: Repeated 529 Overloaded errors. Try again in a moment.)',
      }),
      aside('s3', {
        question: 'How long until the refactor is done?',
        state: 'retrying',
        askedAt: T,
        retry: { attempt: 2, maxRetries: 10, delayMs: 2000, httpStatus: 529 },
      }),
      { kind: 'rate-limit', rateLimit: { status: 'rejected', limitType: 'five_hour', resetsAt: T + 65 * 60_000, at: T } },
    ]);
    await ui.open(doubleOptions(snapshotWith([{ ...view, limitStop: stop() }]), { replies: { 'session:getUsage': [{ ok: true, value: plan }] } }));
    await page
      .getByRole('toolbar', { name: 'Session settings' })
      .getByRole('button', { name: /Ask aside/ })
      .click();
    const panel = page.getByRole('complementary', { name: 'Ask aside' });
    await expect(panel.getByRole('listitem', { name: /^Side question/ })).toHaveCount(3);
    await panel.getByRole('textbox', { name: 'Ask aside' }).fill('Is the old API still used anywhere?');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('status', { name: 'Usage limit' })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `aside-and-limit-${scheme}`), animations: 'disabled' });
    await page
      .getByRole('contentinfo', { name: 'Session status' })
      .getByRole('button', { name: /5-hour limit reached/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Usage limits' }).getByRole('region', { name: 'Plan usage' })).toContainText('Max plan');
    await page.screenshot({ path: shot(testInfo, `usage-popover-${scheme}`), animations: 'disabled' });
  });
}
