// Run in the window: Ctrl+Shift+R with a committed .clide/run not yet allowed shows exactly what
// it runs in the terminal panel and starts nothing; Run it sends the core's 'run-file' nonce for
// this session and content (the core refuses without it: test/integration/terminal-run.test.ts);
// the Run tab opens; the Run button in the panel's head runs it again; a refusal is said there.
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import type { TerminalInfo } from '../../../shared/terminal';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { seriousViolations, useScheme } from './axe';
import { SESSION } from './scenarios';
import { HOME } from './tabs-scenarios';
import { expect, test } from './ui-fixtures';

const shot = (testInfo: TestInfo, name: string) => path.join(testInfo.project.outputDir, 'ui-screenshots', `${name}.png`);
const CWD = `${HOME}/code/orders`;
const FILE = `${CWD}/.clide/run`;
const CONTENT = '#!/bin/sh\nnpm run dev -- --port 5173\n';
const RUN: TerminalInfo = { terminalId: 't1', sessionId: SESSION, title: 'Run', cwd: CWD, cols: 80, rows: 24 };

test('Run asks about a committed .clide/run first, shows exactly what it runs, and runs it with the nonce', async ({ ui, page }, testInfo) => {
  await ui.open(
    doubleOptions(snapshotWith([sessionView(SESSION, { cwd: CWD })], { homeDir: HOME }), {
      replies: {
        'terminal:list': [{ ok: true, value: { terminals: [] } }],
        'terminal:run': [
          { ok: true, value: { state: 'confirm', file: FILE, content: CONTENT, hash: 'h-1' } },
          { ok: true, value: { state: 'started', terminal: RUN, command: FILE } },
          {
            ok: false,
            error: { kind: 'invalid-input', message: 'orders has no run command.', hint: 'Set one in Settings (Worktrees), or commit a .clide/run file.' },
          },
        ],
        'terminal:attach': [{ ok: true, value: { terminal: RUN, scrollback: 'dev server on :5173\r\n', end: 21 } }],
      },
    }),
  );
  await page.keyboard.press('Control+Shift+R');
  const ask = page.getByRole('alertdialog', { name: 'Run this repository’s run file?' });
  await expect(ask.getByLabel('The run file')).toHaveText(CONTENT.trimEnd());
  await expect(ask).toContainText(FILE);
  await expect(ask.getByRole('button', { name: 'Not now' })).toBeFocused();
  expect((await ui.calls('terminal:run')).map((c) => c.input)).toEqual([{ id: SESSION }]);
  // Asking started no shell of its own in the panel it opened.
  expect(await ui.calls('terminal:create')).toEqual([]);
  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme);
    expect(await seriousViolations(page, `the run file question (${scheme})`, { within: '.terminal-panel' })).toEqual([]);
    await page.locator('.terminal-panel').screenshot({ path: shot(testInfo, `terminal-run-confirm-${scheme}`), animations: 'disabled' });
  }

  await ask.getByRole('button', { name: 'Run it' }).click();
  await expect
    .poll(async () => (await ui.calls('terminal:run')).map((c) => c.input))
    .toEqual([{ id: SESSION }, { id: SESSION, confirm: `nonce:run-file:${SESSION}\nh-1` }]);
  await expect(ask).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Run' })).toHaveAttribute('aria-selected', 'true');

  // The button in the panel's head runs it again; a refusal is said in the panel.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.locator('.terminal-run-note[role="alert"]')).toContainText('orders has no run command. Set one in Settings');
  expect((await ui.calls('terminal:run')).at(-1)?.input).toEqual({ id: SESSION });
  await page.locator('.terminal-panel').screenshot({ path: shot(testInfo, 'terminal-run-started-dark'), animations: 'disabled' });
  expect(await seriousViolations(page, 'the Run tab and the refusal (dark)', { within: '.terminal-panel' })).toEqual([]);
});
