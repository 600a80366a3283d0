// The browser host lets a few windows in at once (--max-connections); one more is told why it
// is turned away, rather than looping silently, and gets in by itself once another closes.
import path from 'node:path';
import { expect, test } from './fixtures';

test('a window over the limit says too many windows are connected, and connects once one closes', async ({ page, clide }, testInfo) => {
  const started = await clide.start({ args: ['--max-connections', '1'] });
  await clide.open(page, started);

  const second = await page.context().newPage();
  await second.goto(started.host.url);
  const alert = second.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Too many windows are connected to clide' })).toBeVisible();
  await expect(alert).toContainText('This clide host has as many windows connected as it allows');
  await expect(alert).toContainText('Close another clide tab or window; this one connects by itself when there is room.');
  await expect(second.getByRole('textbox', { name: 'Message Claude' })).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await second.emulateMedia({ colorScheme: scheme });
    await second.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `too-many-windows-${scheme}.png`), animations: 'disabled' });
  }
  expect(started.host.stderr()).toContain('refused WebSocket: 1 are connected, the most allowed (--max-connections)');

  // The first window still works meanwhile.
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeEnabled();

  await page.close();
  await expect(second.getByRole('textbox', { name: 'Message Claude' })).toBeVisible({ timeout: 30_000 });
  await expect(second.getByRole('alert')).toHaveCount(0);
});
