// Spawns the CLI with pipes (not a PTY) and moves bytes; knows nothing about JSON.
//
// - The child gets its own process group (POSIX) so shutdown can signal it and anything it
//   started (Bash tool children) together, and sweep up descendants that outlive it.
// - All writes go through one serial queue that honours backpressure; after the child is gone
//   (or stdin broke with EPIPE) writes fail with a typed "not-running" error, never a crash.
//   A child that stops reading stdin cannot make the queue grow without bound: past
//   `maxQueuedChars` a write is refused at once (the caller still holds the text).
// - stderr is drained continuously into a bounded ring buffer, so a chatty child never
//   blocks on a full pipe and memory stays bounded.
// - "Exited" means the process is gone AND its pipes are closed, so every byte it wrote has
//   been delivered. A descendant that inherited stdout can hold the pipe open after the child
//   died; the group is then ended so the pipe closes, and after a bound the pipes are dropped.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ClideError } from '../../../shared/result';
import { groupRunning } from '../process-identity';

export interface TransportOptions {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Bytes of stderr kept (the tail). */
  stderrLimit?: number;
  /** Characters of stdin writes allowed to wait for a child that is not reading. */
  maxQueuedChars?: number;
  /** After the child exits, how long its pipes may stay open before its group is ended. */
  pipeGraceMs?: number;
  /** Written to stdin before anything else (a remote session's launch line, see remote/). */
  preamble?: string;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all. */
  spawnError?: NodeJS.ErrnoException;
}

export const DEFAULT_MAX_QUEUED_CHARS = 256 * 1024 * 1024;

export class Transport {
  readonly startedAt = Date.now();
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly stderr: RingBuffer;
  private readonly maxQueued: number;
  private readonly pipeGraceMs: number;
  private queue: Promise<void> = Promise.resolve();
  private queuedChars = 0;
  private inputClosed = false;
  private processExit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private exitInfo: ExitInfo | undefined;
  private readonly exitWaiters: Array<(info: ExitInfo) => void> = [];
  private dataListener: (chunk: Buffer) => void = () => {};
  private endListener: () => void = () => {};
  private stdinError: Error | undefined;
  private pipeTimer: ReturnType<typeof setTimeout> | undefined;
  private lastOutput = 0;

  constructor(opts: TransportOptions) {
    this.stderr = new RingBuffer(opts.stderrLimit ?? 64 * 1024);
    this.maxQueued = opts.maxQueuedChars ?? DEFAULT_MAX_QUEUED_CHARS;
    this.pipeGraceMs = opts.pipeGraceMs ?? 1000;
    this.child = spawn(opts.command, opts.args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.lastOutput = Date.now();
      this.dataListener(chunk);
    });
    this.child.stdout.on('end', () => this.endListener());
    this.child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    // Read errors on the pipes (EIO, ECONNRESET) must not become uncaught exceptions.
    this.child.stdout.on('error', () => {});
    this.child.stderr.on('error', () => {});
    // EPIPE / ECONNRESET on stdin surface here; remember them so writes fail cleanly.
    this.child.stdin.on('error', (err) => {
      this.stdinError = err;
      this.inputClosed = true;
    });
    this.child.on('error', (err: NodeJS.ErrnoException) => {
      // Spawn failures (ENOENT, EACCES) arrive here and no 'exit' follows.
      if (!this.exitInfo && this.child.pid === undefined) this.finish({ code: null, signal: null, spawnError: err });
    });
    this.child.on('exit', (code, signal) => {
      this.processExit = { code, signal };
      this.pipeTimer = setTimeout(() => this.pipesHeldOpen(), this.pipeGraceMs);
      this.pipeTimer.unref?.();
    });
    // 'close' waits for stdio to end too, so every byte of stdout has been delivered first.
    this.child.on('close', (code, signal) => this.finish(this.processExit ?? { code, signal }));
    if (opts.preamble) void this.write(opts.preamble).catch(() => {});
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** True until the process has exited and its pipes are closed. */
  get running(): boolean {
    return this.exitInfo === undefined;
  }

  get exit(): ExitInfo | undefined {
    return this.exitInfo;
  }

  /** When stdout last delivered bytes (epoch ms; 0 before any): part of a line counts too. */
  get lastOutputAt(): number {
    return this.lastOutput;
  }

  /** Characters written but not yet taken by the child. */
  get queued(): number {
    return this.queuedChars;
  }

  onData(listener: (chunk: Buffer) => void): void {
    this.dataListener = listener;
  }

  onStdoutEnd(listener: () => void): void {
    this.endListener = listener;
  }

  /** Resolves when the process has exited and its pipes are closed. */
  waitForExit(): Promise<ExitInfo> {
    if (this.exitInfo) return Promise.resolve(this.exitInfo);
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  stderrTail(): string {
    return this.stderr.text();
  }

  /** Bytes of stderr held and dropped so far (tests, diagnostics). */
  stderrStats(): { kept: number; dropped: number } {
    return { kept: this.stderr.bytes, dropped: this.stderr.droppedBytes };
  }

  /**
   * Queue text for stdin; resolves once written (after any backpressure), rejects if the child
   * is gone. Throws at once if the child is gone or is not reading and the queue is full.
   */
  write(data: string): Promise<void> {
    if (!this.canWrite()) throw notRunning(this.stdinError);
    if (this.queuedChars > 0 && this.queuedChars + data.length > this.maxQueued) {
      throw new ClideError({
        kind: 'session-busy',
        message: 'Claude is not reading its input: earlier messages are still waiting to be delivered.',
        hint: 'Wait a moment and try again; if it persists, stop or restart the session.',
      });
    }
    this.queuedChars += data.length;
    const run = () => this.writeNow(data);
    const next = this.queue.then(run, run).finally(() => {
      this.queuedChars -= data.length;
    });
    this.queue = next.catch(() => {});
    return next;
  }

  /** Synchronous precheck used by callers that must fail fast rather than queue. */
  assertWritable(): void {
    if (!this.canWrite()) throw notRunning(this.stdinError);
  }

  /** Close stdin: the CLI finishes its turn, flushes its session file and exits. */
  endInput(): void {
    if (this.inputClosed) return;
    this.inputClosed = true;
    this.queue = this.queue.then(() => {
      if (!this.child.stdin.destroyed) this.child.stdin.end();
    });
  }

  /** Signal the whole process group (POSIX) or the process (Windows). Never throws. */
  kill(signal: NodeJS.Signals): boolean {
    if (this.exitInfo || this.child.pid === undefined) return false;
    return this.signalGroup(signal);
  }

  /** Whether anything in the child's process group still runs (the child or its descendants). */
  groupAlive(): boolean {
    const pid = this.child.pid;
    if (pid === undefined) return false;
    if (process.platform === 'win32') return this.running;
    return groupRunning(pid);
  }

  /**
   * After the child is gone, end descendants left in its process group: SIGTERM, then SIGKILL
   * after `graceMs`. Resolves when none remain (or after SIGKILL had its chance).
   */
  async endGroup(graceMs: number): Promise<void> {
    if (this.child.pid === undefined || process.platform === 'win32' || !this.groupAlive()) return;
    this.signalGroup('SIGTERM');
    const deadline = Date.now() + graceMs;
    while (this.groupAlive() && Date.now() < deadline) await sleep(20);
    if (!this.groupAlive()) return;
    this.signalGroup('SIGKILL');
    const killDeadline = Date.now() + 2000;
    while (this.groupAlive() && Date.now() < killDeadline) await sleep(20);
  }

  private signalGroup(signal: NodeJS.Signals): boolean {
    const pid = this.child.pid;
    if (pid === undefined) return false;
    try {
      if (process.platform !== 'win32') process.kill(-pid, signal);
      else this.child.kill(signal);
      return true;
    } catch {
      try {
        return this.processExit ? false : this.child.kill(signal);
      } catch {
        return false;
      }
    }
  }

  private pipesHeldOpen(): void {
    if (this.exitInfo) return;
    // The child is dead but something it started still holds stdout/stderr open.
    this.signalGroup('SIGKILL');
    const timer = setTimeout(() => {
      if (this.exitInfo) return;
      this.child.stdout.destroy();
      this.child.stderr.destroy();
      this.child.stdin.destroy();
      this.finish(this.processExit ?? { code: null, signal: null });
    }, this.pipeGraceMs);
    timer.unref?.();
  }

  private canWrite(): boolean {
    return !this.exitInfo && !this.inputClosed && !this.child.stdin.destroyed && this.child.stdin.writable;
  }

  private writeNow(data: string): Promise<void> {
    if (!this.canWrite()) return Promise.reject(notRunning(this.stdinError));
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const done = (err?: Error | null) => {
        if (settled) return;
        settled = true;
        if (err) reject(notRunning(err));
        else resolve();
      };
      try {
        const flushed = this.child.stdin.write(data, (err) => {
          if (err) done(err);
        });
        if (flushed) done();
        else {
          // Backpressure: wait until the pipe drains (or the child goes away).
          const onDrain = () => {
            cleanup();
            done();
          };
          const onGone = () => {
            cleanup();
            done(this.stdinError ?? new Error('stdin closed'));
          };
          const cleanup = () => {
            this.child.stdin.off('drain', onDrain);
            this.child.stdin.off('close', onGone);
          };
          this.child.stdin.once('drain', onDrain);
          this.child.stdin.once('close', onGone);
        }
      } catch (err) {
        done(err as Error);
      }
    });
  }

  private finish(info: ExitInfo): void {
    if (this.exitInfo) return;
    if (this.pipeTimer) clearTimeout(this.pipeTimer);
    this.exitInfo = info;
    this.inputClosed = true;
    for (const w of this.exitWaiters.splice(0)) w(info);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function notRunning(cause?: Error): ClideError {
  return new ClideError({
    kind: 'not-running',
    message: 'The Claude session has ended; nothing more can be sent to it.',
    hint: 'Resume the session to continue.',
    detail: cause?.message,
  });
}

/** Keeps the last `limit` bytes written to it. */
export class RingBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private dropped = 0;
  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    if (chunk.length >= this.limit) {
      this.dropped += this.size + chunk.length - this.limit;
      this.chunks = [Buffer.from(chunk.subarray(chunk.length - this.limit))];
      this.size = this.limit;
      return;
    }
    this.chunks.push(Buffer.from(chunk));
    this.size += chunk.length;
    while (this.size > this.limit && this.chunks.length > 0) {
      const head = this.chunks[0] as Buffer;
      const excess = this.size - this.limit;
      if (head.length <= excess) {
        this.chunks.shift();
        this.size -= head.length;
        this.dropped += head.length;
      } else {
        this.chunks[0] = head.subarray(excess);
        this.size -= excess;
        this.dropped += excess;
      }
    }
  }

  get bytes(): number {
    return this.size;
  }

  get droppedBytes(): number {
    return this.dropped;
  }

  text(): string {
    const body = Buffer.concat(this.chunks, this.size).toString('utf8');
    return this.dropped > 0 ? `…(${this.dropped} earlier bytes dropped)\n${body}` : body;
  }
}
