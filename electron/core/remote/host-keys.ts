// Host keys, never accepted behind the person's back. Every connection runs with
// StrictHostKeyChecking=yes, so ssh itself refuses an unknown or a changed key. For an unknown
// one clide fetches the keys (ssh-keyscan), shows their fingerprints (ssh-keygen -lf) and only
// when the person confirms adds exactly those keys to known_hosts; a changed key is refused
// with ssh's warning and nothing is offered.
//
// Which known_hosts: the person's own (the first UserKnownHostsFile `ssh -G` names, normally
// ~/.ssh/known_hosts). A key confirmed in clide is then trusted by their terminal's ssh too, and
// hosts they already trust there need no second confirmation: one list of trusted hosts, kept
// where the person and their other tools already look. HashKnownHosts is respected.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HostKey } from '../../../shared/remote';
import { ClideError } from '../../../shared/result';
import { runCommand } from './run';
import { resolveArgs, type SshSetup } from './ssh-args';
import { sshMissing } from './ssh-errors';

export interface Resolved {
  hostname: string;
  port: number;
  /** The name known_hosts lists the host under: HostKeyAlias, `[host]:port`, or the host. */
  knownAs: string;
  knownHostsFile: string;
  hashKnownHosts: boolean;
  /** Reached through ProxyJump or ProxyCommand (ssh-keyscan cannot follow those). */
  proxied: boolean;
}

export interface ScannedKeys {
  token: string;
  location: string;
  knownAs: string;
  knownHostsFile: string;
  keys: HostKey[];
}

interface Pending extends ScannedKeys {
  lines: string[];
  hash: boolean;
  at: number;
}

/** A confirmation must follow the scan it confirms within this long. */
const TOKEN_TTL_MS = 10 * 60_000;

export class HostKeys {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly setup: SshSetup,
    private readonly env: NodeJS.ProcessEnv,
    private readonly homeDir: string,
  ) {}

  /** What ssh's config makes of a location. */
  async resolve(location: string): Promise<Resolved> {
    const r = await runCommand(this.setup.ssh, resolveArgs(this.setup, location), { env: this.env, timeoutMs: 15_000 });
    if (r.spawnError) throw new ClideError(sshMissing(r.spawnError));
    if (r.code !== 0)
      throw new ClideError({
        kind: 'connection-failed',
        message: `ssh could not read its configuration for ${location}.`,
        detail: r.stderr.trim() || undefined,
      });
    const conf = new Map<string, string>();
    for (const line of r.stdout.toString('utf8').split('\n')) {
      const at = line.indexOf(' ');
      if (at > 0 && !conf.has(line.slice(0, at))) conf.set(line.slice(0, at), line.slice(at + 1).trim());
    }
    const hostname = conf.get('hostname') ?? location;
    const port = Number(conf.get('port') ?? '22') || 22;
    const alias = conf.get('hostkeyalias');
    const files = (conf.get('userknownhostsfile') ?? '~/.ssh/known_hosts').split(/\s+/).filter(Boolean);
    const first = files[0] ?? '~/.ssh/known_hosts';
    return {
      hostname,
      port,
      knownAs: alias && alias !== 'none' ? alias : port === 22 ? hostname : `[${hostname}]:${port}`,
      knownHostsFile: first.startsWith('~/') ? path.join(this.homeDir, first.slice(2)) : first,
      hashKnownHosts: conf.get('hashknownhosts') === 'yes',
      proxied: [conf.get('proxyjump'), conf.get('proxycommand')].some((v) => v !== undefined && v !== 'none'),
    };
  }

  /** Fetch the host's keys and their fingerprints; the answer's token confirms exactly these. */
  async scan(location: string): Promise<ScannedKeys> {
    const res = await this.resolve(location);
    if (res.proxied) {
      throw new ClideError({
        kind: 'host-key-unknown',
        message: `${location} is reached through a proxy, so clide cannot fetch its host key to show you.`,
        hint: `Connect once in a terminal (ssh ${location}) and confirm the key there, then try again.`,
      });
    }
    const scan = await runCommand('ssh-keyscan', ['-T', '10', '-p', String(res.port), '--', res.hostname], { env: this.env, timeoutMs: 20_000 });
    if (scan.spawnError) throw new ClideError(sshMissing(scan.spawnError));
    const lines = scan.stdout
      .toString('utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => `${res.knownAs} ${l.split(/\s+/).slice(1, 3).join(' ')}`);
    if (lines.length === 0) {
      throw new ClideError({ kind: 'connection-failed', message: `${location} did not send its host key.`, detail: scan.stderr.trim() || undefined });
    }
    const keys = await fingerprints(lines, this.env);
    this.prune();
    const entry: Pending = {
      token: randomUUID(),
      location,
      knownAs: res.knownAs,
      knownHostsFile: res.knownHostsFile,
      keys,
      lines,
      hash: res.hashKnownHosts,
      at: Date.now(),
    };
    this.pending.set(entry.token, entry);
    return { token: entry.token, location, knownAs: entry.knownAs, knownHostsFile: entry.knownHostsFile, keys };
  }

  /** The person confirmed the fingerprints of this scan: add its keys to known_hosts. */
  async trust(location: string, token: string): Promise<void> {
    this.prune();
    const entry = this.pending.get(token);
    if (!entry || entry.location !== location) {
      throw new ClideError({ kind: 'invalid-input', message: 'That host key confirmation has expired.', hint: 'Connect again to see the key fingerprint.' });
    }
    this.pending.delete(token);
    const lines = entry.hash ? await hashed(entry.lines, this.env) : entry.lines;
    fs.mkdirSync(path.dirname(entry.knownHostsFile), { recursive: true, mode: 0o700 });
    let prefix = '';
    try {
      const current = fs.readFileSync(entry.knownHostsFile, 'utf8');
      if (current.length > 0 && !current.endsWith('\n')) prefix = '\n';
    } catch {
      // A new file.
    }
    fs.appendFileSync(entry.knownHostsFile, `${prefix}${lines.join('\n')}\n`, { mode: 0o600 });
  }

  private prune(): void {
    const now = Date.now();
    for (const [t, e] of this.pending) if (now - e.at > TOKEN_TTL_MS) this.pending.delete(t);
  }
}

async function fingerprints(lines: string[], env: NodeJS.ProcessEnv): Promise<HostKey[]> {
  const r = await runCommand('ssh-keygen', ['-l', '-f', '-'], { input: `${lines.join('\n')}\n`, env, timeoutMs: 15_000 });
  if (r.code !== 0) throw new ClideError({ kind: 'internal', message: 'ssh-keygen could not read the host keys.', detail: r.stderr.trim() || undefined });
  const keys: HostKey[] = [];
  for (const line of r.stdout.toString('utf8').split('\n')) {
    // "256 SHA256:abc… [127.0.0.1]:2222 (ED25519)"
    const m = /^(\d+)\s+(\S+)\s+.*\((\S+)\)\s*$/.exec(line.trim());
    if (m?.[2] && m[3]) keys.push({ type: m[3], fingerprint: m[2], bits: Number(m[1]) });
  }
  return keys;
}

async function hashed(lines: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-kh-'));
  try {
    const file = path.join(dir, 'known_hosts');
    fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
    const r = await runCommand('ssh-keygen', ['-H', '-f', file], { env, timeoutMs: 15_000 });
    if (r.code !== 0) return lines;
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
