// A session on a remote host end to end: the browser host, Chromium, a real sshd on 127.0.0.1
// whose user has their own HOME with the pinned CLI. New session → Remote host → pick the host
// from ~/.ssh/config → its unknown key is shown and trusted → a folder there → a turn; the tab
// and the status bar name the host. Then the connection drops and Reconnect continues.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { lastUserText, text } from '../support/fake-api';
import { claudeBin } from '../support/real-cli';
import { remoteClaudes, TEST_REMOTE_ENV } from '../support/remote-host';
import { keygen, NO_SSHD, sshdAvailable, startSshd, type TestSshd } from '../support/sshd';
import { expect, failureNote, test } from './fixtures';

const SHOTS = '/tmp/clide-remote-shots';

async function shoot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // Transitions finished: a shot never catches the colours half way between the schemes.
    await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}.png`), animations: 'disabled' });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

interface Remote {
  base: string;
  sshd: TestSshd;
  remoteHome: string;
  remoteCwd: string;
  knownHosts: string;
  env: NodeJS.ProcessEnv;
}

/** A remote user with the pinned CLI, an sshd for them, and the host environment naming it `box`. */
async function startRemote(opts: { identity?: (base: string) => string; trusted?: boolean } = {}): Promise<Remote> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-e2e-remote-'));
  const remoteHome = path.join(base, 'remote-home');
  const remoteCwd = path.join(remoteHome, 'project');
  fs.mkdirSync(path.join(remoteHome, '.local', 'bin'), { recursive: true });
  fs.mkdirSync(remoteCwd, { recursive: true });
  fs.symlinkSync(claudeBin(), path.join(remoteHome, '.local', 'bin', 'claude'));
  const sshd = await startSshd({ home: remoteHome });
  const identity = opts.identity?.(base);
  if (identity) sshd.authorize(`${identity}.pub`);
  const knownHosts = path.join(base, 'known_hosts');
  fs.writeFileSync(knownHosts, opts.trusted ? `${sshd.hostKeyPub}\n` : '');
  const config = sshd.clientConfig('box', { knownHosts, identity });
  return { base, sshd, remoteHome, remoteCwd, knownHosts, env: { CLIDE_SSH_CONFIG: config, CLIDE_REMOTE_ENV: TEST_REMOTE_ENV, SSH_AUTH_SOCK: '' } };
}

test.skip(!sshdAvailable(), NO_SSHD);

let remote: Remote | undefined;
test.afterEach(async ({ clide: _ }, testInfo) => {
  // What the server saw: a login refused, a connection that never came, a channel that failed.
  if (remote && testInfo.status !== testInfo.expectedStatus) failureNote(testInfo.title, "sshd's log", remote.sshd.log());
  await remote?.sshd.stop();
  if (remote) fs.rmSync(remote.base, { recursive: true, force: true });
  remote = undefined;
});

async function openRemoteDialog(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /New session/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /New session/ });
  await dialog.getByText('Remote host (ssh)').click();
  await expect(dialog.getByRole('radio', { name: 'Remote host (ssh)' })).toBeChecked();
}

test('a session on a remote host: pick it, confirm its key, choose a folder there, talk to Claude', async ({ page, clide }) => {
  remote = await startRemote();
  const started = await clide.start({ env: remote.env });
  // The CLI adds reminders to the prompt; the answer echoes what the person typed.
  const typed = (body: Parameters<typeof lastUserText>[0]) =>
    lastUserText(body)
      .replace(/<system-reminder>[\s\S]*?<\/system-reminder>/g, '')
      .trim();
  started.sandbox.api.script((req) => text(`Answered on the host: ${typed(req.body).slice(0, 30)}`, { chunk: 6, delayMs: 5 }));
  fs.writeFileSync(path.join(remote.remoteCwd, 'README.md'), '# remote\n');
  await clide.open(page, started);

  await openRemoteDialog(page);
  const dialog = page.getByRole('dialog', { name: /New session/ });
  await dialog.getByRole('region', { name: 'Hosts' }).getByRole('button', { name: /^box / }).click();
  const key = dialog.getByRole('alert', { name: 'Unknown host key' });
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-f', path.join(remote.sshd.dir, 'host_ed25519.pub')], { encoding: 'utf8' }).split(' ')[1]!;
  await expect(key).toContainText(fingerprint);
  await expect(key).toContainText(`[127.0.0.1]:${remote.sshd.port}`);
  expect(fs.readFileSync(remote.knownHosts, 'utf8')).toBe('');
  await shoot(page, 'remote-host-key');
  await key.getByRole('button', { name: 'Trust and connect' }).click();
  await expect(dialog.getByText('Connected to box')).toBeVisible();

  // The folder field completes on the host.
  const field = dialog.getByRole('combobox', { name: 'Working folder' });
  await field.fill('~/pro');
  await expect(dialog.getByRole('option', { name: 'project' })).toBeVisible();
  await shoot(page, 'remote-folder');
  await field.press('Tab');
  await expect(field).toHaveValue('~/project/');
  await dialog.getByRole('button', { name: 'Start session' }).click();
  await expect(dialog).toBeHidden();

  const tab = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab', { selected: true });
  await expect(tab).toContainText('box');
  const status = page.getByRole('contentinfo', { name: 'Session status' });
  await expect(status).toContainText('box');
  await expect(status).toContainText('Ready');
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('Hello over there');
  await composer.press('Enter');
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText('Answered on the host: Hello over there');
  expect(remoteClaudes(remote.remoteHome)).toHaveLength(1);
  await shoot(page, 'remote-session');

  // The line drops: the tab says so with ssh's words and offers Reconnect; typing is kept.
  for (const pid of remote.sshd.connectionPids()) process.kill(pid, 'SIGKILL');
  const banner = page.getByRole('alert').filter({ hasText: 'Connection to box lost.' });
  await expect(banner).toBeVisible();
  await composer.fill('Typed while the line was down');
  await banner.getByText('Details').click();
  await expect(banner).toContainText('closed by remote host');
  await shoot(page, 'remote-lost');
  await banner.getByRole('button', { name: 'Reconnect' }).click();
  await expect(banner).toBeHidden();
  await expect(status).toContainText('Ready');
  await expect(composer).toHaveValue('Typed while the line was down');
  await composer.press('Enter');
  await expect(transcript.getByRole('article', { name: 'Claude' }).last()).toContainText('Answered on the host: Typed while the line was do');
  const last = started.sandbox.api.turns().at(-1)!;
  expect(JSON.stringify(last.body.messages)).toContain('Hello over there');
  expect(remoteClaudes(remote.remoteHome)).toHaveLength(1);

  // Closing the tab ends the remote claude (once the turn has ended: a tab still working asks first).
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'project' }).press('Delete');
  await expect.poll(() => remoteClaudes(remote!.remoteHome).length, { timeout: 20_000 }).toBe(0);
});

test('a key passphrase is asked for in a dialog; Cancel refuses the login, the right one connects', async ({ page, clide }) => {
  remote = await startRemote({
    trusted: true,
    identity: (base) => {
      const key = path.join(base, 'locked_ed25519');
      keygen(key, 'open sesame');
      return key;
    },
  });
  const started = await clide.start({ env: remote.env });
  await clide.open(page, started);

  await openRemoteDialog(page);
  const dialog = page.getByRole('dialog', { name: /New session/ });
  await dialog.getByRole('textbox').fill('box');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: 'Log in to box' });
  await expect(ask).toContainText('Enter passphrase for key');
  await shoot(page, 'remote-passphrase');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByRole('alert')).toContainText('box refused the login.');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  await ask.getByLabel(/passphrase/).fill('open sesame');
  await ask.getByRole('button', { name: 'Log in' }).click();
  await expect(dialog.getByText('Connected to box')).toBeVisible();
});

test("a host's past session is in History under the host, resumes there, and its folder is offered again", async ({ page, clide }) => {
  remote = await startRemote({ trusted: true });
  const started = await clide.start({ env: remote.env });
  started.sandbox.api.script((req) => {
    const said = lastUserText(req.body);
    if (said.includes('remember the lime')) return text('I will remember the lime.');
    if (said.includes('Which fruit')) return text('You asked me to remember the lime.');
    return text('(unexpected prompt)');
  });
  await clide.open(page, started);

  await openRemoteDialog(page);
  const dialog = page.getByRole('dialog', { name: /New session/ });
  await dialog.getByRole('textbox').fill('box');
  await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
  // Enter with no suggestion chosen starts the session (the open list covers the buttons).
  await dialog.getByRole('combobox', { name: 'Working folder' }).fill('~/project');
  await dialog.getByRole('combobox', { name: 'Working folder' }).press('Enter');
  await expect(dialog).toBeHidden();
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  const transcript = page.getByRole('log', { name: 'Transcript' });
  await composer.fill('Please remember the lime');
  await composer.press('Enter');
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText('I will remember the lime.');
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'project' }).press('Delete');
  await expect.poll(() => remoteClaudes(remote!.remoteHome).length, { timeout: 20_000 }).toBe(0);

  // History: the session is under the host, apart from this computer's.
  await page.getByRole('button', { name: 'History' }).click();
  const drawer = page.getByRole('dialog', { name: 'History' });
  const group = drawer.getByRole('region', { name: 'project on box: 1 sessions' });
  await expect(group.getByRole('button', { name: /^Please remember the lime/ })).toBeVisible();
  await shoot(page, 'remote-history');
  await group.getByRole('button', { name: /^Please remember the lime/ }).click();
  await expect(drawer).toBeHidden();
  const tab = page.getByRole('tablist', { name: 'Sessions' }).getByRole('tab', { selected: true });
  await expect(tab).toContainText('box');
  await expect(transcript.getByRole('article', { name: 'Claude' })).toContainText('I will remember the lime.');
  await composer.fill('Which fruit did I mention?');
  await composer.press('Enter');
  await expect(transcript.getByRole('article', { name: 'Claude' }).last()).toContainText('You asked me to remember the lime.');
  expect(remoteClaudes(remote.remoteHome)).toHaveLength(1);
  expect(JSON.stringify(started.sandbox.api.turns().at(-1)!.body.messages)).toContain('I will remember the lime.');

  // New session offers the host's recent folder.
  await openRemoteDialog(page);
  await dialog.getByRole('region', { name: 'Hosts' }).getByRole('button', { name: /^box / }).click();
  const recent = dialog.getByRole('region', { name: 'Recent folders on box' });
  await expect(recent.getByRole('button', { name: /project/ })).toBeVisible();
  await shoot(page, 'remote-recent');
});
