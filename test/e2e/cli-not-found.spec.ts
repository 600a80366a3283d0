// With CLIDE_CLAUDE_PATH pointing nowhere, the browser host shows why and how to fix it.
import path from 'node:path';
import { expect, test } from './fixtures';

test('a missing claude executable shows the "Claude Code was not found" screen', async ({ page, clide }) => {
  const started = await clide.start({ env: { CLIDE_CLAUDE_PATH: path.join('/nonexistent', 'bin', 'claude') } });
  await page.goto(started.host.url);
  await expect(page.getByRole('heading', { name: 'Claude Code was not found' })).toBeVisible();
  await expect(page.getByText('CLIDE_CLAUDE_PATH points to /nonexistent/bin/claude, which does not exist.')).toBeVisible();
  const again = page.getByRole('button', { name: 'Check again' });
  await again.click();
  await expect(page.getByRole('status')).toContainText('Still not found');
  expect(started.host.claudePids()).toEqual([]);
});
