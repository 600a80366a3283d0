// Every git command clide runs goes through here: the system `git`, spawned without a shell,
// with a timeout, bounded output, no prompts, no pager, no editor and the C locale (output is
// parsed). Commands that write on one repository run one at a time, in order, so several tabs
// never race on index.lock; the queue is keyed by the repository's common git dir, which its
// main checkout and all its linked worktrees share.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ClideError } from '../../../shared/result';

export interface GitRunOptions {
  cwd: string;
  /** Written to git's stdin (a patch for `git apply`, index lines for `update-index`). */
  input?: string | Buffer;
  timeoutMs?: number;
  /** stdout bound; past it the command fails, or is cut with `truncate`. */
  maxBytes?: number;
  truncate?: boolean;
  /** Exit codes that are answers, not failures (`diff --no-index` says 1 for "differs"). */
  okCodes?: readonly number[];
  /** Does not write to the repository: pass `--no-optional-locks` (no index refresh, no lock). */
  readOnly?: boolean;
  /** Paths are literal (the default): a file named `*` is that file, not a glob. */
  globs?: boolean;
  env?: NodeJS.ProcessEnv;
}

export interface GitOutput {
  stdout: Buffer;
  stderr: string;
  code: number;
  truncated: boolean;
}

export type RunGit = (args: readonly string[], opts?: Partial<GitRunOptions>) => Promise<GitOutput>;

export const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;
const STDERR_KEEP = 16 * 1024;
const KILL_GRACE_MS = 2000;

export interface GitRunnerOptions {
  /** The git executable (default `git` on PATH). */
  git?: string;
  /** The environment git inherits (the app's), before clide's own variables. */
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export class GitRunner {
  private readonly git: string;
  private readonly env: NodeJS.ProcessEnv;
  private readonly timeoutMs: number;
  private readonly queues = new Map<string, { all: Promise<void>; writes: Promise<void>; pending: number }>();
  private readonly keys = new Map<string, Promise<string>>();
  /** git processes started so far (tests and the bench count them: an idle tree starts none). */
  spawned = 0;

  constructor(opts: GitRunnerOptions = {}) {
    this.git = opts.git ?? 'git';
    this.env = opts.env ?? process.env;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** Run one command in the queue of the repository `opts.cwd` belongs to. */
  async run(args: readonly string[], opts: GitRunOptions): Promise<GitOutput> {
    const key = await this.repoKey(opts.cwd);
    return this.enqueue(key, () => this.spawnGit(args, opts), opts.readOnly === true);
  }

  /**
   * Run several commands as one step: nothing else runs on that repository in between (a revert
   * reads the file, then writes it back). `run` inside must not be this runner's queued `run`.
   */
  async exclusive<T>(cwd: string, fn: (run: RunGit) => Promise<T>): Promise<T> {
    const key = await this.repoKey(cwd);
    return this.enqueue(key, () => fn((args, opts) => this.spawnGit(args, { cwd, ...opts })), false);
  }

  /** Outside any queue: probes that read nothing a command could be writing (`--version`, `rev-parse`). */
  direct(args: readonly string[], opts: GitRunOptions): Promise<GitOutput> {
    return this.spawnGit(args, opts);
  }

  /** The queue key of a folder: its repository's common git dir (the folder itself outside a repository). */
  private repoKey(cwd: string): Promise<string> {
    let key = this.keys.get(cwd);
    if (!key) {
      key = this.spawnGit(['rev-parse', '--git-common-dir'], { cwd, okCodes: [0, 128] }).then(
        (out) => (out.code === 0 ? path.resolve(cwd, out.stdout.toString('utf8').trim()) : path.resolve(cwd)),
        () => path.resolve(cwd),
      );
      this.keys.set(cwd, key);
      // A folder that is not a repository yet may become one: do not keep that answer.
      void key.then((k) => {
        if (k === path.resolve(cwd)) this.keys.delete(cwd);
      });
    }
    return key;
  }

  /**
   * Writers run alone, in order. Readers (`--no-optional-locks`: they take no lock) run side by
   * side, but after every writer queued before them, so a status after a stage sees the stage.
   */
  private enqueue<T>(key: string, task: () => Promise<T>, reader: boolean): Promise<T> {
    const q = this.queues.get(key) ?? { all: Promise.resolve(), writes: Promise.resolve(), pending: 0 };
    this.queues.set(key, q);
    const result = (reader ? q.writes : q.all).then(task);
    const done = result.then(
      () => {},
      () => {},
    );
    q.all = Promise.all([q.all, done]).then(() => {});
    if (!reader) q.writes = done; // it waited for everything before it
    q.pending++;
    void done.then(() => {
      if (--q.pending === 0 && this.queues.get(key) === q) this.queues.delete(key);
    });
    return result;
  }

  private spawnGit(args: readonly string[], opts: GitRunOptions): Promise<GitOutput> {
    const full = ['--no-pager', ...(opts.globs ? [] : ['--literal-pathspecs']), ...(opts.readOnly ? ['--no-optional-locks'] : []), ...args];
    const env: NodeJS.ProcessEnv = {
      ...this.env,
      ...opts.env,
      // Never wait for a person: no credential prompt, no editor, no pager.
      GIT_TERMINAL_PROMPT: '0',
      GIT_EDITOR: 'true',
      GIT_SEQUENCE_EDITOR: 'true',
      GIT_PAGER: 'cat',
      PAGER: 'cat',
      // Parsed output must not change with the person's language.
      LC_ALL: 'C',
      LANGUAGE: 'C',
    };
    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
    const okCodes = opts.okCodes ?? [0];
    const what = `git ${args.find((a) => !a.startsWith('-')) ?? args[0] ?? ''}`.trim();
    return new Promise<GitOutput>((resolve, reject) => {
      let child: ReturnType<typeof spawn>;
      try {
        // Its own process group (POSIX), so a timeout also ends the hooks and helpers git started.
        child = spawn(this.git, full, {
          cwd: opts.cwd,
          env,
          shell: false,
          windowsHide: true,
          detached: process.platform !== 'win32',
          stdio: ['pipe', 'pipe', 'pipe'],
        });
      } catch (err) {
        reject(spawnError(err as NodeJS.ErrnoException, this.git, opts.cwd));
        return;
      }
      this.spawned++;
      const chunks: Buffer[] = [];
      let bytes = 0;
      let truncated = false;
      let overflow = false;
      let stderr = '';
      let timedOut = false;
      let settled = false;
      const finish = (f: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        f();
      };
      const signal = (sig: NodeJS.Signals) => {
        try {
          if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, sig);
          else child.kill(sig);
        } catch {
          // Already gone.
        }
      };
      const stop = () => {
        signal('SIGTERM');
        setTimeout(() => {
          signal('SIGKILL');
          // A grandchild that escaped the group may still hold the pipes: stop waiting for them.
          setTimeout(() => {
            child.stdout!.destroy();
            child.stderr!.destroy();
            child.emit('close', null, 'SIGKILL');
          }, KILL_GRACE_MS).unref();
        }, KILL_GRACE_MS).unref();
      };
      const timer = setTimeout(() => {
        timedOut = true;
        stop();
      }, timeoutMs);
      child.stdout!.on('data', (c: Buffer) => {
        if (truncated || overflow) return;
        if (bytes + c.length > maxBytes) {
          chunks.push(c.subarray(0, maxBytes - bytes));
          bytes = maxBytes;
          if (opts.truncate) truncated = true;
          else overflow = true;
          stop();
          return;
        }
        chunks.push(c);
        bytes += c.length;
      });
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (t: string) => {
        stderr = (stderr + t).slice(-STDERR_KEEP);
      });
      child.on('error', (err: NodeJS.ErrnoException) => finish(() => reject(spawnError(err, this.git, opts.cwd))));
      child.on('close', (code, signal) => {
        finish(() => {
          const out: GitOutput = { stdout: Buffer.concat(chunks), stderr, code: code ?? -1, truncated };
          if (truncated) return resolve(out);
          if (timedOut) {
            return reject(
              new ClideError({
                kind: 'git-timeout',
                message: `${what} took longer than ${Math.round(timeoutMs / 1000)} s and was stopped.`,
                detail: stderr.trim() || undefined,
              }),
            );
          }
          if (overflow)
            return reject(new ClideError({ kind: 'git-failed', message: `${what} printed more than ${Math.round(maxBytes / 1048576)} MB; clide stopped it.` }));
          if (code === null || !okCodes.includes(code)) {
            const first =
              stderr
                .trim()
                .split('\n')
                .find((l) => l.trim()) ?? (signal ? `ended by ${signal}` : `exit code ${code}`);
            return reject(
              new ClideError({
                kind: 'git-failed',
                message: `${what} failed: ${first.replace(/^(fatal|error): /, '')}`,
                detail: stderr.trim() || undefined,
                exitCode: code,
                signal,
              }),
            );
          }
          resolve(out);
        });
      });
      // A command that exits before reading its input must not crash the app with EPIPE.
      child.stdin!.on('error', () => {});
      if (opts.input !== undefined) child.stdin!.end(opts.input);
      else child.stdin!.end();
    });
  }
}

function spawnError(err: NodeJS.ErrnoException, git: string, cwd: string): ClideError {
  if (err.code === 'ENOENT') {
    // spawn says ENOENT both for a missing git and a missing cwd: tell them apart.
    return new ClideError(
      path.isAbsolute(cwd) && !dirExists(cwd)
        ? { kind: 'worktree-missing', message: `The folder ${cwd} does not exist.` }
        : {
            kind: 'git-missing',
            message: `git was not found (${git}).`,
            hint: 'Install git (for example `apt-get install git`, or from git-scm.com) and try again.',
          },
    );
  }
  return new ClideError({ kind: 'git-failed', message: `Could not run git: ${err.message}` });
}

function dirExists(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** stdout as text. */
export function text(out: GitOutput): string {
  return out.stdout.toString('utf8');
}

/** stdout split on NUL (the `-z` formats), without the empty tail. */
export function nulFields(out: GitOutput): string[] {
  const parts = text(out).split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}
