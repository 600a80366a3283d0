// Through the real browser host: "Check for updates" from the palette reaches the host, which
// says that updates do not apply to it (it runs the checkout's code). Nothing was handed to it
// to open, so no folder notice shows either.
import { expect, test } from './fixtures';

test('in the browser host, Check for updates says updates do not apply', async ({ page, clide }) => {
  const started = await clide.start();
  await clide.open(page, started);
  await page.keyboard.press('Control+k');
  const field = page.getByRole('combobox', { name: 'Search commands, sessions and past sessions' });
  await field.fill('check for updates');
  await expect(page.getByRole('option').first()).toContainText('Check for updates');
  await field.press('Enter');
  const notice = page.getByRole('status', { name: 'Updates' });
  await expect(notice).toContainText('Updates apply to the desktop app. The browser host runs the code of your checkout: update it with git pull');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
