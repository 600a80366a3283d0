// One tab's Claude session: a lifecycle state machine around one `claude` process at a time
// (a resume starts a new process on the same Claude session id).
//
//   starting -> ready <-> working <-> waiting (a person must answer)
//        \         \          \           \
//         +---------+----------+-----------+--> ended (we closed it) | failed (it died)
//
// Rules kept here: a prompt a person never answered is never reported to Claude as their
// denial; every exit ends in a clear state with the cause and a way forward.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { PermissionRequest, SessionEvent, SessionInfo, SessionStatus } from '../../shared/events';
import type { ImageInput, PermissionDecision } from '../../shared/ipc';
import { ClideError, type AppError } from '../../shared/result';
import { Connection, type Ask } from './protocol/connection';
import type { ExitInfo } from './protocol/transport';
import { TESTED_CLI_VERSION } from './protocol/version';

export interface SessionOptions {
  id: string;
  cwd: string;
  claudePath: string;
  env: NodeJS.ProcessEnv;
  /** Start by resuming this Claude session id. */
  resume?: string;
  model?: string;
  permissionMode?: string;
  /** Grace periods, shortened by tests. */
  timings?: Partial<SessionTimings>;
  now?: () => number;
}

export interface SessionTimings {
  initializeMs: number;
  /** After Stop, how long the turn may take to end before the process is terminated. */
  interruptGraceMs: number;
  /** After closing stdin, how long the CLI gets to flush its session file and exit. */
  closeGraceMs: number;
  /** After SIGTERM, how long before SIGKILL. */
  termGraceMs: number;
}

const DEFAULT_TIMINGS: SessionTimings = { initializeMs: 30_000, interruptGraceMs: 10_000, closeGraceMs: 5_000, termGraceMs: 5_000 };

export const DENIED_BY_STOP = 'The user stopped this turn before answering.';

export class Session {
  readonly id: string;
  readonly cwd: string;
  private conn: Connection | undefined;
  private statusValue: SessionStatus = 'starting';
  private readonly pending = new Map<string, PermissionRequest>();
  private turnActive = false;
  private closing = false;
  private claudeSessionId: string | undefined;
  private cliVersionWarned = false;
  private interruptTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly timings: SessionTimings;
  private readonly now: () => number;
  private listener: (events: SessionEvent[]) => void = () => {};
  private exitPromise: Promise<void> = Promise.resolve();

  constructor(private readonly opts: SessionOptions) {
    this.id = opts.id;
    this.cwd = opts.cwd;
    this.timings = { ...DEFAULT_TIMINGS, ...opts.timings };
    this.now = opts.now ?? Date.now;
    this.claudeSessionId = opts.resume;
  }

  get status(): SessionStatus {
    return this.statusValue;
  }

  get pid(): number | undefined {
    return this.conn?.pid;
  }

  get sessionId(): string | undefined {
    return this.claudeSessionId;
  }

  /** Permission prompts waiting for a person, oldest first. */
  get pendingRequests(): PermissionRequest[] {
    return [...this.pending.values()];
  }

  onEvents(listener: (events: SessionEvent[]) => void): void {
    this.listener = listener;
  }

  /** Spawn the CLI and run the initialize handshake. Never throws: failures become events. */
  start(): void {
    this.closing = false;
    this.setStatus('starting');
    const cwdProblem = checkCwd(this.cwd);
    if (cwdProblem) return this.fail(cwdProblem, false);
    const args: string[] = [];
    if (this.claudeSessionId) args.push('--resume', this.claudeSessionId);
    if (this.opts.model) args.push('--model', this.opts.model);
    if (this.opts.permissionMode) args.push('--permission-mode', this.opts.permissionMode);
    let conn: Connection;
    try {
      conn = new Connection(
        { command: this.opts.claudePath, extraArgs: args, cwd: this.cwd, env: this.opts.env, now: this.now },
        {
          onEvents: (events) => this.fromCli(events),
          onAsk: (ask) => this.ask(ask),
          onWithdrawn: (requestId) => this.closePrompt(requestId, 'withdrawn'),
          onExit: (info, owed) => this.exited(conn, info, owed),
        },
      );
    } catch (err) {
      return this.fail({ kind: 'spawn-failed', message: `Could not start Claude: ${(err as Error).message}` }, false);
    }
    this.conn = conn;
    this.exitPromise = conn.transport.waitForExit().then(() => {});
    conn
      .initialize({}, this.timings.initializeMs)
      .then((info) => {
        if (this.conn !== conn) return;
        this.info(info);
        if (this.statusValue === 'starting') this.setStatus('ready');
      })
      .catch((err: unknown) => {
        if (this.conn !== conn || !conn.transport.running) return; // the exit path reports it
        const e = err instanceof ClideError ? err.info : { kind: 'internal' as const, message: String(err) };
        this.emit([this.notice('warning', 'initialize', `Claude did not complete the start-up handshake: ${e.message}`)]);
        if (this.statusValue === 'starting') this.setStatus('ready');
      });
  }

  /** Send a user message. While a turn runs, the CLI folds it into that turn. */
  send(text: string, images: readonly ImageInput[] = []): void {
    const conn = this.requireLive();
    if (!text.trim() && images.length === 0) throw new ClideError({ kind: 'invalid-input', message: 'The message is empty.' });
    conn.sendUser(text, images);
    this.emit([{ kind: 'user', id: randomUUID(), text, images: images.length || undefined, at: this.now() }]);
    this.turnActive = true;
    this.refreshStatus();
  }

  /** The person answered a prompt. */
  respond(requestId: string, decision: PermissionDecision): void {
    const conn = this.requireLive();
    const req = this.pending.get(requestId);
    if (!req || !conn.answerPermission(requestId, decision)) {
      throw new ClideError({ kind: 'invalid-input', message: 'That prompt is no longer waiting for an answer.' });
    }
    this.closePrompt(requestId, decision.behavior === 'allow' ? 'allowed' : 'denied', decision.behavior === 'deny' ? decision.message : undefined);
  }

  /** Stop the running turn: answer open prompts as stopped, send interrupt, escalate if it hangs. */
  async interrupt(): Promise<void> {
    const conn = this.requireLive();
    for (const req of [...this.pending.values()]) {
      if (conn.answerPermission(req.requestId, { behavior: 'deny', message: DENIED_BY_STOP, interrupt: true })) {
        this.closePrompt(req.requestId, 'cancelled');
      }
    }
    if (!this.turnActive) return;
    this.armInterruptEscalation(conn);
    await conn.request('interrupt', {}, this.timings.interruptGraceMs);
  }

  async setPermissionMode(mode: string): Promise<string> {
    const confirmed = await this.requireLive().setPermissionMode(mode);
    this.info({ permissionMode: confirmed });
    return confirmed;
  }

  async setModel(model: string): Promise<string> {
    const confirmed = await this.requireLive().setModel(model);
    this.info({ model: confirmed });
    return confirmed;
  }

  /**
   * Shut the process down: close stdin (the CLI flushes its session file and exits), then
   * SIGTERM the process group, then SIGKILL. Resolves when it is gone. Prompts still open are
   * not answered: closing a tab is not the person denying them.
   */
  async close(): Promise<void> {
    this.closing = true;
    const conn = this.conn;
    if (!conn || !conn.transport.running) {
      if (this.statusValue !== 'failed') this.setStatus('ended');
      return;
    }
    conn.endInput();
    if (await exitedWithin(conn, this.timings.closeGraceMs)) return this.exitPromise;
    conn.transport.kill('SIGTERM');
    if (await exitedWithin(conn, this.timings.termGraceMs)) return this.exitPromise;
    conn.transport.kill('SIGKILL');
    await this.exitPromise;
  }

  /** Start again after the process ended, resuming the same Claude session where possible. */
  restart(): void {
    if (this.conn?.transport.running) throw new ClideError({ kind: 'session-busy', message: 'The session is still running.' });
    this.start();
  }

  // ---- internals -------------------------------------------------------------------------

  private requireLive(): Connection {
    const conn = this.conn;
    if (!conn || !conn.transport.running || this.closing) {
      throw new ClideError({
        kind: 'not-running',
        message: 'This session has ended.',
        hint: this.claudeSessionId ? 'Resume it to continue the conversation.' : 'Start a new session.',
      });
    }
    return conn;
  }

  private fromCli(events: SessionEvent[]): void {
    const out: SessionEvent[] = [];
    for (const e of events) {
      out.push(e);
      if (e.kind === 'info') {
        if (e.info.claudeSessionId) this.claudeSessionId = e.info.claudeSessionId;
        out.push(...this.versionCanary(e.info));
      } else if (e.kind === 'result') {
        this.turnActive = false;
        this.clearInterruptEscalation();
      }
    }
    this.emit(out);
    this.refreshStatus();
  }

  private info(info: SessionInfo): void {
    this.emit([{ kind: 'info', info }, ...this.versionCanary(info)]);
  }

  private versionCanary(info: SessionInfo): SessionEvent[] {
    if (!info.cliVersion || this.cliVersionWarned) return [];
    if (info.cliVersion === TESTED_CLI_VERSION) return [{ kind: 'info', info: { testedCliVersion: TESTED_CLI_VERSION } }];
    this.cliVersionWarned = true;
    return [
      { kind: 'info', info: { testedCliVersion: TESTED_CLI_VERSION } },
      this.notice(
        'warning',
        'cli-version',
        `Claude Code ${info.cliVersion} is installed; this version of clide was tested with ${TESTED_CLI_VERSION}. Most things should work; anything odd may come from the difference.`,
      ),
    ];
  }

  private ask(ask: Ask): void {
    this.pending.set(ask.request.requestId, ask.request);
    this.emit([{ kind: 'permission', request: ask.request }]);
    this.refreshStatus();
  }

  private closePrompt(requestId: string, outcome: 'allowed' | 'denied' | 'cancelled' | 'withdrawn', message?: string): void {
    const req = this.pending.get(requestId);
    if (!req) return;
    this.pending.delete(requestId);
    this.emit([{ kind: 'permission-closed', requestId, toolUseId: req.toolUseId, outcome, message }]);
    this.refreshStatus();
  }

  private exited(conn: Connection, info: ExitInfo, owed: string[]): void {
    if (this.conn !== conn) return;
    this.clearInterruptEscalation();
    // Prompts the CLI can no longer receive an answer for.
    for (const id of owed) this.closePrompt(id, 'withdrawn');
    for (const id of [...this.pending.keys()]) this.closePrompt(id, 'withdrawn');
    const wasTurn = this.turnActive;
    this.turnActive = false;
    if (info.spawnError) return this.fail(spawnError(info.spawnError, this.opts.claudePath), false);
    if (this.closing) return this.setStatus('ended');
    const stderr = conn.transport.stderrTail().trim();
    if (info.code === 0 && !wasTurn) {
      this.emit([this.notice('info', 'exited', 'Claude exited.')]);
      return this.setStatus('ended');
    }
    const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
    this.fail(
      {
        kind: 'process-exit',
        message: `Claude ${how}${wasTurn ? ' in the middle of a turn' : ''}.`,
        hint: this.claudeSessionId ? 'Resume to continue the conversation where it stopped.' : 'Start a new session.',
        detail: stderr || undefined,
        exitCode: info.code,
        signal: info.signal,
      },
      this.claudeSessionId !== undefined,
    );
  }

  private fail(error: AppError, resumable: boolean): void {
    this.emit([{ kind: 'failure', error, resumable }]);
    this.setStatus('failed');
  }

  private armInterruptEscalation(conn: Connection): void {
    this.clearInterruptEscalation();
    this.interruptTimer = setTimeout(() => {
      if (this.conn !== conn || !this.turnActive || !conn.transport.running) return;
      this.emit([this.notice('warning', 'interrupt-escalated', 'Claude did not stop in time; the process was terminated.')]);
      this.closing = true;
      conn.transport.kill('SIGTERM');
      setTimeout(() => conn.transport.kill('SIGKILL'), this.timings.termGraceMs).unref();
    }, this.timings.interruptGraceMs);
    this.interruptTimer.unref?.();
  }

  private clearInterruptEscalation(): void {
    if (this.interruptTimer) clearTimeout(this.interruptTimer);
    this.interruptTimer = undefined;
  }

  private refreshStatus(): void {
    if (this.statusValue === 'ended' || this.statusValue === 'failed') return;
    if (this.pending.size > 0) return this.setStatus('waiting');
    if (this.turnActive) return this.setStatus('working');
    if (this.statusValue !== 'starting') this.setStatus('ready');
  }

  private setStatus(status: SessionStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    this.emit([{ kind: 'status', status }]);
  }

  private emit(events: SessionEvent[]): void {
    if (events.length > 0) this.listener(events);
  }

  private notice(level: 'info' | 'warning' | 'error', code: string, text: string): SessionEvent {
    return { kind: 'notice', id: randomUUID(), level, code, text, at: this.now() };
  }
}

function checkCwd(cwd: string): AppError | undefined {
  try {
    if (fs.statSync(cwd).isDirectory()) return undefined;
    return { kind: 'cwd-missing', message: `The working directory is not a folder: ${cwd}`, hint: 'Choose an existing folder for the session.' };
  } catch {
    return { kind: 'cwd-missing', message: `The working directory does not exist: ${cwd}`, hint: 'Choose an existing folder for the session.' };
  }
}

function spawnError(err: NodeJS.ErrnoException, path: string): AppError {
  if (err.code === 'ENOENT') {
    return {
      kind: 'cli-not-found',
      message: `Claude Code was not found at ${path}.`,
      hint: 'Install Claude Code (npm install -g @anthropic-ai/claude-code) or set CLIDE_CLAUDE_PATH to the claude executable.',
    };
  }
  if (err.code === 'EACCES') {
    return { kind: 'cli-not-executable', message: `${path} is not executable.`, hint: `Make it executable (chmod +x ${path}) or point CLIDE_CLAUDE_PATH at the right file.` };
  }
  return { kind: 'spawn-failed', message: `Could not start Claude: ${err.message}` };
}

async function exitedWithin(conn: Connection, ms: number): Promise<boolean> {
  if (!conn.transport.running) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([conn.transport.waitForExit().then(() => true as const), timeout]);
  if (timer) clearTimeout(timer);
  return result;
}
