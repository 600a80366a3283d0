// The one connection to a host that every tab there shares: an `ssh -M -N` child that logs in
// (asking through SSH_ASKPASS when it must) and then holds the control socket. clide owns it as
// a child process, so a drop is known when it happens (with ssh's own words for the cause),
// and it ends with the app; it is recorded in the process registry like a claude child, so a
// crashed app's master is ended on the next start.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { ClideError } from '../../../shared/result';
import type { ChildTracker } from '../process-registry';
import type { Askpass } from './askpass';
import { runCommand, type RunOptions, type RunOutput } from './run';
import { channelArgs, controlArgs, controlPath, ensurePrivateDir, masterArgs, type SshSetup } from './ssh-args';
import { cleanStderr, connectProblem } from './ssh-errors';
import { encodeLine, REMOTE_ENTRY } from './shell-quote';

export interface MasterOptions {
  location: string;
  setup: SshSetup;
  env: NodeJS.ProcessEnv;
  askpass: Askpass;
  tracker?: ChildTracker;
  /** The connection dropped after it was up (with ssh's stderr). */
  onDown?(stderr: string): void;
}

const STDERR_KEEP = 16 * 1024;
const POLL_MS = 25;

export class SshMaster {
  private child: ChildProcess | undefined;
  private up = false;
  private connecting: Promise<void> | undefined;
  private stderr = '';
  private closed = false;
  /** Connections opened so far (a test and the bench count them). */
  opened = 0;
  /** Why the last connection ended, in ssh's words (cleared when a new one comes up). */
  lastCause: string | undefined;

  constructor(private readonly o: MasterOptions) {}

  get location(): string {
    return this.o.location;
  }

  get connected(): boolean {
    return this.up && this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.connected ? this.child?.pid : undefined;
  }

  get socket(): string {
    return controlPath(this.o.setup, this.o.location);
  }

  /** Resolves once the connection is up (at once if it is); rejects with why it could not be made. */
  ensure(): Promise<void> {
    if (this.closed) return Promise.reject(new ClideError({ kind: 'connection-failed', message: 'clide is shutting down.' }));
    if (this.connected && fs.existsSync(this.socket)) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  /**
   * Run a POSIX sh script on the host over the shared connection. `input` follows the script
   * on stdin. The script travels on stdin too, never on a command line.
   */
  async exec(script: string, opts: RunOptions = {}): Promise<RunOutput> {
    await this.ensure();
    const input = Buffer.concat([Buffer.from(encodeLine(script)), Buffer.from(opts.input ?? '')]);
    return runCommand(this.o.setup.ssh, channelArgs(this.o.setup, this.o.location, REMOTE_ENTRY), { ...opts, env: this.o.env, input });
  }

  /** The command line of a long-lived channel (a session): its script goes first on stdin. */
  channel(script: string): { command: string; args: string[]; preamble: string } {
    return { command: this.o.setup.ssh, args: channelArgs(this.o.setup, this.o.location, REMOTE_ENTRY), preamble: encodeLine(script) };
  }

  /** End the connection (every channel on it ends too). */
  async close(): Promise<void> {
    this.closed = true;
    await this.stop();
  }

  /** Drop the connection but allow a new one later (a test's "the network went away"). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  }

  private async connect(): Promise<void> {
    ensurePrivateDir(this.o.setup.socketDir);
    await this.clearStaleSocket();
    const ask = this.o.askpass.channel(this.o.location);
    this.stderr = '';
    this.up = false;
    const child = spawn(this.o.setup.ssh, masterArgs(this.o.setup, this.o.location), {
      env: { ...this.o.env, ...ask.env },
      stdio: ['ignore', 'ignore', 'pipe'],
      windowsHide: true,
    });
    this.child = child;
    this.opened += 1;
    let spawnError: NodeJS.ErrnoException | undefined;
    child.on('error', (err: NodeJS.ErrnoException) => (spawnError = err));
    child.stderr?.on('data', (c: Buffer) => (this.stderr = (this.stderr + c.toString('utf8')).slice(-STDERR_KEEP)));
    if (child.pid !== undefined) this.o.tracker?.spawned(child.pid, `ssh ${this.o.location}`);
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    void exited.then(() => {
      ask.close();
      if (child.pid !== undefined) this.o.tracker?.gone(child.pid);
      if (this.child === child && this.up) {
        this.up = false;
        this.lastCause = cleanStderr(this.stderr) || undefined;
        this.o.onDown?.(this.stderr);
      }
    });
    // Up when the socket exists (ssh makes it once logged in), down if ssh exits first. No
    // deadline here: a person may be typing a password; ssh's ConnectTimeout bounds the network.
    let done = false;
    void exited.then(() => (done = true));
    while (!done && !fs.existsSync(this.socket)) await new Promise((r) => setTimeout(r, POLL_MS));
    if (done || child.exitCode !== null) {
      throw new ClideError(connectProblem(this.o.location, this.stderr, spawnError));
    }
    this.up = true;
    this.lastCause = undefined;
    ask.close();
  }

  /** A socket left by a master that is not ours (a previous run): end that master, remove it. */
  private async clearStaleSocket(): Promise<void> {
    if (!fs.existsSync(this.socket)) return;
    const check = await runCommand(this.o.setup.ssh, controlArgs(this.o.setup, this.o.location, 'check'), { env: this.o.env, timeoutMs: 5000 });
    if (check.code === 0) await runCommand(this.o.setup.ssh, controlArgs(this.o.setup, this.o.location, 'exit'), { env: this.o.env, timeoutMs: 5000 });
    fs.rmSync(this.socket, { force: true });
  }
}
