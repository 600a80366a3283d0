// Full-text search end to end, through the browser host and the real CLI: a past session's
// reply is found by a word in it from History (the snippet marks the word), and opening the
// hit resumes the session scrolled to that message, far above the bottom where a resumed
// session opens. Screenshots in light and dark go to the test's output folder.
import { lastUserText, text } from '../support/fake-api';
import { expect, test } from './fixtures';

const filler = (n: number) =>
  Array.from({ length: 60 }, (_, i) => `Step ${n}.${i + 1}: nothing about birds here, only more words to scroll past.`).join('\n\n');

test('a word from a past reply is found in History and opens the session at that message', async ({ page, clide }, testInfo) => {
  const started = await clide.start();
  started.sandbox.api.script((req) => {
    const prompt = lastUserText(req.body);
    if (prompt.includes('bird')) return text('The resplendent quetzal nests in cloud forests.');
    if (prompt.includes('first')) return text(filler(1));
    if (prompt.includes('second')) return text(filler(2));
    return text('(unexpected prompt)');
  });
  await page.setViewportSize({ width: 1100, height: 700 });
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const transcript = page.getByRole('log', { name: 'Transcript' });
  for (const [prompt, reply] of [
    ['Tell me about a bird', 'quetzal'],
    ['Now the first long list', 'Step 1.60'],
    ['And the second long list', 'Step 2.60'],
  ] as const) {
    await composer.fill(prompt);
    await composer.press('Enter');
    await expect(transcript.getByRole('article', { name: 'Claude' }).last()).toContainText(reply);
  }
  // The turn has ended (its reply can be on screen before): a tab still working asks first.
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  // Delete on the tab closes it (the × beside it is for the mouse).
  await page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab').first().press('Delete');
  await expect(page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab')).toHaveCount(0);
  await expect.poll(() => started.host.claudePids().length, { timeout: 20_000 }).toBe(0);

  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History' });
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('quetz');
  const matches = drawer.getByRole('region', { name: 'Matches in conversations' });
  const hit = matches.getByRole('button', { name: /quetzal nests/ });
  // The index catches up with the closed session in its worker; the search is asked again until it has.
  await expect(async () => {
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('quetza');
    await page.getByRole('searchbox', { name: 'Search sessions' }).fill('quetz');
    await expect(hit).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(hit.locator('mark')).toHaveText('quetzal');
  await expect(hit).toContainText('Claude · Tell me about a bird');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: testInfo.outputPath('history-search-light.png'), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('history-search-dark.png'), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'light' });

  await hit.click();
  await expect(drawer).toBeHidden();
  // The resumed session shows its earlier conversation, and lands on the reply that matched.
  const landed = transcript.locator('.transcript-row[data-revealed="true"]');
  await expect(landed).toContainText('The resplendent quetzal nests in cloud forests.');
  await expect(landed).toBeInViewport();
  await expect(transcript.getByText('Step 2.60', { exact: false })).not.toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('search-landed-light.png'), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: testInfo.outputPath('search-landed-dark.png'), animations: 'disabled' });
});
