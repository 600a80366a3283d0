// axe's scrollable-region-focusable (serious): a region that scrolls must be reachable with the
// keyboard (focusable itself, or holding something focusable), or a keyboard user cannot scroll
// it. Checked on the transcript in the states it can be in (an empty tab, one loading its
// earlier conversation, a long conversation of plain words) at window sizes from roomy to
// cramped, in both themes: whether it scrolls depends on its content against the window.
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import type { SessionView } from '../../../shared/transcript';
import { seriousViolations, useScheme } from './axe';
import { expect, test } from './ui-fixtures';

const sizes = [
  { width: 1100, height: 800 },
  { width: 700, height: 420 },
  { width: 520, height: 300 },
  { width: 600, height: 200 },
] as const;

const words = (n: number): SessionView['items'] =>
  Array.from({ length: n }, (_, i) =>
    i % 2
      ? {
          type: 'assistant' as const,
          id: `a${i}`,
          at: 0,
          blocks: [{ type: 'text' as const, text: `Reply ${i}: the router reads the table once.`, streaming: false }],
        }
      : { type: 'user' as const, id: `u${i}`, text: `Question ${i}`, at: 0 },
  );

const states: Array<{ name: string; view: SessionView; shown: string }> = [
  { name: 'an empty tab', view: sessionView('a'), shown: '.empty-state' },
  {
    name: 'a tab loading its earlier conversation',
    view: sessionView('a', { info: { ...sessionView('a').info, loadingEarlier: true } }),
    shown: '.empty-state.is-loading',
  },
  { name: 'a long conversation of plain words', view: sessionView('a', { items: words(40) }), shown: '.transcript-row' },
];

for (const state of states) {
  test(`the transcript can be reached with the keyboard whenever it scrolls: ${state.name}`, async ({ ui, page }) => {
    await ui.open(doubleOptions(snapshotWith([state.view])));
    await expect(page.locator(state.shown).first()).toBeVisible();
    const problems: string[] = [];
    for (const size of sizes) {
      await page.setViewportSize(size);
      for (const scheme of ['light', 'dark'] as const) {
        await useScheme(page, scheme);
        problems.push(
          ...(await seriousViolations(page, `${state.name}, ${size.width}x${size.height} (${scheme})`, { rules: ['scrollable-region-focusable'] })),
        );
      }
    }
    expect(problems).toEqual([]);
  });
}

test("the command palette's list can be reached with the keyboard whenever it scrolls", async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView('a', { items: words(6) }), sessionView('b'), sessionView('c')])));
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible();
  const problems: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      await useScheme(page, scheme);
      problems.push(...(await seriousViolations(page, `the palette, ${size.width}x${size.height} (${scheme})`, { rules: ['scrollable-region-focusable'] })));
    }
  }
  expect(problems).toEqual([]);
});
