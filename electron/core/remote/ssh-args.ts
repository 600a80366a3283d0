// The system ssh client's command lines. One master connection per host (owned by clide as a
// child process, so a drop is seen the moment it happens); every session and every small
// command on that host rides it as a multiplexed channel through a control socket, so all the
// tabs on a host share one TCP connection and one login.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseLocation } from '../../../shared/remote';
import { ClideError } from '../../../shared/result';

export interface SshSetup {
  /** The ssh executable (default `ssh` on PATH). */
  ssh: string;
  /** A client config to use instead of ~/.ssh/config (`ssh -F`); absent: ssh's own defaults. */
  configFile?: string;
  /** Where the control sockets live. */
  socketDir: string;
  /** Seconds between keepalives; three missed ones end the connection (a dead link is noticed). */
  keepAliveSec: number;
}

/**
 * A unix socket path is limited to 104 bytes on macOS (108 on Linux), and ssh first binds a
 * temporary name 17 characters longer than ControlPath. A socket dir whose paths would not fit
 * is replaced by a private one under the system temp folder.
 */
const MAX_SOCKET_PATH = 100;
const SOCKET_SUFFIX = 17;
const NAME_CHARS = 16;

export function socketDirFor(dataDir: string | undefined): string {
  const preferred = dataDir ? path.join(dataDir, 'ssh') : undefined;
  if (preferred && preferred.length + 1 + NAME_CHARS + SOCKET_SUFFIX <= MAX_SOCKET_PATH) return preferred;
  const uid = process.getuid?.() ?? 'user';
  return path.join(os.tmpdir(), `clide-${uid}`);
}

/** Make the socket dir, private to this user (ssh refuses nothing here, but others must not connect). */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.statSync(dir);
  if (process.getuid && st.uid !== process.getuid()) {
    throw new ClideError({ kind: 'internal', message: `${dir} belongs to another user; clide will not keep its ssh sockets there.` });
  }
  if ((st.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
}

/**
 * The client config clide and ssh both read. The host list comes from $HOME/.ssh/config, but
 * ssh reads the config of the home in the password file; where the two differ (HOME set to
 * another folder, some sandboxes) a listed host "could not be found". Then ssh is given the
 * listed file with -F. Otherwise nothing is given: -F would also make ssh skip the system-wide
 * /etc/ssh/ssh_config, which it reads on its own.
 */
export function configFileFor(
  explicit: string | undefined,
  homeDir: string,
  passwdHome: string | undefined = ownPasswdHome(),
  exists: (p: string) => boolean = fs.existsSync,
): string | undefined {
  if (explicit) return explicit;
  if (!passwdHome || path.resolve(passwdHome) === path.resolve(homeDir)) return undefined;
  const file = path.join(homeDir, '.ssh', 'config');
  return exists(file) ? file : undefined;
}

function ownPasswdHome(): string | undefined {
  try {
    return os.userInfo().homedir || undefined;
  } catch {
    return undefined;
  }
}

/** A short name per host: a hash, so any location fits the socket path limit. */
export function controlPath(setup: SshSetup, location: string): string {
  const name = createHash('sha256').update(location).digest('hex').slice(0, NAME_CHARS);
  return path.join(setup.socketDir, name);
}

/** Options every ssh clide runs gets. */
function common(setup: SshSetup): string[] {
  return [
    ...(setup.configFile ? ['-F', setup.configFile] : []),
    // Never ask about a host key on a terminal nobody sees: an unknown or changed key fails,
    // and clide asks the person itself (host-keys.ts).
    '-o',
    'StrictHostKeyChecking=yes',
    '-o',
    `ServerAliveInterval=${setup.keepAliveSec}`,
    '-o',
    'ServerAliveCountMax=3',
    '-o',
    'ConnectTimeout=20',
    // clide needs no forwarded ports; a config's LocalForward must not make a second tab fail.
    '-o',
    'ClearAllForwardings=yes',
    // No `~.` escapes read from stdin: it carries Claude's stream-json.
    '-e',
    'none',
    '-T',
  ];
}

/** `-l user -p port -- host` for a typed location; an alias is left to the config. */
export function destination(location: string): string[] {
  const t = parseLocation(location);
  if (!t)
    throw new ClideError({
      kind: 'invalid-input',
      message: `"${location.slice(0, 80)}" is not a host clide can connect to.`,
      hint: 'Type user@host or user@host:port, or pick a host from the list.',
    });
  return [...(t.user ? ['-l', t.user] : []), ...(t.port ? ['-p', String(t.port)] : []), '--', t.host.replace(/^\[(.*)\]$/, '$1')];
}

/** The master connection: logs in (asking through SSH_ASKPASS if it must), then holds the socket. */
export function masterArgs(setup: SshSetup, location: string): string[] {
  return [
    ...common(setup),
    '-o',
    'ControlMaster=yes',
    '-o',
    `ControlPath=${controlPath(setup, location)}`,
    '-o',
    'ControlPersist=no',
    '-N',
    ...destination(location),
  ];
}

/**
 * A channel on the master. BatchMode: it never logs in on its own (the master did); if the master
 * is gone it may connect by itself (ControlMaster=auto) only with a key that needs no prompt.
 */
export function channelArgs(setup: SshSetup, location: string, command: string): string[] {
  return [
    ...common(setup),
    '-o',
    'BatchMode=yes',
    '-o',
    'ControlMaster=auto',
    '-o',
    `ControlPath=${controlPath(setup, location)}`,
    '-o',
    'ControlPersist=no',
    ...destination(location),
    command,
  ];
}

/** `ssh -O check|exit` on the master's socket. */
export function controlArgs(setup: SshSetup, location: string, op: 'check' | 'exit'): string[] {
  return [...(setup.configFile ? ['-F', setup.configFile] : []), '-o', `ControlPath=${controlPath(setup, location)}`, '-O', op, ...destination(location)];
}

/** `ssh -G`: what the config resolves for this host (hostname, port, known_hosts files). */
export function resolveArgs(setup: SshSetup, location: string): string[] {
  return [...(setup.configFile ? ['-F', setup.configFile] : []), '-G', ...destination(location)];
}
