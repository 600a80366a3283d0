// Keys go where the person meant (lib/key-hold.ts). A shortcut that opens a part loaded on
// demand draws it a moment later the first time; the keys typed meanwhile go to that part once
// it is drawn, never to the message box, and an Enter among them acts in the part (Ctrl+K,
// "split", Enter splits the view), never sends. The keys typed before the first screen is up
// wait for it. Typed at 10 ms a key, right after the shortcut, on a fresh page; where the part's
// file is held back until the typing is done, the part cannot have been drawn in time.
import type { Page, Route } from '@playwright/test';
import { doubleOptions, installApiDouble, sessionView, snapshotWith } from '../../support/api-double';
import { expect, test, type UiApp } from './ui-fixtures';

const HOME = '/home/ada';
const two = () =>
  doubleOptions(
    snapshotWith(
      [
        sessionView('a', {
          cwd: `${HOME}/code/api-server`,
          items: [{ type: 'assistant', id: 'a1', at: 0, blocks: [{ type: 'text', text: 'The split is in the router.', streaming: false }] }],
        }),
        sessionView('b', { cwd: `${HOME}/code/web-ui` }),
      ],
      { homeDir: HOME },
    ),
  );

const composer = (page: Page) => page.getByRole('textbox', { name: 'Message Claude' });

/** Hold back the requests for the files matching `file` until the returned function is called. */
async function holdFile(page: Page, file: RegExp): Promise<{ held: () => number; let: () => Promise<void> }> {
  const routes: Route[] = [];
  let holding = true;
  await page.route(file, (route) => (holding ? void routes.push(route) : route.continue()));
  return {
    held: () => routes.length,
    let: async () => {
      holding = false;
      for (const r of routes.splice(0)) await r.continue();
    },
  };
}

async function nothingSent(ui: UiApp, page: Page): Promise<void> {
  // Every message box (two once the view is split) holds nothing.
  const values = await composer(page).evaluateAll((boxes) => boxes.map((b) => (b as HTMLTextAreaElement).value));
  expect(values.length).toBeGreaterThan(0);
  expect(values.filter(Boolean)).toEqual([]);
  expect(await ui.calls('session:send')).toEqual([]);
}

const parts = [
  {
    name: 'the palette',
    keys: 'Control+k',
    file: /\/assets\/command-palette-[^/]+\.js$/,
    field: (page: Page) => page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox'),
  },
  {
    name: 'find',
    keys: 'Control+f',
    file: /\/assets\/find-panel-[^/]+\.js$/,
    field: (page: Page) => page.getByRole('search', { name: 'Find in transcript' }).getByRole('searchbox'),
  },
  {
    name: 'History',
    keys: 'Control+Shift+H',
    file: /\/assets\/history-panel-[^/]+\.js$/,
    field: (page: Page) => page.getByRole('searchbox', { name: 'Search sessions' }).or(page.getByRole('textbox', { name: 'Search sessions' })),
  },
];

for (const part of parts) {
  test(`keys typed before ${part.name} is drawn go to it, none to the message box`, async ({ ui, page }) => {
    const file = await holdFile(page, part.file);
    await ui.open(two());
    await expect(composer(page)).toBeFocused();
    await page.keyboard.press(part.keys);
    await page.keyboard.type('router', { delay: 10 });
    await page.keyboard.press('Backspace');
    // Its file has been asked for and not yet given: nothing of it can be on screen.
    await expect.poll(file.held).toBeGreaterThan(0);
    await expect(part.field(page)).toHaveCount(0);
    await file.let();
    await expect(part.field(page)).toHaveValue('route');
    await expect(part.field(page)).toBeFocused();
    await nothingSent(ui, page);
  });

  test(`keys typed at once after the shortcut for ${part.name} on a fresh page go to it`, async ({ ui, page }) => {
    await ui.open(two());
    await page.keyboard.press(part.keys);
    await page.keyboard.type('router', { delay: 10 });
    await expect(part.field(page)).toHaveValue('router');
    await nothingSent(ui, page);
  });
}

for (const [name, keys] of [
  ['Settings', 'Control+,'],
  ['the Changes panel', 'Control+Shift+G'],
] as const) {
  test(`keys typed before ${name} is drawn do not reach the message box`, async ({ ui, page }) => {
    await ui.open(two());
    await page.keyboard.press(keys);
    await page.keyboard.type('split', { delay: 10 });
    await page.keyboard.press('Enter');
    await nothingSent(ui, page);
  });
}

test('Ctrl+K, "split", Enter before the palette is drawn runs Split right in the palette and sends nothing', async ({ ui, page }) => {
  const file = await holdFile(page, /\/assets\/command-palette-[^/]+\.js$/);
  await ui.open(two());
  await page.keyboard.press('Control+k');
  await page.keyboard.type('split', { delay: 10 });
  await page.keyboard.press('Enter');
  await expect.poll(file.held).toBeGreaterThan(0);
  await file.let();
  await expect(page.getByRole('region', { name: /^(Left|Right) pane/ })).toHaveCount(2);
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
  await nothingSent(ui, page);
});

test('Ctrl+K, "split", Enter at 10 ms a key on a fresh page splits the view and sends nothing', async ({ ui, page }) => {
  await ui.open(two());
  await page.keyboard.press('Control+k');
  await page.keyboard.type('split', { delay: 10 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: /^(Left|Right) pane/ })).toHaveCount(2);
  await nothingSent(ui, page);
});

test('keys typed before the first screen is up go into the message box once it is; an Enter among them sends nothing', async ({ page, rendererUrl }) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  // The app's own script is held back; the page's first script (early.ts) is not.
  const app = await holdFile(page, /\/assets\/index-[^/]+\.js$/);
  await page.addInitScript(installApiDouble, two());
  await page.goto(rendererUrl, { waitUntil: 'commit' });
  await expect.poll(app.held).toBeGreaterThan(0);
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/key-hold-[^/]+\.js$/.test(e.name)));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
  await page.keyboard.type('hello', { delay: 10 });
  await page.keyboard.press('Enter');
  await app.let();
  await expect(composer(page)).toHaveValue('hello');
  expect(await page.evaluate(() => (window.__clideDouble?.calls ?? []).filter((c) => c.channel === 'session:send'))).toEqual([]);
  expect(errors).toEqual([]);
});
