// Tabs, the new-session dialog, Settings and the inbox against the in-page API double: what
// each gesture and key does, and what reaches the host.
import { expect, test } from './ui-fixtures';
import { defaultSettings } from '../../../shared/settings';
import { applyEvents } from '../../../shared/transcript';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { bashRequest } from './scenarios';
import { finished, HOME } from './tabs-scenarios';

const three = () =>
  snapshotWith([
    sessionView('a', { cwd: `${HOME}/code/api-server` }),
    sessionView('b', { cwd: `${HOME}/code/web-ui` }),
    sessionView('c', { cwd: `${HOME}/code/docs`, status: 'working' }),
  ]);

const names = (page: import('@playwright/test').Page) => page.getByRole('tablist', { name: 'Sessions' }).locator('.tab-name').allInnerTexts();

test('a tab is renamed by double-click, F2 or its menu; Esc keeps the old name', async ({ ui, page }) => {
  await ui.open(doubleOptions(three()));
  const tab = page.getByRole('tab', { name: 'api-server' });
  await tab.dblclick();
  const field = page.getByRole('textbox', { name: 'Session name' });
  await expect(field).toBeFocused();
  await field.fill('API work');
  await field.press('Enter');
  await expect(page.getByRole('tab', { name: 'API work' })).toBeVisible();
  await expect.poll(() => ui.calls('session:rename')).toEqual([{ channel: 'session:rename', input: { id: 'a', title: 'API work' } }]);

  await page.getByRole('tab', { name: 'API work' }).focus();
  await page.keyboard.press('F2');
  await field.fill('Nope');
  await field.press('Escape');
  await expect(page.getByRole('tab', { name: 'API work' })).toBeVisible();

  await page.getByRole('tab', { name: 'web-ui' }).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Tab' });
  await expect(menu.getByRole('menuitem', { name: /Rename/ })).toBeFocused();
  await menu.getByRole('menuitem', { name: /Rename/ }).click();
  await expect(field).toBeFocused();
  await field.fill('Frontend');
  await field.press('Enter');
  await expect(page.getByRole('tab', { name: 'Frontend' })).toBeVisible();
  await expect.poll(async () => (await ui.calls('session:rename')).length).toBe(2);
});

test('tabs reorder by dragging and from the menu; the shown tab stays shown', async ({ ui, page }) => {
  await ui.open(doubleOptions(three()));
  await expect.poll(() => names(page)).toEqual(['api-server', 'web-ui', 'docs']);
  const docs = page.getByRole('tab', { name: 'docs' });
  const api = page.getByRole('tab', { name: 'api-server' });
  const box = await api.boundingBox();
  await docs.dragTo(api, { targetPosition: { x: 4, y: (box?.height ?? 20) / 2 } });
  await expect.poll(() => names(page)).toEqual(['docs', 'api-server', 'web-ui']);
  await expect(api).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'docs' }).click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Tab' });
  await expect(menu.getByRole('menuitem', { name: 'Move left' })).toBeDisabled();
  await menu.getByRole('menuitem', { name: 'Move right' }).click();
  await expect.poll(() => names(page)).toEqual(['api-server', 'docs', 'web-ui']);
  // The menu also opens from the keyboard, and closes with Esc back to the tab.
  await page.getByRole('tab', { name: 'docs' }).focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('keys: Ctrl+1..9 go to tabs, Ctrl+T asks for a new session, Ctrl+W closes (asking first while Claude works)', async ({ ui, page }) => {
  await ui.open(doubleOptions(three()));
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');
  await page.keyboard.press('Control+2');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Control+9');
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Control+PageDown');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('Control+t');
  await expect(page.getByRole('dialog', { name: 'New session' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'New session' })).toBeHidden();

  // An idle tab closes at once.
  await page.keyboard.press('Control+w');
  await expect(tabs).toHaveCount(2);
  await expect.poll(() => ui.calls('session:close')).toEqual([{ channel: 'session:close', input: { id: 'a' } }]);

  // Claude works in "docs": asked first; "Keep working" keeps it.
  await page.getByRole('tab', { name: 'docs' }).click();
  await page.keyboard.press('Control+w');
  const confirm = page.getByRole('alertdialog', { name: 'Close “docs”?' });
  await expect(confirm).toContainText('Claude is still working in this tab');
  await expect(confirm.getByRole('button', { name: 'Keep working' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Keep working' }).click();
  await expect(confirm).toBeHidden();
  await expect(tabs).toHaveCount(2);
  // The tab's × (for the mouse) asks the same; Delete on the tab is its key.
  await page
    .locator('.tab', { has: page.getByRole('tab', { name: 'docs' }) })
    .locator('.tab-close')
    .click();
  await confirm.getByRole('button', { name: 'Keep working' }).click();
  await page.getByRole('tab', { name: 'docs' }).press('Delete');
  await confirm.getByRole('button', { name: 'Close session' }).click();
  await expect(tabs).toHaveCount(1);
  await expect.poll(async () => (await ui.calls('session:close')).map((c) => c.input)).toEqual([{ id: 'a' }, { id: 'c' }]);
});

test('new session: a recent folder starts at once, a typed one completes with Tab, a missing one is explained', async ({ ui, page }) => {
  const settings = { ...defaultSettings(), recentCwds: [`${HOME}/notes`] };
  const folders = { [HOME]: ['code', 'notes'], [`${HOME}/code`]: ['api-server', 'web-ui', 'website'], [`${HOME}/notes`]: [] };
  await ui.open(doubleOptions(snapshotWith([sessionView('a', { cwd: `${HOME}/code/api-server` })]), { settings, folders }));
  const tabs = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab');

  await page.getByRole('button', { name: 'New session' }).click();
  const dialog = page.getByRole('dialog', { name: 'New session' });
  await dialog.getByRole('region', { name: 'Recent folders' }).getByRole('button', { name: /notes/ }).click();
  await expect(dialog).toBeHidden();
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect.poll(async () => (await ui.calls('session:create')).map((c) => c.input)).toEqual([{ cwd: `${HOME}/notes` }]);

  await page.getByRole('button', { name: 'New session' }).click();
  const field = dialog.getByRole('combobox', { name: 'Working folder' });
  // The dialog opens in the folder field with its list closed: nothing covers the form yet.
  await expect(field).toBeFocused();
  await expect(dialog.getByRole('listbox', { name: 'Folders' })).toBeHidden();
  await expect(field).toHaveAttribute('aria-expanded', 'false');
  await field.fill('~/code/we');
  const options = dialog.getByRole('listbox', { name: 'Folders' }).getByRole('option');
  await expect(options).toHaveText(['web-ui', 'website']);
  await field.press('ArrowDown');
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await field.press('Tab');
  await expect(field).toHaveValue('~/code/web-ui/');
  await field.press('Enter');
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await ui.calls('session:create')).map((c) => c.input)).toEqual([{ cwd: `${HOME}/notes` }, { cwd: `${HOME}/code/web-ui` }]);

  await page.getByRole('button', { name: 'New session' }).click();
  await field.fill('~/code/nope');
  await dialog.getByRole('button', { name: 'Start session' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('~/code/nope does not exist. Check the spelling, or create the folder first.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await ui.calls('session:create'), 'a missing folder starts nothing').toHaveLength(2);
  // The browser host has no native dialog: no "Choose…" button.
  await expect(dialog.getByRole('button', { name: 'Choose…' })).toHaveCount(0);
});

test('the inbox answers a background tab’s prompt in place; a finished background turn marks its tab', async ({ ui, page }) => {
  await ui.open(doubleOptions(three()));
  await expect(page.getByRole('button', { name: 'Needs you: nothing waiting' })).toBeVisible();
  await ui.pushSession('b', [
    { kind: 'permission', request: bashRequest('npm run build', { requestId: 'req-b' }) },
    { kind: 'status', status: 'waiting' },
  ]);
  await page.getByRole('button', { name: 'Needs you: 1 waiting' }).click();
  const inbox = page.getByRole('region', { name: 'Needs you' });
  await expect(inbox.getByRole('listitem', { name: 'web-ui: Permission' })).toBeVisible();
  await inbox.getByRole('dialog', { name: 'Allow Bash?' }).getByRole('button', { name: 'Allow', exact: true }).click();
  await expect
    .poll(async () => (await ui.calls('session:respond')).map((c) => c.input))
    .toEqual([{ id: 'b', requestId: 'req-b', decision: { behavior: 'allow' } }]);
  await expect(inbox.getByText('Nothing waits for you.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'api-server' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(inbox).toBeHidden();

  await ui.pushSession('b', finished('b'));
  const web = page.getByRole('tab', { name: /web-ui/ });
  await expect(web.locator('.marker-unseen')).toHaveCount(1);
  await expect(web).toHaveAccessibleName(/finished, not seen yet/);
  await web.click();
  await expect(web.locator('.marker-unseen')).toHaveCount(0);
});

test('Settings: the theme wins over the system at once, switches save, a refused value is explained, the park delay is checked, a corrupt file is told once', async ({
  ui,
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await ui.open(doubleOptions(three(), { settingsWarning: 'settings.json had corrupt JSON; it was set aside and defaults are used.' }));
  await expect(page.getByRole('status').filter({ hasText: 'settings.json had corrupt JSON' })).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByText('settings.json had corrupt JSON')).toHaveCount(0);

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect.poll(background).toBe('rgb(29, 29, 27)');
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: /Settings/ });
  await dialog.getByText('Light', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(background).toBe('rgb(255, 255, 255)');
  await dialog.getByText('Match system', { exact: true }).click();
  await expect.poll(background).toBe('rgb(29, 29, 27)');

  await dialog.getByRole('checkbox', { name: 'When Claude finishes a turn' }).uncheck();
  await dialog.getByRole('checkbox', { name: 'Notify me when the window is not in view' }).uncheck();
  await expect(dialog.getByRole('checkbox', { name: 'When Claude needs me (a permission, a question, a plan)' })).toBeDisabled();
  await dialog.getByRole('radio', { name: /Plan mode/ }).check();
  // The park delay: a value that is no whole number of minutes is explained and not sent.
  const park = dialog.getByLabel('Minutes before an idle session is parked');
  await expect(park).toHaveValue('15');
  await park.fill('2.5');
  await park.press('Enter');
  await expect(dialog.getByText('Enter a whole number of minutes from 0 to 1440.')).toBeVisible();
  await park.fill('30');
  await park.press('Enter');
  await expect(dialog.getByText('Enter a whole number of minutes from 0 to 1440.')).toHaveCount(0);

  await page.evaluate(() =>
    window.__clideDouble?.setReplies('settings:update', [
      {
        ok: false,
        error: { kind: 'invalid-input', message: '"-x" is not a model name clide can pass to Claude Code.', hint: 'Use a model alias such as sonnet or opus.' },
      },
    ]),
  );
  const model = dialog.getByLabel('Default model');
  await model.fill('-x');
  await model.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('is not a model name');
  await expect(model).toHaveValue('-x');
  await expect
    .poll(async () => (await ui.calls('settings:update')).map((c) => c.input))
    .toEqual([
      { theme: 'light' },
      { theme: 'system' },
      { notifications: { finished: false } },
      { notifications: { enabled: false } },
      { defaultPermissionMode: 'plan' },
      { parkAfterMinutes: 30 },
      { defaultModel: '-x' },
    ]);
});

test('a tab shown again is where it was left, with the text that streamed in while it was hidden', async ({ ui, page }) => {
  const many = (id: string) =>
    applyEvents(
      sessionView(id, { cwd: `${HOME}/code/${id}` }),
      Array.from({ length: 60 }, (_, i) => ({
        kind: 'user' as const,
        id: `${id}-u${i}`,
        text: `Message ${i} in ${id}.\n\nA second paragraph to give the row some height.`,
        at: 1,
      })),
    );
  await ui.open(doubleOptions(snapshotWith([many('alpha'), many('beta')])));
  const scroller = () => page.getByRole('tabpanel').locator('.transcript-scroller');
  await expect(page.getByRole('tabpanel').getByText('Message 59 in alpha.')).toBeVisible();
  // The person goes to the top (a key: only the person's own gestures stop the view following).
  await scroller().focus();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tabpanel').getByText('Message 0 in alpha.')).toBeVisible();

  await page.getByRole('tab', { name: 'beta' }).click();
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-beta');
  // alpha streams a reply while hidden.
  await ui.pushSession('alpha', [
    { kind: 'status', status: 'working' },
    { kind: 'block-start', messageId: 'late', index: 0, blockType: 'text', at: 2 },
  ]);
  for (const piece of ['Written ', 'while ', 'the tab ', 'was hidden.'])
    await ui.pushSession('alpha', [{ kind: 'block-delta', messageId: 'late', index: 0, text: piece }]);

  await page.getByRole('tab', { name: /alpha/ }).click();
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-alpha');
  // Where it was left: at the top, not pulled to the bottom.
  await expect(page.getByRole('tabpanel').getByText('Message 0 in alpha.')).toBeInViewport();
  expect(await scroller().evaluate((el) => el.scrollTop)).toBeLessThan(50);
  await scroller().evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(page.getByRole('tabpanel').getByText('Written while the tab was hidden.')).toBeVisible();
});

test('Claude Code not found: Settings is reachable there, and choosing the executable gets going', async ({ ui, page }) => {
  const notFound = { found: false, error: { kind: 'cli-not-found' as const, message: 'claude was not found on PATH or in the usual install locations.' } };
  await ui.open(
    doubleOptions(snapshotWith([], { claude: notFound }), {
      checkClaude: [{ found: true, path: '/opt/claude/bin/claude', source: 'setting' }],
    }),
  );
  await expect(page.getByRole('heading', { name: 'Claude Code was not found' })).toBeVisible();
  await page.getByRole('button', { name: 'Choose the executable in Settings' }).click();
  const dialog = page.getByRole('dialog', { name: /Settings/ });
  await expect(dialog).toContainText('claude was not found on PATH');
  const field = dialog.getByRole('textbox', { name: 'Claude Code executable' });
  await field.fill('/opt/claude/bin/claude');
  await field.press('Enter');
  // A program clide will run for every session: saved only once confirmed, with that confirmation's nonce.
  const confirm = dialog.getByRole('alertdialog', { name: 'Run /opt/claude/bin/claude as Claude Code?' });
  await expect(confirm).toContainText('as you, for every session');
  expect(await ui.calls('settings:update')).toEqual([]);
  await confirm.getByRole('button', { name: 'Use this program' }).click();
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
  await expect
    .poll(async () => (await ui.calls('settings:update')).map((c) => c.input))
    .toEqual([{ claudePath: '/opt/claude/bin/claude', confirm: 'nonce:claude-path:/opt/claude/bin/claude' }]);
  await expect(page.getByRole('dialog', { name: /Settings/ })).toContainText('Using /opt/claude/bin/claude as set here.');
});

test('switching tabs: the shown tab has the keyboard (its prompt, else its composer) and only it answers Ctrl+F', async ({ ui, page }) => {
  const withText = (id: string) =>
    applyEvents(sessionView(id, { cwd: `${HOME}/code/${id}` }), [{ kind: 'user', id: `${id}-u1`, text: `Hello from ${id}.`, at: 1 }]);
  await ui.open(doubleOptions(snapshotWith([withText('alpha'), withText('beta'), withText('gamma')])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const finds = page.getByRole('search', { name: 'Find in transcript' });
  await expect(composer).toBeFocused();

  // beta shown, alpha kept just behind it; a prompt arrives in alpha meanwhile.
  await page.getByRole('tab', { name: 'beta' }).click();
  await expect(composer).toBeFocused();
  await ui.pushSession('alpha', [
    { kind: 'permission', request: bashRequest('npm test', { requestId: 'req-a' }) },
    { kind: 'status', status: 'waiting' },
  ]);
  await page.keyboard.press('Control+f');
  await expect(finds).toHaveCount(1);
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-beta');

  // Back to alpha: its prompt takes the keyboard, beta's find is gone.
  await page.getByRole('tab', { name: /alpha/ }).click();
  await expect(page.getByRole('dialog', { name: 'Allow Bash?' })).toBeFocused();
  await expect(finds).toHaveCount(0);

  // gamma, then beta (now taken down and built again from what it kept): still the keyboard's.
  await page.getByRole('tab', { name: 'gamma' }).click();
  await expect(composer).toBeFocused();
  await page.getByRole('tab', { name: 'beta' }).click();
  await expect(composer).toBeFocused();
  await expect(page.getByRole('tabpanel').getByText('Hello from beta.')).toBeVisible();
  await page.keyboard.press('Control+f');
  await expect(finds).toHaveCount(1);
  await page.keyboard.type('Hello');
  await expect(finds).toContainText('1 of 1');
});

test('a tab left at the bottom shows what arrived while it was hidden, still at the bottom', async ({ ui, page }) => {
  const many = (id: string) =>
    applyEvents(
      sessionView(id, { cwd: `${HOME}/code/${id}` }),
      Array.from({ length: 40 }, (_, i) => ({ kind: 'user' as const, id: `${id}-u${i}`, text: `Message ${i} in ${id}.\n\nA second paragraph.`, at: 1 })),
    );
  await ui.open(doubleOptions(snapshotWith([many('alpha'), many('beta')])));
  await expect(page.getByRole('tabpanel').getByText('Message 39 in alpha.')).toBeInViewport();

  await page.getByRole('tab', { name: 'beta' }).click();
  await expect(page.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-beta');
  await ui.pushSession('alpha', [
    {
      kind: 'block',
      messageId: 'late',
      index: 0,
      block: { type: 'text', text: `A reply written while the tab was hidden.\n\n${'More lines.\n\n'.repeat(12)}The last line of it.` },
      at: 2,
    },
    { kind: 'message-end', messageId: 'late' },
  ]);

  await page.getByRole('tab', { name: /alpha/ }).click();
  await expect(page.getByRole('tabpanel').getByText('The last line of it.')).toBeInViewport();
});
