// Remote hosts for the session host: one shared connection per host, host keys, password
// prompts, the host list, and what sessions there need (their place, their files, their
// history). The session host only routes to this.
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { PathCompletion } from '../../../shared/folders';
import { parseLocation, formatLocation, type ConnectResult, type RemoteHost, type RemoteHosts, type RemotePrompt } from '../../../shared/remote';
import { ClideError, toAppError } from '../../../shared/result';
import type { FileList } from '../file-index';
import type { History } from '../history';
import type { ChildTracker } from '../process-registry';
import { Askpass } from './askpass';
import { HostKeys } from './host-keys';
import { RemotePlace, type PlaceHost } from './place';
import { RecentHosts } from './recent-hosts';
import { DISCOVER_SCRIPT, missingClaude, parseDiscovery, reapScript, type RemoteEnvironment } from './remote-claude';
import { completeRemotePath, listRemoteFiles } from './remote-files';
import { RemoteHistory } from './remote-history';
import { configFileFor, socketDirFor, type SshSetup } from './ssh-args';
import { readConfigHosts } from './ssh-config';
import { SshMaster } from './ssh-master';

export interface RemoteOptions {
  /** clide's environment: ssh runs with it (SSH_AUTH_SOCK, HOME, PATH). */
  env: NodeJS.ProcessEnv;
  homeDir: string;
  dataDir?: string;
  tracker?: ChildTracker;
  /** A client config for `ssh -F` (CLIDE_SSH_CONFIG); absent: ssh reads ~/.ssh/config itself. */
  configFile?: string;
  /** Names of variables sent to the remote claude (CLIDE_REMOTE_ENV); none by default. */
  forwardEnv?: readonly string[];
  keepAliveSec?: number;
  ssh?: string;
  onPrompt(prompt: RemotePrompt): void;
  onPromptClosed(id: string): void;
  /** A host's connection dropped (every session there has seen its own channel end too). */
  onDown?(location: string, stderr: string): void;
}

/** The folder `@` mentions are listed from is read again after this long. */
const FILES_TTL_MS = 10_000;

class HostState implements PlaceHost {
  readonly master: SshMaster;
  readonly history: RemoteHistory;
  private env: Promise<RemoteEnvironment> | undefined;
  private readonly files = new Map<string, { at: number; list: Promise<FileList> }>();

  constructor(
    private readonly service: Remote,
    readonly location: string,
    dir: string,
  ) {
    this.master = new SshMaster({
      location,
      setup: service.setup,
      env: service.opts.env,
      askpass: service.askpass,
      tracker: service.opts.tracker,
      onDown: (stderr) => {
        // A new connection may land elsewhere (a reinstalled host): look again.
        this.env = undefined;
        service.opts.onDown?.(location, stderr);
      },
    });
    this.history = new RemoteHistory(this.master, dir);
  }

  get localCwd(): string {
    return this.service.opts.homeDir;
  }

  get sshEnv(): NodeJS.ProcessEnv {
    return this.service.opts.env;
  }

  private knownEnv: RemoteEnvironment | undefined;

  get known(): RemoteEnvironment | undefined {
    return this.master.connected ? this.knownEnv : undefined;
  }

  environment(): Promise<RemoteEnvironment> {
    if (this.env && this.master.connected) return this.env;
    const found = this.discover();
    this.env = found;
    found.then((e) => (this.knownEnv = e)).catch(() => {});
    found.catch(() => {
      if (this.env === found) this.env = undefined;
    });
    return found;
  }

  forwarded(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const name of this.service.opts.forwardEnv ?? []) {
      const v = this.service.opts.env[name];
      if (v !== undefined) out[name] = v;
    }
    return out;
  }

  async reap(tabId: string): Promise<string> {
    const r = await this.master.exec(reapScript(tabId), { timeoutMs: 20_000 });
    if (r.code !== 0)
      throw new ClideError({
        kind: 'connection-failed',
        message: `clide could not check for an earlier claude on ${this.location}.`,
        detail: r.stderr.trim() || undefined,
      });
    return r.stdout.toString('utf8').trim();
  }

  fileList(cwd: string): Promise<FileList> {
    const hit = this.files.get(cwd);
    if (hit && Date.now() - hit.at < FILES_TTL_MS) return hit.list;
    const list = listRemoteFiles(this.master, cwd);
    this.files.set(cwd, { at: Date.now(), list });
    list.catch(() => this.files.delete(cwd));
    if (this.files.size > 16) this.files.delete(this.files.keys().next().value!);
    return list;
  }

  private async discover(): Promise<RemoteEnvironment> {
    const r = await this.master.exec(DISCOVER_SCRIPT, { timeoutMs: 30_000, maxBytes: 1024 * 1024 });
    const env = r.code === 0 ? parseDiscovery(r.stdout) : undefined;
    if (!env) {
      throw new ClideError({
        kind: 'connection-failed',
        message: `clide could not look around on ${this.location} (its /bin/sh did not answer).`,
        detail: r.stderr.trim() || undefined,
      });
    }
    return env;
  }
}

export class Remote {
  readonly setup: SshSetup;
  readonly askpass: Askpass;
  readonly keys: HostKeys;
  readonly recent: RecentHosts;
  private readonly states = new Map<string, HostState>();

  constructor(readonly opts: RemoteOptions) {
    this.setup = {
      ssh: opts.ssh ?? 'ssh',
      configFile: configFileFor(opts.configFile, opts.homeDir),
      socketDir: socketDirFor(opts.dataDir),
      keepAliveSec: opts.keepAliveSec ?? 15,
    };
    this.askpass = new Askpass(this.setup.socketDir, { onPrompt: opts.onPrompt, onClosed: opts.onPromptClosed });
    this.keys = new HostKeys(this.setup, opts.env, opts.homeDir);
    this.recent = new RecentHosts(opts.dataDir);
  }

  /** The one spelling of a location, or an invalid-input error. */
  normalize(location: string): string {
    const t = parseLocation(location);
    if (!t)
      throw new ClideError({
        kind: 'invalid-input',
        message: `"${location.slice(0, 80)}" is not a host.`,
        hint: 'Type user@host or user@host:port, or pick one from the list.',
      });
    return formatLocation(t);
  }

  host(location: string): HostState {
    const loc = this.normalize(location);
    let s = this.states.get(loc);
    if (!s) {
      const dir = path.join(this.opts.dataDir ?? path.join(this.opts.homeDir, '.clide'), 'remote', createHash('sha256').update(loc).digest('hex').slice(0, 16));
      s = new HostState(this, loc, dir);
      this.states.set(loc, s);
    }
    return s;
  }

  /** Hosts from the ssh config and those used before, recent first. */
  hosts(): RemoteHosts {
    // The file ssh is given (-F), else the one it reads itself (the same, where HOME is the password file's home).
    const file = this.setup.configFile ?? path.join(this.opts.homeDir, '.ssh', 'config');
    const config = readConfigHosts(file, this.opts.homeDir);
    const out: RemoteHost[] = [];
    const seen = new Set<string>();
    for (const r of this.recent.list()) {
      const c = config.hosts.find((h) => h.alias === r.location);
      out.push({
        location: r.location,
        fromConfig: Boolean(c),
        hostName: c?.hostName,
        user: c?.user,
        port: c?.port,
        recentFolders: r.folders,
        lastUsed: r.lastUsed,
        connected: this.connected(r.location),
      });
      seen.add(r.location);
    }
    for (const c of config.hosts) {
      if (seen.has(c.alias)) continue;
      out.push({
        location: c.alias,
        fromConfig: true,
        hostName: c.hostName,
        user: c.user,
        port: c.port,
        recentFolders: [],
        connected: this.connected(c.alias),
      });
    }
    return { hosts: out, configProblem: config.problems.length > 0 ? config.problems.join('; ') : undefined };
  }

  /** Connect (or reuse the connection) and find claude. An unknown host key is shown, never accepted. */
  async connect(location: string): Promise<ConnectResult> {
    const s = this.host(location);
    try {
      const env = await s.environment();
      return {
        state: 'connected',
        location: s.location,
        home: env.home,
        claudePath: env.claude,
        claudeProblem: env.claude ? undefined : missingClaude(s.location),
      };
    } catch (err) {
      const error = toAppError(err);
      if (error.kind !== 'host-key-unknown') return { state: 'failed', location: s.location, error };
      try {
        const scan = await this.keys.scan(s.location);
        return {
          state: 'host-key-unknown',
          location: s.location,
          knownAs: scan.knownAs,
          keys: scan.keys,
          knownHostsFile: scan.knownHostsFile,
          token: scan.token,
        };
      } catch (scanErr) {
        return { state: 'failed', location: s.location, error: toAppError(scanErr) };
      }
    }
  }

  trust(location: string, token: string): Promise<void> {
    return this.keys.trust(this.normalize(location), token);
  }

  async complete(location: string, prefix: string): Promise<PathCompletion> {
    const s = this.host(location);
    const env = await s.environment();
    return completeRemotePath(s.master, env.home, prefix);
  }

  answer(id: string, answer: string | undefined): void {
    this.askpass.answer(id, answer);
  }

  pendingPrompts(): RemotePrompt[] {
    return this.askpass.pending();
  }

  /** Where a tab's claude runs. */
  place(location: string, tabId: string): RemotePlace {
    return new RemotePlace(this.host(location), tabId);
  }

  connected(location: string): boolean {
    const t = parseLocation(location);
    return t ? (this.states.get(formatLocation(t))?.master.connected ?? false) : false;
  }

  /** A host's past sessions, brought up to date (connecting if need be). */
  async syncedHistory(location: string): Promise<History> {
    const s = this.host(location);
    await s.history.sync();
    return s.history.history;
  }

  /**
   * Every host with past sessions to show: those connected now are brought up to date first;
   * the others show what was mirrored last (History never makes a connection, or asks for a
   * password, by itself).
   */
  async syncedHistories(): Promise<Array<{ location: string; history: History }>> {
    const out: Array<{ location: string; history: History }> = [];
    for (const r of this.recent.list()) {
      const s = this.host(r.location);
      if (s.master.connected) await s.history.sync().catch(() => undefined);
      if (s.history.mirrored) out.push({ location: s.location, history: s.history.history });
    }
    return out;
  }

  /** Per-host session timings: the silence before "not responding" (a slow link may need more). */
  timings(location: string): { silenceMs?: number } {
    const silenceMs = this.recent.get(this.normalize(location))?.silenceMs;
    return silenceMs === undefined ? {} : { silenceMs };
  }

  /** End every connection (the app quits). */
  async shutdown(): Promise<void> {
    await Promise.all([...this.states.values()].map((s) => s.master.close()));
  }
}
