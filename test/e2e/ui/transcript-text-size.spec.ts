// The transcript text size (Settings > Transcript text size, Ctrl/Cmd+= / - / 0, the palette):
// the transcript's text scales and the rest of the window does not, the view keeps its place
// (at the bottom, or the same entry at the top), both panes of a split follow, and the choice
// goes to the host. Screenshots at the largest size, light and dark, go to
// test-results/ui-screenshots/.
import path from 'node:path';
import type { Page } from '@playwright/test';
import { syntheticView } from '../../../bench/renderer/synthetic';
import { applyEvents } from '../../../shared/transcript';
import { defaultSettings } from '../../../shared/settings';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { conversation, SESSION } from './scenarios';
import { transcriptStill } from './transcript-still';
import { expect, test } from './ui-fixtures';

const N = 300;
const mod = process.platform === 'darwin' ? 'Meta' : 'Control';

const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .last()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
/** A message's text: the last reply drawn in full. */
const messageSize = (page: Page) => fontSize(page, '.transcript-row:not(.is-lite) .md');
const composerSize = (page: Page) => fontSize(page, 'textarea[aria-label="Message Claude"]');
const gap = (page: Page) => page.locator('.transcript-scroller').evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
const sizesAsked = async (ui: { calls(c: string): Promise<Array<{ input: unknown }>> }) => (await ui.calls('settings:update')).map((c) => c.input);

/** The entry at the top of the view: the first row whose bottom is below the scroller's top. */
const topRow = (page: Page) =>
  page.evaluate(() => {
    const top = document.querySelector('.transcript-scroller')!.getBoundingClientRect().top;
    const rows = [...document.querySelectorAll<HTMLElement>('.transcript-row')].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    const row = rows.find((r) => r.getBoundingClientRect().bottom > top + 1);
    return { id: row?.dataset.rowId, offset: row ? row.getBoundingClientRect().top - top : 0 };
  });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 760 });
});

test('Ctrl+= twice makes the transcript text larger, not the composer, keeps the view at the bottom; Ctrl+0 resets', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([syntheticView(SESSION, N)])));
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await expect(composer).toBeVisible();
  await expect(page.locator(`[data-row-id="e${N - 1}"]`)).toBeInViewport();
  await transcriptStill(page);
  const message = await messageSize(page);
  const typing = await composerSize(page);
  expect(message).toBe(15);

  await composer.click();
  await page.keyboard.press(`${mod}+Equal`);
  await page.keyboard.press(`${mod}+Equal`);
  // Two steps, each sent to the host.
  await expect.poll(() => sizesAsked(ui)).toEqual([{ transcriptTextSize: 16 }, { transcriptTextSize: 18 }]);
  await expect.poll(() => messageSize(page)).toBeCloseTo((15 * 18) / 14, 1);
  expect(await composerSize(page)).toBe(typing);
  // Code and tool cards scale with it.
  expect(await fontSize(page, '.transcript-row:not(.is-lite) .code-block pre')).toBeCloseTo((12.5 * 18) / 14, 1);
  // Rows were measured again and the view followed the bottom.
  await transcriptStill(page);
  await expect(page.locator(`[data-row-id="e${N - 1}"]`)).toBeInViewport();
  expect(await gap(page)).toBeLessThan(2);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);
  // Nothing spills sideways at 900 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  expect(await page.locator('.transcript-scroller').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

  await page.keyboard.press(`${mod}+Minus`);
  await expect.poll(() => messageSize(page)).toBeCloseTo((15 * 16) / 14, 1);
  await page.keyboard.press(`${mod}+Digit0`);
  await expect.poll(() => messageSize(page)).toBe(15);
  expect((await sizesAsked(ui)).slice(2)).toEqual([{ transcriptTextSize: 16 }, { transcriptTextSize: 14 }]);
  await transcriptStill(page);
  expect(await gap(page)).toBeLessThan(2);
  // The composer still has the typing focus: the keys took nothing from it.
  await expect(composer).toBeFocused();
});

test('scrolled up, the entry at the top of the view stays there when the size changes', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([syntheticView(SESSION, N)])));
  await expect(page.locator(`[data-row-id="e${N - 1}"]`)).toBeInViewport();
  const scroller = page.locator('.transcript-scroller');
  await scroller.hover();
  await page.mouse.wheel(0, -3000);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
  await transcriptStill(page);
  const before = await topRow(page);
  expect(before.id).toBeDefined();

  await page.keyboard.press(`${mod}+Equal`);
  await expect.poll(() => messageSize(page)).toBeCloseTo((15 * 16) / 14, 1);
  await transcriptStill(page);
  const after = await topRow(page);
  expect(after.id).toBe(before.id);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();

  await page.keyboard.press(`${mod}+Minus`);
  await page.keyboard.press(`${mod}+Minus`);
  await expect.poll(() => messageSize(page)).toBeCloseTo((15 * 13) / 14, 1);
  await transcriptStill(page);
  expect((await topRow(page)).id).toBe(before.id);
});

test('the Settings control shows the size and changes it; the palette does too', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([syntheticView(SESSION, 40)]), { settings: { ...defaultSettings(), transcriptTextSize: 16 } }));
  await expect(page.getByRole('log', { name: 'Transcript' })).toBeVisible();
  await expect.poll(() => messageSize(page)).toBeCloseTo((15 * 16) / 14, 1);

  await page.getByRole('textbox', { name: 'Message Claude' }).click();
  await page.keyboard.press(`${mod}+Comma`);
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  const group = dialog.getByRole('radiogroup', { name: 'Transcript text size' });
  await expect(group.getByRole('radio', { name: 'Large, 16 pixels' })).toBeChecked();
  await expect(group.getByRole('radio')).toHaveCount(6);
  // While the dialog is open the keys are the dialog's: nothing changes.
  await page.keyboard.press(`${mod}+Equal`);
  await group.getByText('Largest').click();
  await expect(group.getByRole('radio', { name: 'Largest, 22 pixels' })).toBeChecked();
  await expect.poll(() => sizesAsked(ui)).toEqual([{ transcriptTextSize: 22 }]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => messageSize(page)).toBeCloseTo((15 * 22) / 14, 1);

  // At the largest size Ctrl+= stays there and asks for nothing.
  await page.keyboard.press(`${mod}+Equal`);
  await page.keyboard.press(`${mod}+k`);
  const palette = page.getByRole('combobox', { name: 'Search commands, sessions and past sessions' });
  await palette.fill('smaller transcript');
  await expect(page.getByRole('option').first()).toContainText('now 22 px');
  await page.keyboard.press('Enter');
  await expect.poll(() => messageSize(page)).toBeCloseTo((15 * 20) / 14, 1);
  expect(await sizesAsked(ui)).toEqual([{ transcriptTextSize: 22 }, { transcriptTextSize: 20 }]);
});

test('a refused size is explained in Settings and the transcript keeps its size', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([syntheticView(SESSION, 20)])));
  await expect(page.getByRole('log', { name: 'Transcript' })).toBeVisible();
  await page.evaluate(() =>
    window.__clideDouble?.setReplies('settings:update', [
      {
        ok: false,
        error: { kind: 'invalid-input', message: 'Invalid input for settings:update: transcriptTextSize must be one of 13, 14, 16, 18, 20, 22 (pixels)' },
      },
    ]),
  );
  await page.keyboard.press(`${mod}+Comma`);
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByText('Larger', { exact: false }).first().click();
  await expect(dialog.getByRole('alert')).toContainText('must be one of 13, 14, 16, 18, 20, 22');
  await expect(dialog.getByRole('radio', { name: 'Default, 14 pixels' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(await messageSize(page)).toBe(15);
});

test('both panes of a split show the same size', async ({ ui, page }) => {
  await page.setViewportSize({ width: 1200, height: 760 });
  await ui.open(doubleOptions(snapshotWith([syntheticView(SESSION, 30), syntheticView('other', 30)])));
  await expect(page.getByRole('log', { name: 'Transcript' })).toBeVisible();
  await page.keyboard.press(`${mod}+Backslash`);
  const panes = page.getByRole('region', { name: /^(Left|Right) pane/ });
  await expect(panes).toHaveCount(2);
  await page.keyboard.press(`${mod}+Equal`);
  for (const pane of await panes.all()) {
    await expect
      .poll(() =>
        pane
          .locator('.transcript-row:not(.is-lite) .md')
          .last()
          .evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
      )
      .toBeCloseTo((15 * 16) / 14, 1);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`a conversation at the largest size (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 1100, height: 900 });
    const view = applyEvents(sessionView(SESSION), conversation());
    await ui.open(doubleOptions(snapshotWith([view]), { settings: { ...defaultSettings(), transcriptTextSize: 22 } }));
    await expect(page.getByRole('dialog', { name: 'Allow Write?' })).toBeVisible();
    await transcriptStill(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.locator('.transcript-scroller').focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.locator('.transcript-scroller').evaluate((el) => el.scrollTop)).toBe(0);
    await transcriptStill(page);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `text-size-largest-${scheme}.png`), animations: 'disabled' });
    await page.keyboard.press(`${mod}+Comma`);
    await expect(page.getByRole('radio', { name: 'Largest, 22 pixels' })).toBeChecked();
    await page.getByRole('radiogroup', { name: 'Transcript text size' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `text-size-settings-${scheme}.png`), animations: 'disabled' });
  });
}
