// Long sessions: the list is virtualised, the view follows a streaming reply unless the person
// scrolled up, find in transcript reaches entries that are not in the page and text hidden in
// collapsed cards, and the whole transcript exports to Markdown.
import fs from 'node:fs';
import { syntheticView } from '../../../bench/renderer/synthetic';
import { doubleOptions, snapshotWith, streamedText } from '../../support/api-double';
import { SESSION } from './scenarios';
import { transcriptStill } from './transcript-still';
import { expect, test } from './ui-fixtures';

const N = 3000;

test.beforeEach(async ({ ui, page }) => {
  await page.setViewportSize({ width: 1100, height: 800 });
  await ui.open(doubleOptions(snapshotWith([syntheticView(SESSION, N)])));
  await expect(page.getByRole('log', { name: 'Transcript' })).toBeVisible();
});

test('a 3,000-entry session mounts only what is on screen and opens at the bottom', async ({ page }) => {
  const rows = page.locator('.transcript-row');
  await expect(rows.last()).toHaveAttribute('data-row-id', `e${N - 1}`);
  const mounted = await rows.count();
  expect(mounted).toBeGreaterThan(3);
  expect(mounted).toBeLessThan(40);
  const nodes = await page.evaluate(() => document.querySelectorAll('.transcript *').length);
  expect(nodes).toBeLessThan(2500);
  // The far top is one key away, and still bounded.
  await page.locator('.transcript-scroller').focus();
  await page.keyboard.press('Home');
  await expect(page.locator('.transcript-row[data-row-id="e0"]')).toBeVisible();
  expect(await rows.count()).toBeLessThan(40);
});

test('the view follows a streaming reply; scrolled up it stays put and offers "Jump to latest"', async ({ ui, page }) => {
  const scroller = page.locator('.transcript-scroller');
  const gap = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  await ui.pushSession(SESSION, [{ kind: 'status', status: 'working' }, ...streamedText('live', ['Streaming starts.\n\n'])]);
  for (let i = 0; i < 20; i++)
    await ui.pushSession(SESSION, [{ kind: 'block-delta', messageId: 'live', index: 0, text: `Paragraph ${i} of a long reply.\n\n` }]);
  await expect(page.getByText('Paragraph 19 of a long reply.')).toBeVisible();
  await expect.poll(gap).toBeLessThan(60);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toHaveCount(0);

  await scroller.hover();
  await page.mouse.wheel(0, -1500);
  await expect(page.getByRole('button', { name: 'Jump to latest' })).toBeVisible();
  // Let the fling settle (entries flung into view are shown in full once scrolling stops).
  const top = await transcriptStill(page);
  for (let i = 20; i < 30; i++)
    await ui.pushSession(SESSION, [{ kind: 'block-delta', messageId: 'live', index: 0, text: `Paragraph ${i} of a long reply.\n\n` }]);
  // The streaming entry is off screen, so the deltas show nowhere: a usage update sent after
  // them shows in the status bar once they have been applied and drawn; then the view must
  // still be where the person left it.
  await ui.pushSession(SESSION, [{ kind: 'usage', contextTokens: 123_456 }]);
  await expect(page.getByRole('contentinfo', { name: 'Session status' })).toContainText('123k');
  expect(Math.abs((await transcriptStill(page)) - top)).toBeLessThan(4);

  await page.getByRole('button', { name: 'Jump to latest' }).click();
  await expect(page.getByText('Paragraph 29 of a long reply.')).toBeVisible();
  await ui.pushSession(SESSION, [{ kind: 'block-delta', messageId: 'live', index: 0, text: 'The end.' }]);
  await expect(page.getByText('The end.')).toBeInViewport();
  await expect.poll(gap).toBeLessThan(60);
});

test('find reaches unmounted entries and collapsed cards, counts, and steps through matches', async ({ page }) => {
  await page.getByRole('textbox', { name: 'Message Claude' }).click();
  await page.keyboard.press('Control+f');
  const input = page.getByRole('searchbox', { name: 'Find in transcript' });
  await expect(input).toBeFocused();
  // "case-12-3" is in the collapsed output of the Bash card of entry 12, far above the view.
  await input.fill('case-12-3.test');
  const bar = page.getByRole('search', { name: 'Find in transcript' });
  const count = bar.locator('.find-count');
  await expect(count).toHaveText('1 of 1');
  const card = page.locator('[data-row-id="e12"]').getByLabel('Tool: Bash');
  await expect(card).toBeInViewport();
  await expect(card.locator('.tool-head')).toHaveAttribute('aria-expanded', 'true');
  await expect
    .poll(() => page.evaluate(() => (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('clide-find-current')?.size ?? 0))
    .toBe(1);
  const marked = await page.evaluate(() => {
    const r = [...((CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('clide-find-current') ?? [])][0];
    return r?.toString();
  });
  expect(marked?.toLowerCase()).toBe('case-12-3.test');

  // Many matches: a count, and Enter / Shift+Enter move through them.
  await input.fill('checkpoint 2');
  await expect(count).toHaveText(/^\d+ of 111$/);
  const before = await count.textContent();
  await input.press('Enter');
  await expect(count).not.toHaveText(before ?? '');
  await input.press('Shift+Enter');
  await expect(count).toHaveText(before ?? '');

  // Text only in a collapsed thinking block: its head is marked until it is opened.
  await input.fill('nothing-matches-this');
  await expect(count).toHaveText('No matches');
  await input.press('Escape');
  await expect(bar).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (CSS as unknown as { highlights: Map<string, unknown> }).highlights.has('clide-find'))).toBe(false);
});

test('a match inside collapsed thinking is marked on its head and revealed on its turn', async ({ ui, page }) => {
  await ui.pushSession(SESSION, [
    { kind: 'block', messageId: 'th', index: 0, block: { type: 'thinking', text: 'The secret word is pelican.' }, at: Date.now() },
    { kind: 'block', messageId: 'th', index: 1, block: { type: 'text', text: 'Done thinking.' }, at: Date.now() },
    { kind: 'message-end', messageId: 'th' },
  ]);
  await page.keyboard.press('Control+f');
  await page.getByRole('searchbox', { name: 'Find in transcript' }).fill('pelican');
  const thinking = page.locator('[data-row-id="th"] .thinking');
  await expect(thinking.locator('.thinking-toggle')).toHaveAttribute('aria-expanded', 'true');
  await expect(thinking.locator('.thinking-body')).toContainText('pelican');
  // Closing it again leaves a mark saying a match is inside.
  await thinking.locator('.thinking-toggle').click();
  await expect(thinking).toHaveAttribute('data-find-mark', 'true');
  await expect(thinking.getByText('match', { exact: true })).toBeVisible();
});

test('export writes the transcript as Markdown', async ({ page }) => {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^api-server \d{4}-\d\d-\d\d \d\d-\d\d\.md$/);
  const file = await download.path();
  const md = fs.readFileSync(file, 'utf8');
  expect(md.startsWith('# /home/ada/code/api-server\n')).toBe(true);
  expect(md).toContain('### You');
  expect(md).toContain('Step 2990:');
  expect(md).toContain('**Bash** `npm test -- case-2992`');
  expect(md).toContain('<details><summary>Skill: conventions-1</summary>');
  expect(md.match(/^### You/gm)?.length).toBe(N / 10);
});
