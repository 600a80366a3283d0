// A real OpenSSH server for tests, started by the test itself: unprivileged settings, on
// 127.0.0.1 at a free port, with a throwaway host key, an authorized key and an sshd_config in
// a temporary folder (nothing under /etc is touched). The "remote" is this machine: its users
// get their own HOME (SetEnv), so a remote `claude` keeps its state apart from the local one.
//
// Debian's sshd refuses to start as root without its privilege-separation folder /run/sshd
// (the package's service unit makes it at boot); when that folder is missing and we are root it
// is made here, empty, as the service would.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const SSHD = '/usr/sbin/sshd';

export interface SshdOptions {
  /** Where the remote user's HOME is (made if missing). */
  home: string;
  /** Extra lines for sshd_config. */
  config?: string[];
}

export interface TestSshd {
  port: number;
  dir: string;
  home: string;
  /** The client key sshd accepts (no passphrase). */
  userKey: string;
  /** The public host key lines, as a known_hosts entry for [127.0.0.1]:port would hold them. */
  hostKeyPub: string;
  pid: number;
  /** Connections that logged in so far (from sshd's log; a probe that only knocked is not one). */
  connections(): number;
  /** Channels (sessions, commands) opened so far: proof that something went through ssh. */
  channels(): number;
  /** The per-connection sshd processes (children of the listener). */
  connectionPids(): number[];
  /** A client config (ssh -F) naming this server as `alias`, with the key and a known_hosts file. */
  clientConfig(alias: string, opts?: { knownHosts?: string; identity?: string }): string;
  /** Make a new host key and restart on the same port (a "changed host key"). */
  rotateHostKey(): Promise<void>;
  /** Add a key to authorized_keys (its .pub). */
  authorize(pubFile: string): void;
  log(): string;
  stop(): Promise<void>;
}

/** Whether a real sshd can run here (its binary exists); tests print why they skip otherwise. */
export function sshdAvailable(): boolean {
  return fs.existsSync(SSHD) && spawnSync('ssh', ['-V']).status === 0;
}

/** Why the tests on a remote host are skipped on a machine without OpenSSH. */
export const NO_SSHD = `no OpenSSH server at ${SSHD} (apt-get install openssh-server openssh-client; .ci/run does)`;

/** Whether sshd can run here; when not, says at run time that the remote tests are skipped, and why. */
export function remoteTestsCanRun(): boolean {
  const available = sshdAvailable();
  if (!available) console.warn(`[remote tests] skipped: ${NO_SSHD}`);
  return available;
}

export function keygen(file: string, passphrase = ''): void {
  const r = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', passphrase, '-C', 'clide-test', '-f', file]);
  if (r.status !== 0) throw new Error(`ssh-keygen failed: ${r.stderr.toString()}`);
}

export async function startSshd(opts: SshdOptions): Promise<TestSshd> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-sshd-'));
  fs.mkdirSync(opts.home, { recursive: true });
  if (process.getuid?.() === 0 && !fs.existsSync('/run/sshd')) fs.mkdirSync('/run/sshd', { mode: 0o755 });
  const hostKey = path.join(dir, 'host_ed25519');
  const userKey = path.join(dir, 'user_ed25519');
  keygen(hostKey);
  keygen(userKey);
  const authorized = path.join(dir, 'authorized_keys');
  fs.writeFileSync(authorized, fs.readFileSync(`${userKey}.pub`));
  const logFile = path.join(dir, 'sshd.log');
  const configFile = path.join(dir, 'sshd_config');
  const configFor = (port: number) => [
    `Port ${port}`,
    'ListenAddress 127.0.0.1',
    `HostKey ${hostKey}`,
    `AuthorizedKeysFile ${authorized}`,
    'UsePAM no',
    'StrictModes no',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'PermitRootLogin prohibit-password',
    `PidFile ${path.join(dir, 'sshd.pid')}`,
    'LogLevel VERBOSE',
    // The remote user's own HOME (sshd sets HOME from the password file first, then this).
    `SetEnv HOME=${opts.home}`,
    'MaxStartups 50',
    'MaxSessions 50',
    ...(opts.config ?? []),
  ];
  // A free port can be taken by another process before sshd binds it: then sshd says so and
  // exits, and it is started again on another port.
  const start = async (attempt: number): Promise<{ port: number; child: ChildProcess }> => {
    const port = await freePort();
    fs.writeFileSync(configFile, `${configFor(port).join('\n')}\n`);
    try {
      return { port, child: await launch(configFile, logFile, port) };
    } catch (err) {
      if (err instanceof PortTaken && attempt < 3) return start(attempt + 1);
      throw err;
    }
  };
  const started = await start(1);
  const port = started.port;
  let child = started.child;
  const hostPub = () => fs.readFileSync(`${hostKey}.pub`, 'utf8').trim().split(' ').slice(0, 2).join(' ');
  const server: TestSshd = {
    port,
    dir,
    home: opts.home,
    userKey,
    get hostKeyPub() {
      return `[127.0.0.1]:${port} ${hostPub()}`;
    },
    get pid() {
      return child.pid!;
    },
    connections: () => (readLog(logFile).match(/^Accepted \S+ for /gm) ?? []).length,
    channels: () => (readLog(logFile).match(/^Starting session: /gm) ?? []).length,
    connectionPids: () => childrenOf(child.pid!),
    clientConfig(alias, o = {}) {
      const file = path.join(dir, `client-${alias}.config`);
      const known = o.knownHosts ?? path.join(dir, `known_hosts-${alias}`);
      if (!fs.existsSync(known)) fs.writeFileSync(known, '');
      fs.writeFileSync(
        file,
        [
          `Host ${alias}`,
          '  HostName 127.0.0.1',
          `  Port ${port}`,
          `  User ${os.userInfo().username}`,
          `  IdentityFile ${o.identity ?? userKey}`,
          '  IdentitiesOnly yes',
          `  UserKnownHostsFile ${known}`,
          '  GlobalKnownHostsFile /dev/null',
          '',
        ].join('\n'),
      );
      return file;
    },
    async rotateHostKey() {
      await stopChild(child);
      fs.rmSync(hostKey, { force: true });
      fs.rmSync(`${hostKey}.pub`, { force: true });
      keygen(hostKey);
      child = await launch(configFile, logFile, port);
    },
    authorize(pubFile) {
      fs.appendFileSync(authorized, fs.readFileSync(pubFile));
    },
    log: () => readLog(logFile),
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

class PortTaken extends Error {}

/**
 * Start sshd and wait for its own "Server listening" line for this port. A TCP probe is not
 * proof that it is this sshd: another process may have taken the port, and then sshd exits.
 */
async function launch(configFile: string, logFile: string, port: number): Promise<ChildProcess> {
  // Only what this start adds to the log counts (a restart on the same port appends to it).
  const from = readLog(logFile).length;
  const said = () => readLog(logFile).slice(from);
  const child = spawn(SSHD, ['-D', '-f', configFile, '-E', logFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const why = `${stderr}${said()}`;
      const Failure = /Address already in use|Cannot bind any address/.test(why) ? PortTaken : Error;
      throw new Failure(`sshd exited (${child.exitCode}): ${why}`);
    }
    if (said().includes(`Server listening on 127.0.0.1 port ${port}.`)) return child;
    await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGKILL');
  throw new Error(`sshd did not listen on ${port}: ${readLog(logFile)}`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // The per-connection children first: a listener's SIGTERM leaves them running.
  for (const pid of childrenOf(child.pid!)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await gone;
}

function readLog(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The pids of this machine's processes (Linux /proc) for which `keep` says yes; one that exits meanwhile is skipped. */
export function processesWhere(keep: (pid: number) => boolean): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (keep(Number(name))) out.push(Number(name));
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return out;
}

/** Direct children of a process (Linux /proc). */
export function childrenOf(pid: number): number[] {
  return processesWhere((p) => {
    const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
