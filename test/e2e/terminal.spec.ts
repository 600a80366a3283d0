// A session's terminal end to end (Chromium, browser host, real PTY and bash): Ctrl+` opens it
// in the session's folder, what is typed runs, a reload shows the same screen again (the shell
// and its scrollback live in the core), Send to Claude puts the selection into the message box
// as a quoted block; light and dark, checked with axe.
import path from 'node:path';
import { expect, test } from './fixtures';
import { seriousViolations, useScheme } from './ui/axe';

const shot = (name: string) => path.join(test.info().project.outputDir, 'terminal-screenshots', `${name}.png`);

test('Ctrl+` opens a terminal in the session folder; its output survives a reload; Send to Claude quotes the selection', async ({ page, clide }) => {
  // bash without startup files (the sandbox's HOME has none), with a plain prompt.
  const started = await clide.start({ env: { SHELL: '/bin/bash', PS1: '$ ' } });
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.focus();
  await page.keyboard.press('Control+Backquote');
  const panel = page.getByRole('region', { name: 'Terminal' });
  await expect(panel).toBeVisible();
  const rows = panel.locator('.xterm-rows');
  /** A row of the screen that reads exactly `text`. */
  const row = (text: string) => rows.locator(':scope > div', { hasText: new RegExp(`^${text}\\s*$`) });
  await expect(rows).toContainText(/[$#]/);
  // The keys go to the shell (the terminal has the focus once it opens).
  await page.keyboard.type('cd . && echo hi-$((6*7)) && pwd');
  await page.keyboard.press('Enter');
  await expect(row('hi-42')).toHaveCount(1);
  await expect(row(started.sandbox.cwd)).toHaveCount(1);

  // A reload: the panel opens again and attaches to the same shell, its screen intact.
  await page.reload();
  await expect(composer).toBeVisible();
  await expect(panel).toBeVisible();
  await expect(row('hi-42')).toHaveCount(1);
  await expect(panel.getByRole('tab')).toHaveCount(1);

  // Select the output (a double click takes the word) and send it to Claude.
  await row('hi-42').dblclick({ position: { x: 12, y: 6 }, force: true });
  const send = panel.getByRole('button', { name: 'Send to Claude' });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(composer).toHaveValue('```console\nhi-42\n```\n');
  await expect(composer).toBeFocused();

  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    await page.screenshot({ path: shot(`terminal-${scheme}`), animations: 'disabled' });
    expect(await seriousViolations(page, `the terminal (${scheme})`, { within: '.terminal-panel' })).toEqual([]);
  }
  await useScheme(page, 'light');

  // Closing the last terminal ends its shell and closes the panel; Ctrl+` opens a new one.
  await panel.getByRole('button', { name: 'Close terminal 1' }).click();
  await expect(panel).toBeHidden();
  await expect(composer).toBeFocused();
  await page.keyboard.press('Control+Backquote');
  await expect(panel.getByRole('tab', { name: 'bash 1' })).toBeVisible();
  await expect(row('hi-42')).toHaveCount(0);
});
