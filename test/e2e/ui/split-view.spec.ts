// The split view against the in-page API double: opening it by key, palette and drag, moving
// focus between panes, the divider by pointer and keys, closing the last tab of a pane, the
// smallest window, and the layout sent to the host and taken back after a restart. Screenshots
// light and dark go to test-results/ui-screenshots/.
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { HOME } from './tabs-scenarios';
import { expect, test } from './ui-fixtures';

const three = () =>
  snapshotWith([
    sessionView('a', { cwd: `${HOME}/code/api-server` }),
    sessionView('b', { cwd: `${HOME}/code/web-ui` }),
    sessionView('c', { cwd: `${HOME}/code/docs` }),
  ]);

const leftPane = (page: Page) => page.getByRole('region', { name: /^Left pane/ });
const rightPane = (page: Page) => page.getByRole('region', { name: /^Right pane/ });
const composerIn = (pane: Locator) => pane.getByRole('textbox', { name: 'Message Claude' }).locator('visible=true');
const divider = (page: Page) => page.getByRole('separator', { name: 'Resize the panes' });
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

async function noSidewaysOverflow(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('Ctrl+\\ splits the current tab to the right; each pane has its own transcript, composer and status line; F6 moves focus', async ({ ui, page }) => {
  await ui.open(doubleOptions(three()));
  await page.getByRole('tab', { name: 'web-ui' }).click();
  await expect(page.getByRole('region', { name: /pane/ })).toHaveCount(0);
  await page.keyboard.press(`${mod}+Backslash`);

  await expect(rightPane(page)).toHaveAccessibleName('Right pane, focused');
  await expect(leftPane(page)).toHaveAccessibleName('Left pane');
  // The moved tab on the right, its neighbour on the left, both on screen.
  await expect(rightPane(page).getByRole('tabpanel', { name: 'web-ui' })).toBeVisible();
  await expect(leftPane(page).getByRole('tabpanel', { name: 'docs' })).toBeVisible();
  // Each pane has its own status line, a landmark named for its pane; the window's is gone.
  await expect(page.getByRole('region', { name: /^Session status, (left|right) pane$/ })).toHaveCount(2);
  await expect(rightPane(page).getByRole('region', { name: 'Session status, right pane' })).toBeVisible();
  await expect(leftPane(page).getByRole('region', { name: 'Session status, left pane' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(divider(page)).toHaveAttribute('aria-valuenow', '50');
  // The strip: the right pane's tabs come last; the selected tab is the focused pane's.
  await expect(page.getByRole('tab', { selected: true })).toHaveAccessibleName(/web-ui.*shown in the right pane/);
  await expect(page.getByRole('tab', { name: 'docs' })).toHaveAccessibleName(/shown in the left pane/);
  await expect(page.getByRole('tab', { name: 'api-server' })).toHaveAccessibleName(/in the left pane/);

  // Typing goes to the focused pane's composer.
  await expect(composerIn(rightPane(page))).toBeFocused();
  await page.keyboard.type('for the right');
  await expect(composerIn(rightPane(page))).toHaveValue('for the right');
  await page.keyboard.press('F6');
  await expect(leftPane(page)).toHaveAccessibleName('Left pane, focused');
  await expect(composerIn(leftPane(page))).toBeFocused();
  await page.keyboard.type('for the left');
  await expect(composerIn(leftPane(page))).toHaveValue('for the left');
  await expect(composerIn(rightPane(page))).toHaveValue('for the right');
  await expect(page.getByRole('tab', { selected: true })).toHaveAccessibleName(/docs/);
  // "The current tab" keys act on the focused pane: Ctrl+Tab goes to the next tab in order.
  await page.keyboard.press('Shift+F6');
  await expect(rightPane(page)).toHaveAccessibleName('Right pane, focused');
  // A click in the other pane focuses it.
  await leftPane(page)
    .getByRole('tabpanel')
    .click({ position: { x: 30, y: 30 } });
  await expect(leftPane(page)).toHaveAccessibleName('Left pane, focused');

  // Ctrl+\ again closes the split; the focused pane's tab stays shown.
  await page.keyboard.press(`${mod}+Backslash`);
  await expect(page.getByRole('region', { name: /pane/ })).toHaveCount(0);
  await expect(page.getByRole('tab', { selected: true })).toHaveAccessibleName(/docs/);
  await expect(page.getByRole('region', { name: /^Session status/ })).toHaveCount(0);
  await expect(page.getByRole('contentinfo', { name: 'Session status' })).toBeVisible();
});

test('closing the last tab of a pane collapses the split; Ctrl+W closes the focused pane’s tab', async ({ ui, page }) => {
  await ui.open(doubleOptions(three()));
  await page.getByRole('tab', { name: 'docs' }).click();
  await page.keyboard.press(`${mod}+Backslash`);
  await expect(rightPane(page)).toHaveAccessibleName('Right pane, focused');
  await page.keyboard.press('F6');
  await expect(leftPane(page)).toHaveAccessibleName('Left pane, focused');
  // The left pane shows web-ui (docs' neighbour); closing it shows api-server there.
  await page.keyboard.press(`${mod}+w`);
  await expect.poll(() => ui.calls('session:close')).toEqual([{ channel: 'session:close', input: { id: 'b' } }]);
  await expect(leftPane(page).getByRole('tabpanel', { name: 'api-server' })).toBeVisible();
  await expect(leftPane(page)).toHaveAccessibleName('Left pane, focused');
  // Closing the right pane's only tab: one pane again.
  // The tab's × is for the mouse (Delete on the tab is its key, so screen readers skip the ×).
  await page
    .locator('.tab', { has: page.getByRole('tab', { name: 'docs' }) })
    .locator('.tab-close')
    .click();
  await expect(page.getByRole('region', { name: /pane/ })).toHaveCount(0);
  await expect(page.getByRole('tab')).toHaveCount(1);
  await expect(page.getByRole('tabpanel', { name: 'api-server' })).toBeVisible();
});

test('dragging a tab onto the right half splits, with the half highlighted; onto the left half it moves back', async ({ ui, page }) => {
  await ui.open(doubleOptions(three()));
  const panes = page.locator('.panes');
  const box = (await panes.boundingBox())!;
  const tab = page.getByRole('tab', { name: 'docs' });
  const tabBox = (await tab.boundingBox())!;
  await page.mouse.move(tabBox.x + tabBox.width / 2, tabBox.y + tabBox.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2, { steps: 8 });
  await expect(page.locator('.drop-zone[data-over]')).toHaveAttribute('data-side', 'right');
  await expect(page.locator('.drop-zone[data-over]')).toHaveText('Split: show on the right');
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2, { steps: 2 });
  await page.mouse.up();
  await expect(rightPane(page).getByRole('tabpanel', { name: 'docs' })).toBeVisible();
  await expect(leftPane(page).getByRole('tabpanel', { name: 'api-server' })).toBeVisible();
  await expect(page.locator('.drop-zones')).toHaveCount(0);

  // web-ui dragged onto the right half joins the right pane.
  await page.getByRole('tab', { name: 'web-ui' }).dragTo(panes, { targetPosition: { x: box.width * 0.8, y: box.height / 2 } });
  await expect(rightPane(page).getByRole('tabpanel', { name: 'web-ui' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Sessions' }).locator('.tab-name')).toHaveText(['api-server', 'web-ui', 'docs']);
  // Dragged back to the left half: it moves there.
  await page.getByRole('tab', { name: 'web-ui' }).dragTo(panes, { targetPosition: { x: box.width * 0.2, y: box.height / 2 } });
  await expect(leftPane(page).getByRole('tabpanel', { name: 'web-ui' })).toBeVisible();
  await expect(rightPane(page).getByRole('tabpanel', { name: 'docs' })).toBeVisible();
});

test('the divider resizes by dragging and by keys, within its bounds', async ({ ui, page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await ui.open(doubleOptions(three()));
  await page.keyboard.press(`${mod}+Backslash`);
  const bar = divider(page);
  await expect(bar).toHaveAttribute('aria-valuenow', '50');
  await bar.focus();
  await page.keyboard.press('ArrowRight');
  await expect(bar).toHaveAttribute('aria-valuenow', '55');
  await page.keyboard.press('Home');
  await expect(bar).toHaveAttribute('aria-valuenow', '20');
  await page.keyboard.press('ArrowLeft');
  await expect(bar).toHaveAttribute('aria-valuenow', '20');
  await page.keyboard.press('End');
  await expect(bar).toHaveAttribute('aria-valuenow', '80');
  await page.keyboard.press('Enter');
  await expect(bar).toHaveAttribute('aria-valuenow', '50');

  const panes = (await page.locator('.panes').boundingBox())!;
  const b = (await bar.boundingBox())!;
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await page.mouse.down();
  await page.mouse.move(panes.x + panes.width * 0.3, b.y + b.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(bar).toHaveAttribute('aria-valuenow', '30');
  const left = (await leftPane(page).boundingBox())!;
  expect(Math.abs(left.width - panes.width * 0.3)).toBeLessThan(12);
});

test('at the smallest window both panes keep a usable width and nothing spills sideways', async ({ ui, page }) => {
  await page.setViewportSize({ width: 640, height: 420 });
  await ui.open(doubleOptions(three()));
  await page.keyboard.press(`${mod}+Backslash`);
  await divider(page).focus();
  await page.keyboard.press('Home');
  await expect(divider(page)).toHaveAttribute('aria-valuenow', '20');
  for (const pane of [leftPane(page), rightPane(page)]) {
    await expect(composerIn(pane)).toBeVisible();
    expect((await pane.boundingBox())!.width).toBeGreaterThanOrEqual(250);
  }
  await noSidewaysOverflow(page);
});

test('the palette and the tab menu split, move the tab to the other pane and close the split', async ({ ui, page }) => {
  await ui.open(doubleOptions(three()));
  const run = async (title: string) => {
    await page.keyboard.press(`${mod}+k`);
    const palette = page.getByRole('dialog', { name: /Command palette/ });
    await palette.getByRole('combobox').fill(title);
    await expect(palette.getByRole('option').first()).toContainText(title);
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
  };
  await run('Split right');
  await expect(rightPane(page).getByRole('tabpanel', { name: 'api-server' })).toBeVisible();
  await run('Focus other pane');
  await expect(leftPane(page)).toHaveAccessibleName('Left pane, focused');
  await run('Move tab to other pane');
  await expect(rightPane(page).getByRole('tabpanel', { name: 'web-ui' })).toBeVisible();
  await expect(rightPane(page)).toHaveAccessibleName('Right pane, focused');
  await run('Close split');
  await expect(page.getByRole('region', { name: /pane/ })).toHaveCount(0);
  await expect(page.getByRole('tab', { selected: true })).toHaveAccessibleName(/web-ui/);

  // The tab's menu opens a tab in the split, and moves it back.
  await page.getByRole('tab', { name: 'docs' }).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Tab' }).getByRole('menuitem', { name: 'Open in split' }).click();
  await expect(rightPane(page).getByRole('tabpanel', { name: 'docs' })).toBeVisible();
  await page.getByRole('tab', { name: 'docs' }).click({ button: 'right' });
  await page.getByRole('menu', { name: 'Tab' }).getByRole('menuitem', { name: 'Move to other pane' }).click();
  await expect(page.getByRole('region', { name: /pane/ })).toHaveCount(0);
});

test('the layout goes to the host, and a starting window takes back the one the host kept', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(three(), {
      replies: {
        'history:drafts': [{ ok: true, value: { drafts: {}, active: 'a', split: { right: ['a', 'c'], shown: { left: 'b', right: 'a' }, ratio: 0.35 } } }],
      },
    }),
  );
  await expect(rightPane(page)).toHaveAccessibleName('Right pane, focused');
  await expect(rightPane(page).getByRole('tabpanel', { name: 'api-server' })).toBeVisible();
  await expect(leftPane(page).getByRole('tabpanel', { name: 'web-ui' })).toBeVisible();
  await expect(divider(page)).toHaveAttribute('aria-valuenow', '35');
  await expect(page.getByRole('tablist', { name: 'Sessions' }).locator('.tab-name')).toHaveText(['web-ui', 'api-server', 'docs']);

  await divider(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await ui.calls('history:saveLayout')).at(-1)?.input)
    .toEqual({ order: ['b', 'a', 'c'], active: 'a', split: { right: ['a', 'c'], shown: { left: 'b', right: 'a' }, ratio: 0.4 } });
  await page.keyboard.press(`${mod}+Backslash`);
  await expect.poll(async () => (await ui.calls('history:saveLayout')).at(-1)?.input).toEqual({ order: ['b', 'a', 'c'], active: 'a' });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`split view screenshot (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1280, height: 800 });
    await ui.open(doubleOptions(three()));
    await ui.pushSession('a', [
      { kind: 'user', id: 'u1', text: 'Add a health check route to the API server', at: 1 },
      { kind: 'block-start', messageId: 'm1', index: 0, blockType: 'text', at: 2 },
      { kind: 'block-delta', messageId: 'm1', index: 0, text: 'I added `GET /health` returning the uptime and version.' },
      { kind: 'message-end', messageId: 'm1' },
    ]);
    await ui.pushSession('b', [{ kind: 'user', id: 'u2', text: 'Why does the login form flicker on load?', at: 3 }]);
    await page.getByRole('tab', { name: 'web-ui' }).click();
    await page.keyboard.press(`${mod}+Backslash`);
    await expect(rightPane(page).getByRole('tabpanel', { name: 'web-ui' })).toBeVisible();
    await page.getByRole('tab', { name: 'api-server' }).click();
    await expect(leftPane(page)).toHaveAccessibleName('Left pane, focused');
    await noSidewaysOverflow(page);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `split-view-${scheme}.png`), animations: 'disabled' });

    // Mid-drag: the drop zone's highlight.
    const panes = (await page.locator('.panes').boundingBox())!;
    const tab = (await page.getByRole('tab', { name: 'docs' }).boundingBox())!;
    await page.mouse.move(tab.x + tab.width / 2, tab.y + tab.height / 2);
    await page.mouse.down();
    await page.mouse.move(panes.x + panes.width * 0.25, panes.y + panes.height / 2, { steps: 8 });
    await expect(page.locator('.drop-zone[data-over]')).toHaveAttribute('data-side', 'left');
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `split-drop-${scheme}.png`), animations: 'disabled' });
    await page.mouse.up();
  });
}
