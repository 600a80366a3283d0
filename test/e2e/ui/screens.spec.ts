// Whole-window states and chrome: Claude Code missing, a failed session, the status bar, tabs,
// and a dropped connection.
import path from 'node:path';
import { doubleOptions, sessionView, snapshotWith } from '../../support/api-double';
import { bashRequest, SESSION } from './scenarios';
import { expect, test } from './ui-fixtures';

const notFound = { found: false, error: { kind: 'cli-not-found' as const, message: 'claude was not found on PATH or in the usual install locations.' } };

test('Claude Code not found: says how to fix it, and Check again proceeds once it is there', async ({ ui, page }) => {
  await ui.open(
    doubleOptions(snapshotWith([], { claude: notFound }), {
      checkClaude: [notFound, { found: true, path: '/home/ada/.local/bin/claude', source: 'install-location' }],
    }),
  );
  await expect(page.getByRole('heading', { name: 'Claude Code was not found' })).toBeVisible();
  await expect(page.getByText('claude was not found on PATH or in the usual install locations.')).toBeVisible();
  await expect(page.getByText('npm install -g @anthropic-ai/claude-code')).toBeVisible();
  await expect(page.getByText('CLIDE_CLAUDE_PATH').first()).toBeVisible();
  expect(await ui.calls('session:create')).toEqual([]);

  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText(/Still not found/)).toBeVisible();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Claude Code was not found' })).toHaveCount(0);
  await expect.poll(() => ui.calls('app:checkClaude')).toHaveLength(2);
  await expect.poll(() => ui.calls('session:create')).toHaveLength(1);
  await expect(page.getByRole('tab', { name: 'api-server' })).toHaveAttribute('aria-selected', 'true');
});

test('a failed session shows what happened, the stderr tail under Details, and Resume', async ({ ui, page }) => {
  const failed = sessionView(SESSION, {
    status: 'failed',
    failure: {
      error: {
        kind: 'process-exit',
        message: 'Claude exited with code 1 in the middle of a turn.',
        hint: 'Resume to continue the conversation where it stopped.',
        detail: 'Error: ENOSPC: no space left on device',
        exitCode: 1,
      },
      resumable: true,
    },
  });
  await ui.open(doubleOptions(snapshotWith([failed])));
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Claude exited with code 1 in the middle of a turn.');
  await expect(alert).toContainText('Resume to continue the conversation where it stopped.');
  await expect(alert.getByText('no space left on device')).toBeHidden();
  await alert.getByText('Details').click();
  await expect(alert.getByText('Error: ENOSPC: no space left on device')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeDisabled();
  await expect(page.getByRole('tab', { name: 'api-server' }).locator('.marker-error')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(1);
  await alert.getByRole('button', { name: 'Resume' }).click();
  await expect.poll(() => ui.calls('session:restart')).toEqual([{ channel: 'session:restart', input: { id: SESSION } }]);
  await ui.pushSession(SESSION, [{ kind: 'status', status: 'starting' }]);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeEnabled();
});

test('a silent turn says Claude is not responding, with Stop and Force quit; a slow Stop offers Force quit', async ({ ui, page }) => {
  // The banner counts the silence up by the page's clock: held still, the text is exact however
  // long a loaded machine takes to get to the check.
  const now = Date.now();
  await page.clock.setFixedTime(now);
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })])));
  await expect(page.getByText(/not responding/)).toHaveCount(0);
  await ui.pushSession(SESSION, [{ kind: 'liveness', state: 'not-responding', since: now - 95_000, at: now }]);
  const banner = page.getByRole('status').filter({ hasText: 'not responding' });
  await expect(banner).toContainText('Claude is not responding (no output for 1 min 35 s)');
  await banner.getByRole('button', { name: 'Stop' }).click();
  await expect.poll(() => ui.calls('session:interrupt')).toEqual([{ channel: 'session:interrupt', input: { id: SESSION } }]);
  await ui.pushSession(SESSION, [{ kind: 'liveness', state: 'stopping', at: Date.now() }]);
  const stopping = page.getByRole('status').filter({ hasText: 'Stopping the turn' });
  await stopping.getByRole('button', { name: 'Force quit' }).click();
  await expect.poll(() => ui.calls('session:kill')).toEqual([{ channel: 'session:kill', input: { id: SESSION } }]);
  await ui.pushSession(SESSION, [{ kind: 'liveness', state: 'ok', at: Date.now() }]);
  await expect(page.locator('.banner-warn')).toHaveCount(0);
});

test('a resumed tab says it is loading the earlier conversation instead of offering a fresh start', async ({ ui, page }) => {
  const view = sessionView(SESSION);
  view.info = { ...view.info, loadingEarlier: true };
  await ui.open(doubleOptions(snapshotWith([view])));
  await expect(page.getByText('Loading the earlier conversation…')).toBeVisible();
  await expect(page.getByText('What should Claude work on?')).toHaveCount(0);
  await ui.pushSession(SESSION, [
    { kind: 'user', id: 'u1', text: 'Where were we?', at: Date.now() },
    { kind: 'info', info: { loadingEarlier: false } },
  ]);
  await expect(page.getByText('Where were we?')).toBeVisible();
  await expect(page.getByText('Loading the earlier conversation…')).toHaveCount(0);
});

test('the status bar shows model, context, cost, mode and CLI version, warning on an untested CLI', async ({ ui, page }) => {
  const view = sessionView(SESSION, { contextTokens: 31_800, contextWindow: 1_000_000, costUsd: 0.1449 });
  view.info = { ...view.info, permissionMode: 'plan', cliVersion: '2.2.0', testedCliVersion: '2.1.332' };
  await ui.open(doubleOptions(snapshotWith([view])));
  const bar = page.getByRole('contentinfo', { name: 'Session status' });
  await expect(bar).toContainText('Opus 4.5');
  await expect(bar).toContainText('31.8k / 1M (3%)');
  await expect(bar).toContainText('$0.14');
  await expect(bar).toContainText('Plan mode');
  await expect(bar).toContainText('CLI 2.2.0');
  await expect(bar.getByLabel('Untested version')).toBeVisible();
  await expect(bar.locator('.sb-cli')).toHaveAttribute('title', /2\.2\.0.*2\.1\.332/);
  // Filled as events arrive.
  await ui.pushSession(SESSION, [
    { kind: 'usage', contextTokens: 250_000 },
    { kind: 'info', info: { model: 'claude-future-9' } },
  ]);
  await expect(bar).toContainText('250k / 1M (25%)');
  await expect(bar).toContainText('claude-future-9');
});

test('a new tab on a newer CLI keeps its start screen, with the version note as one line under it', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION)])));
  await expect(page.getByRole('heading', { name: 'What should Claude work on?' })).toBeVisible();
  // What the host sends when the CLI reports a version other than the tested one.
  const note =
    'Claude Code 2.1.333 is installed; this version of clide was tested with 2.1.332. Most things should work; anything odd may come from the difference.';
  await ui.pushSession(SESSION, [
    { kind: 'info', info: { cliVersion: '2.1.333', testedCliVersion: '2.1.332' } },
    { kind: 'notice', id: 'v1', level: 'warning', code: 'cli-version', text: note, at: Date.now() },
  ]);
  const log = page.getByRole('log', { name: 'Transcript' });
  await expect(log).toContainText(note);
  await expect(page.getByRole('heading', { name: 'What should Claude work on?' })).toBeVisible();
  await expect(page.getByRole('contentinfo', { name: 'Session status' }).getByLabel('Untested version')).toBeVisible();
  // The first message replaces the start screen, as on a tested CLI.
  await ui.pushSession(SESSION, [{ kind: 'user', id: 'u1', text: 'hello', at: Date.now() }]);
  await expect(page.getByRole('heading', { name: 'What should Claude work on?' })).toHaveCount(0);
});

test('tabs show state, switch sessions, and New session creates one', async ({ ui, page }) => {
  const a = sessionView('a', { cwd: '/home/ada/code/api-server' });
  const b = sessionView('b', { cwd: '/home/ada/code/web-ui', status: 'working' });
  await ui.open(doubleOptions(snapshotWith([a, b])));
  const tabs = page.getByRole('tablist').getByRole('tab');
  await expect(tabs).toHaveCount(2);
  await expect(page.getByRole('tab', { name: 'api-server' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'web-ui' }).locator('.marker-working')).toHaveCount(1);
  await ui.pushSession('a', [
    { kind: 'permission', request: bashRequest('ls') },
    { kind: 'status', status: 'waiting' },
  ]);
  await expect(page.getByRole('tab', { name: 'api-server' }).locator('.marker-needs-you')).toHaveCount(1);

  await page.getByRole('tab', { name: 'web-ui' }).click();
  await expect(page.getByRole('tab', { name: 'web-ui' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('contentinfo', { name: 'Session status' })).toContainText('~/code/web-ui');

  // New session asks where; the folder of the tab in view is offered first.
  await page.getByRole('button', { name: 'New session' }).click();
  await page.getByRole('dialog', { name: 'New session' }).getByRole('button', { name: 'Start session' }).click();
  await expect.poll(() => ui.calls('session:create')).toEqual([{ channel: 'session:create', input: { cwd: '/home/ada/code/web-ui' } }]);
  await expect(tabs).toHaveCount(3);
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeFocused();
});

test('after a dropped connection the snapshot is fetched again and pending prompts come back', async ({ ui, page }) => {
  await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })]), { connection: true }));
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
  await ui.setConnection('disconnected');
  await expect(page.getByText(/Lost the connection to clide/)).toBeVisible();
  const waiting = sessionView(SESSION, { status: 'waiting', pending: [bashRequest('npm test')] });
  await page.evaluate((s) => window.__clideDouble?.setSnapshot(s), snapshotWith([waiting]));
  await ui.setConnection('connected');
  await expect(page.getByRole('dialog', { name: 'Allow Bash?' })).toBeVisible();
  await expect(page.getByText(/Lost the connection to clide/)).toHaveCount(0);
  await expect.poll(() => ui.calls('app:snapshot')).toHaveLength(2);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`a window turned away for want of room says so, and catches up once it is back (${scheme})`, async ({ ui, page }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await ui.open(doubleOptions(snapshotWith([sessionView(SESSION, { status: 'working' })]), { connection: true }));
    await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
    await ui.setConnection('full');
    const banner = page.getByRole('status').filter({ hasText: 'Too many windows are connected to clide' });
    await expect(banner).toContainText('this window connects by itself when there is room');
    await expect(page.getByText(/Lost the connection to clide/)).toHaveCount(0);
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `too-many-windows-banner-${scheme}.png`), animations: 'disabled' });
    await ui.setConnection('connected');
    await expect(banner).toHaveCount(0);
    await expect.poll(async () => (await ui.calls('app:snapshot')).length).toBe(2);
  });
}
