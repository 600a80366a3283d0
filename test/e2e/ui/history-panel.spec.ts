// The history drawer and the actions on the person's messages, in the built renderer with the
// in-page API double: grouping, search, keys, opening and renaming past sessions; Rewind with
// its confirmation, Fork, Retry of a cut-off prompt; drafts kept by the host. Screenshots in
// light and dark go to ui-screenshots/ for people to look at.
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { SessionEvent } from '../../../shared/events';
import type { HistorySession } from '../../../shared/history';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

const HOME = '/home/ada';
const now = Date.now();
const SID = '3f0c8a52-6d0e-4a55-9a3b-4c1f3f6b2a10';

function past(patch: Partial<HistorySession> & { sessionId: string }): HistorySession {
  return {
    title: 'Untitled',
    named: false,
    lastActivity: now - 3_600_000,
    messageCount: 4,
    bytes: 40_000,
    cutOff: false,
    cwd: `${HOME}/code/api-server`,
    ...patch,
  };
}

const sessions: HistorySession[] = [
  past({
    sessionId: SID,
    title: 'Add a health endpoint and a test for it',
    lastActivity: now - 5 * 60_000,
    messageCount: 12,
    gitBranch: 'main',
    openIn: SESSION,
  }),
  past({
    sessionId: '11111111-2222-4333-8444-555555555555',
    title: 'Why does the login redirect loop?',
    lastActivity: now - 26 * 3_600_000,
    messageCount: 31,
    cutOff: true,
  }),
  past({
    sessionId: '22222222-2222-4333-8444-555555555555',
    title: 'Kiwi inventory importer',
    named: true,
    cwd: `${HOME}/code/web-ui`,
    lastActivity: now - 2 * 3_600_000,
    messageCount: 7,
    bytes: 104 * 1024 * 1024,
  }),
  past({
    sessionId: '33333333-2222-4333-8444-555555555555',
    title: 'Draft the release notes for 2.4',
    cwd: `${HOME}/docs`,
    lastActivity: now - 9 * 86_400_000,
    messageCount: 2,
  }),
];

async function reply(page: Page, channel: string, value: unknown): Promise<void> {
  await page.evaluate(([c, v]) => window.__clideDouble?.setReplies(c as string, [{ ok: true, value: v }]), [channel, value] as const);
}

function shot(testInfo: TestInfo, name: string): string {
  return path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
}

/** A finished exchange in which Claude wrote a file, in a saved session. */
function editedConversation(): SessionEvent[] {
  return [
    { kind: 'info', info: { claudeSessionId: SID } },
    { kind: 'user', id: 'a1b2c3d4-0000-4000-8000-000000000001', text: 'Add a health endpoint and a test for it.', at: now - 60_000 },
    { kind: 'block', messageId: 'm1', index: 0, block: { type: 'text', text: 'Adding `GET /health` next to the router.' }, at: now - 55_000 },
    {
      kind: 'block',
      messageId: 'm1',
      index: 1,
      block: { type: 'tool_use', id: 'tool-w', name: 'Write', input: { file_path: `${HOME}/code/api-server/src/health.ts`, content: 'x' } },
      at: now - 54_000,
    },
    { kind: 'message-end', messageId: 'm1' },
    { kind: 'tool-result', toolUseId: 'tool-w', content: 'File created', isError: false },
    { kind: 'block', messageId: 'm2', index: 0, block: { type: 'text', text: 'Done: the endpoint and its test are in place.' }, at: now - 50_000 },
    { kind: 'message-end', messageId: 'm2' },
  ];
}

for (const scheme of ['light', 'dark'] as const) {
  test(`history lists past sessions by project, searches, and opens one (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 760 });
    // "5 min ago" is exact only while the page's clock stands where the sessions were dated.
    await page.clock.setFixedTime(now);
    await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)], { homeDir: HOME })));
    await reply(page, 'history:list', { sessions });
    await page.getByRole('button', { name: 'History' }).click();
    const drawer = page.getByRole('dialog', { name: 'History' });
    await expect(drawer).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search sessions' })).toBeFocused();
    // Grouped by project, the most recently used first; newest session first inside.
    await expect(drawer.locator('.history-project-name')).toHaveText(['api-server', 'web-ui', 'docs']);
    await expect(drawer.locator('.history-project-path').first()).toHaveText('~/code/api-server');
    const first = drawer.getByRole('listitem').first();
    await expect(first).toContainText('Add a health endpoint');
    await expect(first).toContainText('open');
    await expect(first).toContainText('5 min ago · 12 messages · main');
    await expect(drawer.getByRole('listitem').filter({ hasText: 'login redirect' })).toContainText('cut off');
    await expect(drawer.getByRole('listitem').filter({ hasText: 'Kiwi' })).toContainText('104 MB');
    await expect(drawer).toContainText('4 of 4 sessions');
    await page.screenshot({ path: shot(testInfo, `history-${scheme}`), animations: 'disabled' });

    // Search narrows the list; Down then Enter opens the match in a new tab (resume).
    await page.keyboard.type('kiwi');
    await expect(drawer.getByRole('listitem')).toHaveCount(1);
    await expect(drawer).toContainText('1 of 4 sessions');
    await page.keyboard.press('ArrowDown');
    await expect(drawer.getByRole('button', { name: /^Kiwi inventory importer/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(drawer).toBeHidden();
    await expect
      .poll(async () => (await ui.calls('session:create')).map((c) => c.input))
      .toEqual([{ resume: '22222222-2222-4333-8444-555555555555', cwd: `${HOME}/code/web-ui` }]);
    await expect(page.getByRole('tab')).toHaveCount(2);
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', 'tab-created-1');

    // A session that is already open goes to its tab instead of a second one.
    await page.keyboard.press('Control+Shift+H');
    await expect(drawer).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('');
    await drawer.getByRole('button', { name: /^Add a health endpoint/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', `tab-${SESSION}`);
    expect(await ui.calls('session:create'), 'no second tab for an open session').toHaveLength(1);
  });
}

test('history: no match, empty history, a failed list, and renaming a past session', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)], { homeDir: HOME })));
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('history:list', [
      { ok: false, error: { kind: 'internal', message: 'The projects folder could not be read.', hint: 'Check its permissions.' } },
      { ok: true, value: { sessions: [] } },
    ]),
  );
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History' });
  await expect(drawer.getByRole('alert')).toContainText('The projects folder could not be read. Check its permissions.');
  await drawer.getByRole('button', { name: 'Try again' }).click();
  await expect(drawer).toContainText('No past sessions yet.');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await reply(page, 'history:list', { sessions });
  await page.getByRole('button', { name: 'History' }).click();
  await page.keyboard.type('zebra');
  await expect(drawer).toContainText('No session titles match “zebra”.');
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('release');
  const row = drawer.getByRole('listitem');
  await row.hover();
  await row.getByRole('button', { name: /Rename/ }).click();
  const field = drawer.getByRole('textbox', { name: 'Session title' });
  await expect(field).toBeFocused();
  await field.fill('Release notes 2.4');
  await field.press('Enter');
  await expect(row).toContainText('Release notes 2.4');
  await expect
    .poll(async () => (await ui.calls('history:rename')).map((c) => c.input))
    .toEqual([{ sessionId: '33333333-2222-4333-8444-555555555555', title: 'Release notes 2.4' }]);
  // Esc in the title field leaves the field, not the drawer.
  await row.hover();
  await row.getByRole('button', { name: /Rename/ }).click();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Session title' })).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`"Rewind files to here" confirms with the file list, then rewinds (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 760 });
    const view = applyEvents(sessionView(SESSION), editedConversation());
    await ui.open(doubleOptions(snapshotWith([view], { homeDir: HOME })));
    const message = page.getByRole('article', { name: 'You' });
    await message.hover();
    const rewind = message.getByRole('button', { name: 'Rewind files to here' });
    await expect(rewind).toBeVisible();
    await expect(message.getByRole('button', { name: 'Fork from here' })).toBeVisible();
    await page.screenshot({ path: shot(testInfo, `message-actions-${scheme}`), clip: { x: 0, y: 40, width: 1100, height: 360 }, animations: 'disabled' });
    await page.evaluate(() =>
      window.__clideDouble?.setReplies('session:rewindFiles', [
        {
          ok: true,
          value: {
            canRewind: true,
            filesChanged: ['/home/ada/code/api-server/src/health.ts', '/home/ada/code/api-server/test/health.test.ts'],
            insertions: 0,
            deletions: 24,
          },
        },
        {
          ok: true,
          value: {
            canRewind: true,
            filesChanged: ['/home/ada/code/api-server/src/health.ts', '/home/ada/code/api-server/test/health.test.ts'],
            insertions: 0,
            deletions: 24,
          },
        },
      ]),
    );
    await rewind.click();
    const dialog = page.getByRole('alertdialog', { name: 'Rewind 2 files?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Files to rewind' }).getByRole('listitem')).toHaveText(['src/health.ts', 'test/health.test.ts']);
    await expect(dialog).toContainText('+0 −24 lines');
    await page.screenshot({ path: shot(testInfo, `rewind-confirm-${scheme}`), animations: 'disabled' });
    await expect
      .poll(async () => (await ui.calls('session:rewindFiles')).map((c) => c.input))
      .toEqual([{ id: SESSION, userMessageId: 'a1b2c3d4-0000-4000-8000-000000000001', dryRun: true }]);
    await dialog.getByRole('button', { name: 'Rewind files' }).click();
    await expect(dialog).toBeHidden();
    await expect(message.getByRole('status')).toHaveText('Restored 2 files to how they were before this message.');
    await expect
      .poll(async () => (await ui.calls('session:rewindFiles')).at(-1)?.input)
      .toEqual({ id: SESSION, userMessageId: 'a1b2c3d4-0000-4000-8000-000000000001', dryRun: false });
  });
}

test('"Fork from here" opens the fork with the message to edit; Cancel leaves the files alone; a refused rewind says why', async ({ ui, page }) => {
  const view = applyEvents(sessionView(SESSION), editedConversation());
  await ui.open(doubleOptions(snapshotWith([view], { homeDir: HOME })));
  const message = page.getByRole('article', { name: 'You' });
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('session:rewindFiles', [
      { ok: true, value: { canRewind: false, error: 'No file checkpoint was found for this message.', filesChanged: [], insertions: 0, deletions: 0 } },
    ]),
  );
  await message.hover();
  await message.getByRole('button', { name: 'Rewind files to here' }).click();
  await expect(message.getByRole('alert')).toHaveText('No file checkpoint was found for this message.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await reply(page, 'history:fork', { id: 'fork-1', draft: 'Add a health endpoint and a test for it.' });
  await message.hover();
  await message.getByRole('button', { name: 'Fork from here' }).click();
  await ui.push([{ type: 'session-created', session: { id: 'fork-1', view: sessionView('fork-1') } }]);
  await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('id', 'tab-fork-1');
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toHaveValue('Add a health endpoint and a test for it.');
  await expect
    .poll(async () => (await ui.calls('history:fork')).map((c) => c.input))
    .toEqual([{ id: SESSION, messageId: 'a1b2c3d4-0000-4000-8000-000000000001' }]);
});

test('a cut-off prompt shows Retry, which sends it again; drafts come back from the host and are saved', async ({ ui, page }, testInfo) => {
  const view = applyEvents(sessionView(SESSION), [
    { kind: 'info', info: { claudeSessionId: SID } },
    { kind: 'user', id: 'b1', text: 'Summarise the failing tests', at: now - 60_000 },
    {
      kind: 'notice',
      id: 'cut-off-b1',
      level: 'warning',
      code: 'turn-cut-off',
      text: 'Claude had not finished this turn when clide closed. Retry sends the prompt again.',
      at: now - 1000,
    },
  ]);
  const other = sessionView('session-2', { cwd: `${HOME}/code/web-ui` });
  await ui.open(doubleOptions(snapshotWith([view, other], { homeDir: HOME })));
  await page.addInitScript(() =>
    window.__clideDouble?.setReplies('history:drafts', [{ ok: true, value: { drafts: { 'session-2': 'kept across the restart' } } }]),
  );
  await page.reload();
  const retry = page.getByRole('button', { name: 'Retry' });
  // Shown without hovering: the one thing to do here.
  await expect(retry).toBeVisible();
  await page.setViewportSize({ width: 1100, height: 600 });
  await page.screenshot({ path: shot(testInfo, 'cut-off-retry-light'), animations: 'disabled' });
  await retry.click();
  await expect.poll(async () => (await ui.calls('session:send')).map((c) => c.input)).toEqual([{ id: SESSION, text: 'Summarise the failing tests' }]);
  await expect(retry).toHaveCount(0);

  // The other tab's draft came back from the host; typing there is saved after a pause.
  await page.getByRole('tab', { name: /web-ui/ }).click();
  const box = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(box).toHaveValue('kept across the restart');
  await box.fill('kept across the restart, and more');
  await expect
    .poll(async () => (await ui.calls('history:saveDraft')).map((c) => c.input).at(-1))
    .toEqual({ id: 'session-2', text: 'kept across the restart, and more' });
});
