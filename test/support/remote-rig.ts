// A session host whose "remote" is this machine through a real sshd (sshd.ts): the remote user
// has their own HOME with the pinned CLI in ~/.local/bin, and the remote claude talks to the
// same loopback fake API as a local one would. Free of vitest, so the benchmarks use it too.
import fs from 'node:fs';
import path from 'node:path';
import { SessionHost, type HostOptions } from '../../electron/core/host';
import type { AppEvent } from '../../shared/ipc';
import type { FakeReply, Responder } from './fake-api';
import { claudeBin, cliSandbox, type CliSandbox } from './real-cli';
import { processesWhere, startSshd, type TestSshd } from './sshd';

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

/** A rig; `dispose` shuts its host, its sshd and its sandbox down. */
export async function startRemoteRig(script: Responder | FakeReply[], opts: RigOptions = {}): Promise<RemoteRig & { dispose(): Promise<void> }> {
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
  return {
    sandbox,
    sshd,
    host,
    location: 'box',
    remoteHome,
    remoteCwd,
    knownHosts,
    dataDir,
    events,
    async dispose() {
      await host.shutdown();
      await sshd.stop();
      await sandbox.cleanup();
    },
  };
}

/** Processes of the remote claude (stream-json) whose HOME is the remote user's. */
export function remoteClaudes(remoteHome: string): number[] {
  return processesWhere(
    (pid) =>
      fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('stream-json') &&
      fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`HOME=${remoteHome}`),
  );
}
