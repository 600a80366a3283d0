// A session host whose "remote" is this machine through a real sshd (sshd.ts): the remote user
// has their own HOME with the pinned CLI in ~/.local/bin, and the remote claude talks to the
// same loopback fake API as a local one would. Each one made in a test is shut down after it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { SessionHost, type HostOptions } from '../../electron/core/host';
import type { AppEvent } from '../../shared/ipc';
import type { FakeReply, Responder } from './fake-api';
import { claudeBin, cliSandbox, type CliSandbox } from './real-cli';
import { startSshd, type TestSshd } from './sshd';

/** The variables a remote test claude needs from the local environment (CLIDE_REMOTE_ENV). */
export const TEST_REMOTE_ENV = 'ANTHROPIC_BASE_URL,ANTHROPIC_API_KEY,CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC,DISABLE_AUTOUPDATER';

export interface RemoteRig {
  sandbox: CliSandbox;
  sshd: TestSshd;
  host: SessionHost;
  /** The alias the client config gives the server. */
  location: string;
  /** The remote user's HOME and a folder in it to work in. */
  remoteHome: string;
  remoteCwd: string;
  knownHosts: string;
  dataDir: string;
  events: AppEvent[];
}

export interface RigOptions {
  /** Put the pinned CLI in the remote ~/.local/bin (default true). */
  claude?: boolean;
  /** Confirm the host key in known_hosts before the test (default true). */
  trusted?: boolean;
  /** A different client key (e.g. one with a passphrase). */
  identity?: string;
  host?: Partial<HostOptions>;
}

export type MakeRig = (script: Responder | FakeReply[], opts?: RigOptions) => Promise<RemoteRig>;

/** Call once at the top of a test file. */
export function remoteRigs(): MakeRig {
  let made: RemoteRig[] = [];
  afterEach(async () => {
    const all = made;
    made = [];
    for (const rig of all) {
      await rig.host.shutdown();
      await rig.sshd.stop();
      await rig.sandbox.cleanup();
    }
  });
  return async (script, opts = {}) => {
    const sandbox = await cliSandbox(script);
    const base = path.dirname(sandbox.home);
    const remoteHome = path.join(base, 'remote-home');
    const remoteCwd = path.join(remoteHome, 'work');
    fs.mkdirSync(remoteCwd, { recursive: true });
    if (opts.claude !== false) {
      fs.mkdirSync(path.join(remoteHome, '.local', 'bin'), { recursive: true });
      fs.symlinkSync(claudeBin(), path.join(remoteHome, '.local', 'bin', 'claude'));
    }
    const sshd = await startSshd({ home: remoteHome });
    const knownHosts = path.join(sandbox.home, '.ssh', 'known_hosts');
    fs.mkdirSync(path.dirname(knownHosts), { recursive: true });
    fs.writeFileSync(knownHosts, opts.trusted === false ? '' : `${sshd.hostKeyPub}\n`);
    const config = sshd.clientConfig('box', { knownHosts, identity: opts.identity });
    const dataDir = path.join(base, 'data');
    const { env: extraEnv, ...rest } = opts.host ?? {};
    const host = new SessionHost({
      host: 'web',
      env: { ...sandbox.env, CLIDE_SSH_CONFIG: config, CLIDE_REMOTE_ENV: TEST_REMOTE_ENV, SSH_AUTH_SOCK: '', ...extraEnv },
      homeDir: sandbox.home,
      defaultCwd: sandbox.cwd,
      dataDir,
      batchMs: 5,
      ...rest,
    });
    const events: AppEvent[] = [];
    host.subscribe((batch) => events.push(...batch));
    const rig: RemoteRig = { sandbox, sshd, host, location: 'box', remoteHome, remoteCwd, knownHosts, dataDir, events };
    made.push(rig);
    return rig;
  };
}

/** Processes of the remote claude (stream-json) whose HOME is the remote user's. */
export function remoteClaudes(remoteHome: string): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmd.includes('stream-json')) continue;
      const env = fs.readFileSync(`/proc/${name}/environ`, 'utf8').split('\0');
      if (env.includes(`HOME=${remoteHome}`)) out.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return out;
}
