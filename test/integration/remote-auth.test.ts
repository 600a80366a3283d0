// Logging in to a remote host never happens behind the person's back: an unknown host key is
// shown and only trusted on confirmation, a changed one is refused, a key passphrase is asked
// for in a prompt (ssh's SSH_ASKPASS through clide's helper) and never kept. A real sshd.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc';
import type { RemotePrompt } from '../../shared/remote';
import { remoteRigs } from '../support/remote-host';
import { keygen, remoteTestsCanRun } from '../support/sshd';
import { waitFor } from '../support/wait';

const rig = remoteRigs();
const available = remoteTestsCanRun();

function fingerprint(pubFile: string): string {
  return spawnSync('ssh-keygen', ['-l', '-f', pubFile], { encoding: 'utf8' }).stdout.split(' ')[1]!;
}

function prompts(events: AppEvent[]): RemotePrompt[] {
  return events.flatMap((e) => (e.type === 'remote-prompt' ? [e.prompt] : []));
}

describe.skipIf(!available)('logging in to a remote host', () => {
  it('shows an unknown host key with its fingerprint and trusts it only when confirmed', async () => {
    const r = await rig([], { trusted: false });
    const first = await r.host.remote.connect(r.location);
    expect(first.state).toBe('host-key-unknown');
    if (first.state !== 'host-key-unknown') return;
    expect(first.keys.map((k) => k.fingerprint)).toContain(fingerprint(path.join(r.sshd.dir, 'host_ed25519.pub')));
    expect(first.knownAs).toBe(`[127.0.0.1]:${r.sshd.port}`);
    expect(first.knownHostsFile).toBe(r.knownHosts);
    // Nothing was accepted: known_hosts is untouched, a session there fails with the reason.
    expect(fs.readFileSync(r.knownHosts, 'utf8')).toBe('');
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd });
    const failure = await waitFor(() => r.host.view(id).failure, 'failure');
    expect(failure.error.kind).toBe('host-key-unknown');
    expect(r.sshd.connections()).toBe(0);
    // A made-up token confirms nothing.
    await expect(r.host.remote.trust(r.location, 'not-the-token')).rejects.toThrow(/expired/);
    expect(fs.readFileSync(r.knownHosts, 'utf8')).toBe('');
    await r.host.remote.trust(r.location, first.token);
    expect(fs.readFileSync(r.knownHosts, 'utf8')).toContain(`[127.0.0.1]:${r.sshd.port} ssh-ed25519 `);
    // The token is spent.
    await expect(r.host.remote.trust(r.location, first.token)).rejects.toThrow(/expired/);
    const second = await r.host.remote.connect(r.location);
    expect(second).toMatchObject({ state: 'connected', home: r.remoteHome });
    // Reconnect now starts Claude there.
    r.host.restart(id);
    await waitFor(() => r.host.view(id).status === 'ready', 'ready after trusting');
    expect(r.host.view(id).failure).toBeUndefined();
  });

  it("refuses a changed host key with ssh's warning and offers nothing to accept", async () => {
    const r = await rig([]);
    expect((await r.host.remote.connect(r.location)).state).toBe('connected');
    await r.host.remote.host(r.location).master.stop();
    await r.sshd.rotateHostKey();
    const known = fs.readFileSync(r.knownHosts, 'utf8');
    const again = await r.host.remote.connect(r.location);
    expect(again.state).toBe('failed');
    if (again.state !== 'failed') return;
    expect(again.error.kind).toBe('host-key-changed');
    expect(again.error.detail).toContain('REMOTE HOST IDENTIFICATION HAS CHANGED');
    expect(again.error.detail).toContain(fingerprint(path.join(r.sshd.dir, 'host_ed25519.pub')));
    expect(fs.readFileSync(r.knownHosts, 'utf8')).toBe(known);
  });

  it('asks for a key passphrase in a prompt, logs in with the answer, and keeps it nowhere', async () => {
    const passphrase = `pass phrase with 'quotes' $HOME and \\ back`;
    const probe = await rig([]);
    const key = path.join(probe.sandbox.home, '.ssh', 'locked_ed25519');
    keygen(key, passphrase);
    const r = await rig([], { identity: key });
    r.sshd.authorize(`${key}.pub`);
    const connecting = r.host.remote.connect(r.location);
    const asked = await waitFor(() => prompts(r.events)[0], 'the passphrase prompt');
    expect(asked.location).toBe('box');
    expect(asked.text).toContain('passphrase');
    expect(asked.confirm).toBe(false);
    expect(r.host.remote.pendingPrompts()).toEqual([asked]);
    r.host.remote.answer(asked.id, passphrase);
    expect(await connecting).toMatchObject({ state: 'connected' });
    await waitFor(() => r.events.some((e) => e.type === 'remote-prompt-closed' && e.id === asked.id), 'the prompt closed');
    expect(r.host.remote.pendingPrompts()).toEqual([]);
    // Never written anywhere clide keeps its files.
    const files = spawnSync('grep', ['-rlF', passphrase, r.dataDir], { encoding: 'utf8' });
    expect(files.stdout).toBe('');
  });

  it('a wrong passphrase, then Cancel, fails clearly as a refused login', async () => {
    const probe = await rig([]);
    const key = path.join(probe.sandbox.home, '.ssh', 'locked2_ed25519');
    keygen(key, 'right');
    const r = await rig([], { identity: key });
    r.sshd.authorize(`${key}.pub`);
    const connecting = r.host.remote.connect(r.location);
    const first = await waitFor(() => prompts(r.events)[0], 'the passphrase prompt');
    r.host.remote.answer(first.id, 'wrong');
    // ssh asks again after a wrong passphrase; the person cancels.
    const second = await waitFor(() => prompts(r.events)[1], 'asked again');
    r.host.remote.answer(second.id, undefined);
    const result = await connecting;
    expect(result.state).toBe('failed');
    expect(result.state === 'failed' && result.error.kind).toBe('auth-failed');
    expect(result.state === 'failed' && result.error.detail).toContain('Permission denied');
  });
});
