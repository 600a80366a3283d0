// A session's terminals: the person's own shell on a real PTY, started in the session's folder
// (its worktree for an isolated session). The shell is the person's, not the folder's code, so
// it needs no workspace trust, and nothing from the folder is run for it.
//
// Output is kept here (Scrollback) for windows that attach later, and pushed to windows as
// `terminal-output` events at most once a frame and at most BATCH_CHARS per terminal a frame;
// a shell that prints faster than that (`yes`) is paused at the PTY until the window has had it,
// so it can neither grow the core's memory nor crowd other events off the socket.
import os from 'node:os';
import path from 'node:path';
import type { IPty } from '@lydell/node-pty';
import type { AppEvent } from '../../../shared/ipc';
import type { TerminalAttach, TerminalExit, TerminalInfo } from '../../../shared/terminal';
import { ClideError } from '../../../shared/result';
import { childEnv } from '../child-env';
import { endProcessTree } from './process-tree';
import { Scrollback } from './scrollback';

/** Terminals (and Run in them) are for sessions on this computer for now: a remote one is refused, saying how to get there. */
export function localOnly(remote: string | undefined, what: string): void {
  if (!remote) return;
  throw new ClideError({
    kind: 'invalid-input',
    message: `This session runs on ${remote}: ${what} for sessions on this computer for now.`,
    hint: `Open a terminal and run ssh ${remote} there.`,
  });
}

const FRAME_MS = 1000 / 60;
/** The most of one terminal's output sent in one frame (about 7.5 MB a second). */
export const BATCH_CHARS = 128 * 1024;
/** Output waiting to be sent past this many batches pauses the shell; below one it goes on. */
export const PAUSE_BATCHES = 4;

export interface TerminalOptions {
  /** The session's folder, and the remote host it is on (absent: this computer). */
  tab(sessionId: string): { cwd: string; remote?: string };
  emit(event: AppEvent): void;
  env: NodeJS.ProcessEnv;
  /** SIGHUP to SIGKILL (ms). */
  graceMs?: number;
  /** Scrollback size cap in UTF-16 units (tests). */
  scrollbackChars?: number;
  /** The most of one terminal's output per frame (tests: BATCH_CHARS). */
  batchChars?: number;
}

interface Terminal {
  info: TerminalInfo;
  pty: IPty;
  scrollback: Scrollback;
  /** Output not yet pushed to windows. */
  pending: string;
  /** Where `pending` starts in the output. */
  sent: number;
  paused: boolean;
  /** Resolves once the shell has ended. */
  exited: Promise<void>;
}

type PtyModule = typeof import('@lydell/node-pty');
let ptyModule: Promise<PtyModule> | undefined;

function loadPty(): Promise<PtyModule> {
  // Loaded when the first terminal opens: a run that never opens one never loads the native module.
  ptyModule ??= import('@lydell/node-pty').then((m) => ((m as { default?: PtyModule }).default ?? m) as PtyModule);
  return ptyModule;
}

export class TerminalService {
  private readonly terminals = new Map<string, Terminal>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private next = 1;
  private closed = false;
  private readonly batch: number;

  constructor(private readonly opts: TerminalOptions) {
    this.batch = opts.batchChars ?? BATCH_CHARS;
  }

  /**
   * A new terminal: the person's shell, or with `command` that command line through it
   * (`$SHELL -lc`: their login PATH, as in a terminal app), ending when the command does.
   */
  async create(sessionId: string, cols: number, rows: number, run?: { command: string; title: string }): Promise<TerminalInfo> {
    if (this.closed) throw new ClideError({ kind: 'invalid-input', message: 'clide is closing.' });
    const tab = this.opts.tab(sessionId);
    localOnly(tab.remote, 'terminals are');
    const pty = await loadPty();
    const shell = this.shell();
    const terminalId = `t${this.next++}-${Date.now().toString(36)}`;
    let proc: IPty;
    try {
      proc = pty.spawn(shell, run ? commandArgs(run.command) : [], {
        name: 'xterm-256color',
        cols,
        rows,
        cwd: tab.cwd,
        // The person's own environment, as a terminal app would give it; never clide's runtime flags.
        env: childEnv(this.opts.env, { TERM: 'xterm-256color', COLORTERM: 'truecolor', TERM_PROGRAM: 'clide' }) as Record<string, string>,
      });
    } catch (err) {
      throw new ClideError({ kind: 'spawn-failed', message: `The shell ${shell} could not start: ${(err as Error).message}` });
    }
    const info: TerminalInfo = { terminalId, sessionId, title: run?.title ?? path.basename(shell), cwd: tab.cwd, cols, rows };
    let ended!: () => void;
    const term: Terminal = {
      info,
      pty: proc,
      scrollback: new Scrollback(undefined, this.opts.scrollbackChars),
      pending: '',
      sent: 0,
      paused: false,
      exited: new Promise((r) => (ended = r)),
    };
    this.terminals.set(terminalId, term);
    proc.onData((data) => this.output(term, data));
    proc.onExit(({ exitCode, signal }) => {
      const exit: TerminalExit = signal ? { code: exitCode, signal } : { code: exitCode };
      term.info = { ...term.info, exit };
      ended();
      if (this.terminals.get(terminalId) !== term) return;
      // What it printed last goes out before its end.
      this.flushTerminal(term, Infinity);
      this.opts.emit({ type: 'terminal-exit', terminalId, exit });
    });
    this.opts.emit({ type: 'terminal-created', terminal: info });
    return info;
  }

  write(terminalId: string, data: string): void {
    const term = this.get(terminalId);
    if (term.info.exit) return;
    term.pty.write(data);
  }

  resize(terminalId: string, cols: number, rows: number): void {
    const term = this.get(terminalId);
    if (term.info.exit) return;
    term.pty.resize(cols, rows);
    term.info = { ...term.info, cols, rows };
  }

  list(sessionId?: string): TerminalInfo[] {
    return [...this.terminals.values()].filter((t) => sessionId === undefined || t.info.sessionId === sessionId).map((t) => t.info);
  }

  attach(terminalId: string): TerminalAttach {
    const term = this.get(terminalId);
    return { terminal: term.info, scrollback: term.scrollback.text(), end: term.scrollback.end };
  }

  /** What a terminal holds in the core (tests, diagnostics): output waiting to be sent, and kept. */
  stats(terminalId: string): { pid: number; pending: number; scrollback: number; paused: boolean } {
    const term = this.get(terminalId);
    return { pid: term.pty.pid, pending: term.pending.length, scrollback: term.scrollback.size, paused: term.paused };
  }

  /** End the shell and everything in its session; resolves when they are gone. */
  async close(terminalId: string): Promise<void> {
    const term = this.terminals.get(terminalId);
    if (!term) return;
    this.terminals.delete(terminalId);
    this.opts.emit({ type: 'terminal-closed', terminalId });
    await this.end(term);
  }

  /** The session closed: its terminals go with it. */
  async sessionClosed(sessionId: string): Promise<void> {
    await Promise.all(this.list(sessionId).map((t) => this.close(t.terminalId)));
  }

  /** App shutdown: no shell or child of one outlives clide. */
  async shutdown(): Promise<void> {
    this.closed = true;
    const all = [...this.terminals.values()];
    this.terminals.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await Promise.all(all.map((t) => this.end(t)));
  }

  private async end(term: Terminal): Promise<void> {
    const pid = term.pty.pid;
    if (pid > 1) await endProcessTree(pid, this.opts.graceMs ?? 2000);
    // Closing the PTY's master too: its reader must not keep the event loop alive.
    try {
      term.pty.kill('SIGKILL');
    } catch {
      // Already gone.
    }
    await Promise.race([term.exited, new Promise((r) => setTimeout(r, 1000).unref())]);
  }

  private output(term: Terminal, data: string): void {
    term.scrollback.append(data);
    term.pending += data;
    if (!term.paused && term.pending.length > PAUSE_BATCHES * this.batch) {
      term.paused = true;
      term.pty.pause();
    }
    this.timer ??= setTimeout(() => this.flush(), FRAME_MS);
  }

  private flush(): void {
    this.timer = undefined;
    let more = false;
    for (const term of this.terminals.values()) {
      this.flushTerminal(term, this.batch);
      if (term.pending) more = true;
    }
    if (more) this.timer = setTimeout(() => this.flush(), FRAME_MS);
  }

  private flushTerminal(term: Terminal, max: number): void {
    if (!term.pending) return;
    let take = Math.min(term.pending.length, max);
    // Never split a surrogate pair between two events.
    const code = term.pending.charCodeAt(take - 1);
    if (take < term.pending.length && code >= 0xd800 && code <= 0xdbff) take--;
    const data = term.pending.slice(0, take);
    this.opts.emit({ type: 'terminal-output', terminalId: term.info.terminalId, start: term.sent, data });
    term.pending = term.pending.slice(take);
    term.sent += take;
    if (term.paused && term.pending.length < this.batch && !term.info.exit) {
      term.paused = false;
      term.pty.resume();
    }
  }

  private shell(): string {
    const env = this.opts.env;
    if (process.platform === 'win32') return env.COMSPEC || 'cmd.exe';
    const fromEnv = env.SHELL?.trim();
    if (fromEnv && path.isAbsolute(fromEnv)) return fromEnv;
    try {
      const own = os.userInfo().shell;
      if (own) return own;
    } catch {
      // No password entry (some containers).
    }
    return '/bin/sh';
  }

  private get(terminalId: string): Terminal {
    const term = this.terminals.get(terminalId);
    if (!term) throw new ClideError({ kind: 'invalid-input', message: 'That terminal is closed.' });
    return term;
  }
}

/** How a shell is told to run one command line: `-lc` for POSIX shells, `/c` for cmd.exe. */
function commandArgs(command: string): string[] {
  if (process.platform === 'win32') return ['/c', command];
  return ['-lc', command];
}
