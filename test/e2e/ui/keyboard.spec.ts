// The window with the keyboard alone: the main flows (new session, prompt, allow, answer a
// question, switch tab, resume from History), walking the transcript (Alt+Up/Down, Enter on a
// tool card, Alt+End to the waiting prompt), focus that stays shown, dialogs that keep and
// return focus, and what the screen reader's live region says. Screenshots of the focus path,
// light and dark, go to test-results/keyboard-screenshots/ for people to look at.
import path from 'node:path';
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { SessionEvent } from '../../../shared/events';
import { defaultSettings } from '../../../shared/settings';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { pastSessions } from './a11y-scenarios';
import { bashRequest, conversation, questionRequest, SESSION } from './scenarios';
import { finished, HOME } from './tabs-scenarios';
import { expect, test } from './ui-fixtures';

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'keyboard-screenshots', `${name}.png`);
}

/**
 * The focused element shows a focus ring: an outline (round the whole tab, for a tab), or for the
 * message box (whose field has none) the box's border in the focus colour.
 */
async function expectFocusShown(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'nothing focused';
        const ring = (e: Element | null) => {
          const style = e && getComputedStyle(e);
          return !!style && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        };
        // A tab draws the ring round the whole tab.
        if (ring(el) || ring(el.closest('.tab'))) return 'shown';
        const box = el.closest('.composer');
        if (box) {
          const probe = document.body.appendChild(document.createElement('span'));
          probe.style.color = 'var(--focus)';
          const focusColour = getComputedStyle(probe).color;
          probe.remove();
          if (getComputedStyle(box).borderTopColor === focusColour) return 'shown';
        }
        return `no ring on ${el.outerHTML.slice(0, 80)}`;
      }),
    )
    .toBe('shown');
}

const focused = (locator: Locator) => expect(locator).toBeFocused();

/** Tab until `target` has focus (the number of stops on the way is the page's business). */
async function tabTo(page: Page, target: Locator, max = 12): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await focused(target);
}

/** Earlier turns, so the transcript is taller than the window. */
function earlier(n: number): SessionEvent[] {
  const at = Date.now() - 600_000;
  return Array.from({ length: n }, (_, i): SessionEvent[] => [
    { kind: 'user', id: `early-u${i}`, text: `Earlier question ${i + 1}`, at: at + i * 1000 },
    {
      kind: 'block',
      messageId: `early-m${i}`,
      index: 0,
      block: { type: 'text', text: `Earlier answer ${i + 1}.\n\nWith a second paragraph.` },
      at: at + i * 1000,
    },
    { kind: 'message-end', messageId: `early-m${i}` },
  ]).flat();
}

test('keyboard alone: start a session, send a prompt, allow, answer a question, switch tabs, resume from History', async ({ ui, page }) => {
  // A hang guard for six flows in one test on a loaded machine.
  test.setTimeout(180_000);
  const folders = { [HOME]: ['code', 'notes'], [`${HOME}/notes`]: [] };
  await ui.open(
    doubleOptions(snapshotWith([sessionView(SESSION, { cwd: `${HOME}/code/api-server` })]), {
      settings: { ...defaultSettings(), recentCwds: [] },
      folders,
      replies: { 'history:list': [{ ok: true, value: { sessions: pastSessions } }] },
    }),
  );
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(composer).toBeVisible();

  // New session: Ctrl+T, a folder, Enter; the new tab's message box has the cursor.
  await page.keyboard.press('Control+t');
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await focused(dialog.getByRole('combobox', { name: 'Working folder' }));
  await page.keyboard.type('~/notes');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await ui.calls('session:create')).map((c) => c.input)).toEqual([{ cwd: `${HOME}/notes` }]);
  await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', 'tab-created-1');
  await focused(composer);

  // A prompt: typed and sent with Enter.
  await page.keyboard.type('Run the tests');
  await page.keyboard.press('Enter');
  await expect.poll(async () => (await ui.calls('session:send')).map((c) => (c.input as { text: string }).text)).toEqual(['Run the tests']);

  // Allow: the prompt takes focus; Tab chooses it (Allow), Enter allows.
  await ui.pushSession('created-1', [
    { kind: 'status', status: 'working' },
    { kind: 'permission', request: bashRequest('npm test') },
  ]);
  const allowPrompt = page.getByRole('dialog', { name: 'Allow Bash?' });
  await focused(allowPrompt);
  await page.keyboard.press('Tab');
  await focused(allowPrompt.getByRole('button', { name: 'Allow', exact: true }));
  await expectFocusShown(page);
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await ui.calls('session:respond')).map((c) => c.input))
    .toEqual([{ id: 'created-1', requestId: 'req-bash', decision: { behavior: 'allow' } }]);
  await ui.pushSession('created-1', [{ kind: 'permission-closed', requestId: 'req-bash', outcome: 'allowed' }]);

  // A question: Tab into it, arrows pick one answer, Space ticks another, Enter sends them.
  await ui.pushSession('created-1', [{ kind: 'permission', request: questionRequest() }]);
  const question = page.getByRole('dialog', { name: 'Claude has 2 questions' });
  await focused(question);
  await page.keyboard.press('Tab');
  await focused(question.getByRole('radio', { name: /PostgreSQL/ }));
  await page.keyboard.press('ArrowDown');
  await expect(question.getByRole('radio', { name: /SQLite/ })).toBeChecked();
  await expectFocusShown(page);
  await tabTo(page, question.getByRole('checkbox', { name: /Unit tests/ }));
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => (await ui.calls('session:respond'))[1]?.input)
    .toMatchObject({
      id: 'created-1',
      requestId: 'req-ask',
      decision: {
        behavior: 'allow',
        updatedInput: { answers: { 'Which database should the service use?': 'SQLite', 'Which checks should run in CI?': 'Unit tests' } },
      },
    });

  // Switch tabs: Ctrl+1, and the arrows in the tab strip.
  await page.keyboard.press('Control+1');
  await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', `tab-${SESSION}`);
  await page.getByRole('tab', { selected: true }).focus();
  await page.keyboard.press('ArrowRight');
  await focused(page.getByRole('tab', { name: 'notes' }));
  await expectFocusShown(page);

  // Resume from History: Ctrl+Shift+H, type, Down, Enter.
  await page.keyboard.press('Control+Shift+H');
  const history = page.getByRole('dialog', { name: 'History' });
  await focused(history.getByRole('searchbox', { name: 'Search sessions' }));
  await page.keyboard.type('login');
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await focused(history.getByRole('button', { name: /^Why does the login loop\?/ }));
  await expectFocusShown(page);
  await page.keyboard.press('Enter');
  await expect(history).toBeHidden();
  await expect
    .poll(async () => (await ui.calls('session:create')).map((c) => c.input))
    .toEqual([{ cwd: `${HOME}/notes` }, { resume: pastSessions[1]!.sessionId, cwd: pastSessions[1]!.cwd }]);
});

test('the transcript by keyboard: Alt+Up/Down walk the entries, Enter opens a tool card, Alt+End goes to the prompt', async ({ ui, page }) => {
  await page.setViewportSize({ width: 1000, height: 640 });
  await ui.open(doubleOptions(snapshotWith([applyEvents(sessionView(SESSION), [...earlier(12), ...conversation()])])));
  const transcript = page.getByRole('log', { name: 'Transcript' });
  const prompt = page.getByRole('dialog', { name: 'Allow Write?' });
  await focused(prompt);
  const scroller = page.locator('.transcript-scroller');
  const atBottom = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 4);
  await expect.poll(atBottom).toBe(true);

  // From the message box, Alt+Up goes to the newest entry, then to the one before it, each said
  // with its author.
  await page.getByRole('textbox', { name: 'Message Claude' }).focus();
  await page.keyboard.press('Alt+ArrowUp');
  const claude = transcript.getByRole('article', { name: 'Claude' });
  await focused(claude.filter({ hasText: 'All four suites pass' }));
  await expectFocusShown(page);
  await page.keyboard.press('Alt+ArrowUp');
  await focused(claude.filter({ hasText: "I'll add `GET /health`" }).or(claude.filter({ hasText: "I'll add GET /health" })));
  // Tab reaches the tool card inside it; Enter opens it.
  const bashCard = transcript.getByRole('group', { name: /^Tool: / }).filter({ hasText: 'npm test -- --list' });
  await tabTo(page, bashCard.getByRole('button', { expanded: false }).first());
  await page.keyboard.press('Enter');
  await expect(bashCard.getByRole('button', { expanded: true }).first()).toBeVisible();
  await expect(bashCard).toContainText('Test Files  4 passed (4)');

  // Far up: the list draws entries as they come into view, and the walk waits for them.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Alt+ArrowUp');
  const walked = transcript.locator('article:focus');
  await expect(walked).toHaveAttribute('aria-label', /^(You|Claude)$/);
  await expect.poll(atBottom).toBe(false);
  // The view went up with the focus and stays there.
  await expect(walked).toBeInViewport();

  // Alt+End: to the waiting prompt, on its first answer (a deliberate move: Enter now allows).
  await page.keyboard.press('Alt+End');
  await focused(prompt.getByRole('button', { name: 'Allow', exact: true }));
  await expect(prompt).toBeInViewport();
  // Alt+Down past the newest entry goes there too.
  await page.keyboard.press('Alt+ArrowUp');
  await focused(claude.filter({ hasText: 'All four suites pass' }));
  await page.keyboard.press('Alt+ArrowDown');
  await focused(prompt.getByRole('button', { name: 'Allow', exact: true }));
});

test('while the view follows the bottom, Shift+Tab to a control far above it moves the view there and it stays', async ({ ui, page }) => {
  await page.setViewportSize({ width: 1000, height: 640 });
  const long = Array.from({ length: 80 }, (_, i) => `Line ${i + 1} of the summary.`).join('\n\n');
  const at = Date.now();
  await ui.open(
    doubleOptions(
      snapshotWith([
        applyEvents(sessionView(SESSION), [
          ...earlier(3),
          { kind: 'block', messageId: 'tools', index: 0, block: { type: 'tool_use', id: 'read-1', name: 'Read', input: { file_path: '/a/b.ts' } }, at },
          { kind: 'message-end', messageId: 'tools' },
          { kind: 'tool-result', toolUseId: 'read-1', content: 'export const b = 1;', isError: false },
          { kind: 'block', messageId: 'summary', index: 0, block: { type: 'text', text: long }, at },
          { kind: 'message-end', messageId: 'summary' },
        ]),
      ]),
    ),
  );
  const scroller = page.locator('.transcript-scroller');
  await expect.poll(() => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 4)).toBe(true);
  // Back from the transcript's toolbar (Shift+Tab in the message box cycles the permission
  // mode, as in the terminal) into the transcript: its last control is the Read card, far above.
  await page.keyboard.press('Shift');
  await page.getByRole('button', { name: 'Find', exact: true }).focus();
  const readCard = page.getByRole('group', { name: /^Tool: / }).getByRole('button', { expanded: false });
  for (let i = 0; i < 15 && !(await readCard.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Shift+Tab');
  await focused(readCard);
  await expect(readCard).toBeInViewport();
  // The view no longer follows the bottom (a pinned view would take the card out of sight).
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
  await expect(readCard).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('group', { name: /^Tool: / })).toContainText('export const b = 1;');
});

test('Alt+End goes to the tab that waits; with nothing waiting it says so; the live region says what calls for the person, not the streaming text', async ({
  ui,
  page,
}) => {
  const other = 'session-2';
  await ui.open(
    doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' }), sessionView(other, { cwd: `${HOME}/code/web-ui`, status: 'working' })])),
  );
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(composer).toBeVisible();
  const said = page.getByRole('log', { name: 'Announcements' });
  await expect(page.getByRole('log', { name: 'Transcript' })).toHaveAttribute('aria-live', 'off');

  await composer.focus();
  await page.keyboard.press('Alt+End');
  await expect(said).toContainText('Nothing waits for you');
  await focused(composer);

  // Streaming text is not announced; a finished turn is, once.
  await ui.pushSession(SESSION, [
    { kind: 'block-start', messageId: 'm-s', index: 0, blockType: 'text', at: Date.now() },
    { kind: 'block-delta', messageId: 'm-s', index: 0, text: 'Partial words streaming' },
  ]);
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Partial words streaming');
  await ui.pushSession(SESSION, finished('f1'));
  await expect(said).toContainText('Claude finished in api-server: Done.');
  await expect(said).not.toContainText('Partial words');

  // A prompt in the hidden tab: announced, and Alt+End goes to it.
  await ui.pushSession(other, [{ kind: 'permission', request: bashRequest('npm run build') }]);
  await expect(said).toContainText('Claude needs you in web-ui');
  await composer.focus();
  await page.keyboard.press('Alt+End');
  await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', `tab-${other}`);
  await focused(page.getByRole('dialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow', exact: true }));

  // A failure is announced too.
  await ui.pushSession(SESSION, [{ kind: 'failure', error: { kind: 'process-exit', message: 'Claude exited with code 1.' }, resumable: true }]);
  await expect(said).toContainText('Claude stopped in api-server: Claude exited with code 1.');
});

test('dialogs keep the focus while open and give it back when closed', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.focus();
  for (const [key, name] of [
    ['Control+,', /Settings/],
    ['Control+k', 'Command palette'],
    ['Control+t', 'New session'],
  ] as const) {
    await page.keyboard.press(key);
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    // Past its last control, Tab may leave the page for the browser's own controls (body has
    // the focus then), as with any modal dialog; it never lands on the page behind the dialog.
    let inside = 0;
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const where = await dialog.evaluate((d) =>
        d.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'browser' : 'page',
      );
      expect(where, `${key}: Tab ${i + 1}`).not.toBe('page');
      if (where === 'dialog') inside++;
    }
    expect(inside).toBeGreaterThan(12);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await focused(composer);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the keyboard focus path is visible (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1000, height: 640 });
    await ui.open(doubleOptions(snapshotWith([applyEvents(sessionView(SESSION), [...earlier(2), ...conversation()])])));
    const prompt = page.getByRole('dialog', { name: 'Allow Write?' });
    await focused(prompt);
    const steps: Array<[string, () => Promise<void>]> = [
      ['1-tab', () => page.getByRole('tab', { selected: true }).focus()],
      ['2-composer', () => page.getByRole('textbox', { name: 'Message Claude' }).focus()],
      ['3-entry', () => page.keyboard.press('Alt+ArrowUp')],
      ['4-tool-card', () => page.keyboard.press('Tab')],
      ['5-prompt', () => page.keyboard.press('Alt+End')],
    ];
    for (const [name, step] of steps) {
      // A real key press first, so the browser treats the focus as the keyboard's (:focus-visible).
      await page.keyboard.press('Shift');
      await step();
      await expectFocusShown(page);
      await page.screenshot({ path: shot(testInfo, `focus-${name}-${scheme}`), animations: 'disabled' });
    }
  });
}
