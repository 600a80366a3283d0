// One warm spare `claude` process, spawned once the app has been quiet for a moment, so the
// first message of a tab that has no process yet does not wait for the CLI to boot (about
// 0.7 s here; the handshake of a booted one takes about 0.05 s).
//
// What a spare suits is fixed when it is spawned: the CLI takes its working directory, project
// settings and session from its cwd and flags (--model, --permission-mode, --resume), so a
// spare is claimed only by a session that would spawn exactly the same command line in the
// same folder. It is spawned but never sent `initialize`: the claiming session sends its own,
// with its hooks and MCP servers (the team server knows which session it serves). It is never
// sent a message, so it writes no transcript of its own (a spare for a parked session only adds
// the CLI's bookkeeping lines to that session's). Never more than one; it is ended at quit and
// as soon as it no longer suits what the app will most likely need next.
import { connectionArgs, PROTOCOL_ENV } from './protocol/connection';
import { Transport } from './protocol/transport';
import type { ChildTracker } from './process-registry';

/** How a session would spawn its process: the command, the flags after the fixed ones, the folder. */
export interface SpawnSpec {
  command: string;
  args: string[];
  cwd: string;
  /** The Claude session it resumes, if any (two processes cannot hold one session). */
  resume?: string;
}

export interface SpawnedProcess {
  transport: Transport;
  /** What it wrote to stdout before it was claimed. */
  output: Buffer[];
}

/** What a session needs of the spare. */
export interface SpareSource {
  /** The spare, if it was spawned exactly as `spec` says; it belongs to the caller from now on. */
  claim(spec: SpawnSpec): SpawnedProcess | undefined;
  /** A spare that holds `spec`'s Claude session but was spawned otherwise is ended: wait for that. */
  conflict(spec: SpawnSpec): Promise<void> | undefined;
}

export interface SpareOptions {
  env: NodeJS.ProcessEnv;
  /** No spawn for this long before a spare is started. */
  idleMs: number;
  /** What the spare should be now (undefined: none is needed). */
  target(): SpawnSpec | undefined;
  tracker?: ChildTracker;
  stderrLimit?: number;
  maxQueuedChars?: number;
  termGraceMs?: number;
  now?: () => number;
  log?: (message: string) => void;
}

/** After a spare dies unclaimed, the next waits longer (a CLI that cannot start must not loop). */
const MAX_BACKOFF_MS = 10 * 60_000;

function keyOf(spec: SpawnSpec): string {
  return JSON.stringify([spec.command, spec.cwd, spec.args]);
}

interface Spare extends SpawnedProcess {
  key: string;
  spec: SpawnSpec;
}

export class SpareProcess implements SpareSource {
  private spare: Spare | undefined;
  private lastSpawn: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private disposed = false;
  private readonly ending = new Set<Promise<void>>();
  private readonly now: () => number;

  constructor(private readonly opts: SpareOptions) {
    this.now = opts.now ?? Date.now;
    this.lastSpawn = this.now();
  }

  /** The spare's pid (tests, diagnostics). */
  get pid(): number | undefined {
    return this.spare?.transport.pid;
  }

  /** The spec it was spawned for. */
  get spec(): SpawnSpec | undefined {
    return this.spare?.spec;
  }

  /** A `claude` was spawned for a session: the app is busy, the spare waits for quiet again. */
  noteSpawn(): void {
    this.lastSpawn = this.now();
    this.refresh();
  }

  claim(spec: SpawnSpec): SpawnedProcess | undefined {
    const s = this.spare;
    if (!s || s.key !== keyOf(spec) || !s.transport.running) return undefined;
    this.spare = undefined;
    this.failures = 0;
    this.lastSpawn = this.now();
    s.transport.onData(() => {});
    this.arm();
    return { transport: s.transport, output: s.output };
  }

  conflict(spec: SpawnSpec): Promise<void> | undefined {
    const s = this.spare;
    if (!s || !spec.resume || s.spec.resume !== spec.resume || s.key === keyOf(spec)) return undefined;
    return this.discard();
  }

  /** What the app needs next may have changed: end a spare that no longer suits, plan the next. */
  refresh(): void {
    if (this.disposed) return;
    const target = this.opts.target();
    if (this.spare && (!target || keyOf(target) !== this.spare.key)) void this.discard();
    this.arm();
  }

  /** Quit: end the spare (and any still ending); resolves when they are gone. */
  async dispose(): Promise<void> {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.spare) void this.discard();
    await Promise.all([...this.ending]);
  }

  private arm(): void {
    if (this.disposed || this.spare) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.opts.target()) return;
    const backoff = this.failures === 0 ? 0 : Math.min(MAX_BACKOFF_MS, this.opts.idleMs * 2 ** this.failures);
    const wait = Math.max(0, this.lastSpawn + this.opts.idleMs + backoff - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.spawnIfQuiet();
    }, wait);
    // A planned spare must not keep a finished process alive.
    this.timer.unref?.();
  }

  private spawnIfQuiet(): void {
    if (this.disposed || this.spare) return;
    if (this.now() < this.lastSpawn + this.opts.idleMs) return this.arm();
    // One that was ended is still exiting: never two at once.
    if (this.ending.size > 0) {
      void Promise.all([...this.ending]).then(() => this.arm());
      return;
    }
    const spec = this.opts.target();
    if (!spec) return;
    let transport: Transport;
    try {
      transport = new Transport({
        command: spec.command,
        args: connectionArgs(spec.args),
        cwd: spec.cwd,
        env: { ...this.opts.env, ...PROTOCOL_ENV },
        stderrLimit: this.opts.stderrLimit,
        maxQueuedChars: this.opts.maxQueuedChars,
      });
    } catch (err) {
      this.opts.log?.(`could not start a spare claude process: ${(err as Error).message}`);
      this.failures++;
      return this.arm();
    }
    const spare: Spare = { key: keyOf(spec), spec, transport, output: [] };
    transport.onData((chunk) => spare.output.push(chunk));
    const pid = transport.pid;
    if (pid !== undefined) this.opts.tracker?.spawned(pid, 'spare');
    this.spare = spare;
    void transport.waitForExit().then(() => {
      if (this.spare !== spare) return; // claimed or discarded: its new owner reports it
      // Died on its own, unclaimed: forget it and try again later, more slowly each time.
      this.spare = undefined;
      this.failures++;
      const tail = transport.stderrTail().trim();
      this.opts.log?.(`the spare claude process exited before it was used${tail ? `: ${tail.slice(-300)}` : ''}`);
      void this.finish(transport);
      this.arm();
    });
  }

  /** End the spare the way a tab is closed: close stdin (it has no turn), then the group. */
  private discard(): Promise<void> {
    const s = this.spare;
    if (!s) return Promise.resolve();
    this.spare = undefined;
    s.transport.endInput();
    const grace = this.opts.termGraceMs ?? 5000;
    const term = setTimeout(() => s.transport.kill('SIGTERM'), grace);
    const kill = setTimeout(() => s.transport.kill('SIGKILL'), 2 * grace);
    term.unref?.();
    kill.unref?.();
    const done = s.transport.waitForExit().then(async () => {
      clearTimeout(term);
      clearTimeout(kill);
      await this.finish(s.transport);
    });
    this.ending.add(done);
    void done.finally(() => this.ending.delete(done));
    return done;
  }

  private async finish(transport: Transport): Promise<void> {
    await transport.endGroup(this.opts.termGraceMs ?? 5000);
    if (transport.pid !== undefined) this.opts.tracker?.gone(transport.pid);
  }
}
