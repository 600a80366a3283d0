// Spawns the CLI with pipes (not a PTY) and moves bytes; knows nothing about JSON.
//
// - The child gets its own process group (POSIX) so shutdown can signal it and anything it
//   started (Bash tool children) together.
// - All writes go through one serial queue that honours backpressure; after the child is gone
//   (or stdin broke with EPIPE) writes fail with a typed "not-running" error, never a crash.
// - stderr is drained continuously into a bounded ring buffer, so a chatty child never
//   blocks on a full pipe and memory stays bounded.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { ClideError } from '../../../shared/result';

export interface TransportOptions {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Bytes of stderr kept (the tail). */
  stderrLimit?: number;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Set when the process could not be started at all. */
  spawnError?: NodeJS.ErrnoException;
}

export class Transport {
  readonly startedAt = Date.now();
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly stderr: RingBuffer;
  private queue: Promise<void> = Promise.resolve();
  private inputClosed = false;
  private exitInfo: ExitInfo | undefined;
  private readonly exitWaiters: Array<(info: ExitInfo) => void> = [];
  private dataListener: (chunk: Buffer) => void = () => {};
  private endListener: () => void = () => {};
  private stdinError: Error | undefined;

  constructor(opts: TransportOptions) {
    this.stderr = new RingBuffer(opts.stderrLimit ?? 64 * 1024);
    this.child = spawn(opts.command, opts.args, {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      windowsHide: true,
    });
    this.child.stdout.on('data', (chunk: Buffer) => this.dataListener(chunk));
    this.child.stdout.on('end', () => this.endListener());
    this.child.stderr.on('data', (chunk: Buffer) => this.stderr.push(chunk));
    // EPIPE / ECONNRESET on stdin surface here; remember them so writes fail cleanly.
    this.child.stdin.on('error', (err) => {
      this.stdinError = err;
      this.inputClosed = true;
    });
    this.child.on('error', (err: NodeJS.ErrnoException) => {
      // Spawn failures (ENOENT, EACCES) arrive here and no 'exit' follows.
      if (!this.exitInfo && this.child.pid === undefined) this.finish({ code: null, signal: null, spawnError: err });
    });
    // 'close' waits for stdio to end too, so every byte of stdout has been delivered first.
    this.child.on('close', (code, signal) => this.finish({ code, signal }));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exitInfo === undefined;
  }

  get exit(): ExitInfo | undefined {
    return this.exitInfo;
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

  /** Queue bytes for stdin; resolves once written (after any backpressure), rejects if the child is gone. */
  write(data: string): Promise<void> {
    const run = () => this.writeNow(data);
    const next = this.queue.then(run, run);
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
    try {
      if (process.platform !== 'win32') process.kill(-this.child.pid, signal);
      else this.child.kill(signal);
      return true;
    } catch {
      try {
        return this.child.kill(signal);
      } catch {
        return false;
      }
    }
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
    this.exitInfo = info;
    this.inputClosed = true;
    for (const w of this.exitWaiters.splice(0)) w(info);
  }
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
