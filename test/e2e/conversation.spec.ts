// A plain conversation through the browser host: the reply streams in, and the status bar
// fills in from the turn's result.
import { text } from '../support/fake-api';
import { claudeVersion } from '../support/real-cli';
import { expect, test } from './fixtures';

test('a prompt sent with Enter streams its reply in, then the status bar shows cost and context', async ({ page, clide }) => {
  const started = await clide.start();
  const reply = 'Streaming check: this reply leaves the fake API four characters at a time with a pause between pieces, so the page shows it growing.';
  // 100k input tokens make both the cost and the context share visibly non-zero.
  started.sandbox.api.script([text(reply, { chunk: 4, delayMs: 40, usage: { input_tokens: 100_000, output_tokens: 60 } })]);
  await clide.open(page, started);

  // Watch every frame for a moment when part of the reply, but not all of it, is on screen:
  // polling from the test could miss it on a busy machine, a frame in the page cannot.
  await page.evaluate((full) => {
    const w = window as unknown as { sawPrefix?: boolean };
    w.sawPrefix = false;
    const look = () => {
      const text = document.querySelector('[role="log"][aria-label="Transcript"]')?.textContent ?? '';
      if (text.includes(full.slice(0, 16)) && !text.includes(full)) w.sawPrefix = true;
      if (!text.includes(full)) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, reply);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('Tell me something, slowly.');
  await composer.press('Enter');

  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript.getByRole('article', { name: 'You' })).toContainText('Tell me something, slowly.');
  await expect(composer).toHaveValue('');
  const claude = transcript.getByRole('article', { name: 'Claude' });
  await expect(claude).toContainText(reply);
  const sawPrefix = await page.evaluate(() => (window as unknown as { sawPrefix?: boolean }).sawPrefix);
  expect(sawPrefix, 'a prefix of the reply was on screen before the whole of it').toBe(true);

  const status = page.getByRole('contentinfo', { name: 'Session status' });
  await expect(status).toContainText(/\$\d+\.\d\d/);
  await expect(status).not.toContainText('$0.00');
  await expect(status).toContainText(/\d+(\.\d)?k \/ 1M \(\d+%\)/);
  await expect(status).toContainText(`CLI ${claudeVersion()}`);
  expect(started.host.claudePids()).toHaveLength(1);
});
