// One tab's Claude session: one `claude` process at a time (a resume starts a new process on
// the same Claude session id), driven by the lifecycle in lifecycle.ts.
//
// Rules kept here: a prompt a person never answered is never reported to Claude as their
// denial; every exit ends in a clear state with the cause and a way forward; stopping and
// closing always finish, even when the process ignores us.
import { randomUUID } from 'node:crypto';
import type {
  ContextUsage,
  LivenessState,
  McpServerStatus,
  PermissionRequest,
  RewindResult,
  SessionEvent,
  SessionInfo,
  SessionStatus,
} from '../../shared/events';
import type { ImageInput, PermissionDecision } from '../../shared/ipc';
import { ClideError, type AppError } from '../../shared/result';
import { hasProcess, isLive, statusOf, transition, type LifecycleEvent, type Phase } from './lifecycle';
import { Connection, type Ask } from './protocol/connection';
import { THE_PERSON, type Speaker } from './protocol/outbound';
import type { ExitInfo } from './protocol/transport';
import { TESTED_CLI_VERSION } from './protocol/version';
import { bypassChoice } from './bypass';
import { spawnArgs } from './spawn-args';
import { cwdProblem, spawnProblem } from './spawn-errors';
import { Watchdog } from './watchdog';
import { DEFAULT_TIMINGS, DENIED_BY_STOP, type SessionOptions, type SessionTimings } from './session-options';
import { exitedWithin, refused, shareRepeatedOutput } from './session-helpers';

export { DEFAULT_TIMINGS, DENIED_BY_STOP, type SessionLimits, type SessionOptions, type SessionTimings } from './session-options';
export { shareRepeatedOutput } from './session-helpers';

export class Session {
  readonly id: string;
  readonly cwd: string;
  private conn: Connection | undefined;
  private phaseValue: Phase = 'idle';
  private statusValue: SessionStatus = 'starting';
  private livenessValue: LivenessState = 'ok';
  private readonly pending = new Map<string, PermissionRequest>();
  private turnActive = false;
  /** Streaming messages not yet ended: closed as aborted if the process dies mid-message. */
  private readonly openMessages = new Set<string>();
  private claudeSessionId: string | undefined;
  /** A fork the CLI has not written yet (it does at the first message): a restart forks again. */
  private pendingFork: { from: string; sessionId: string; at?: string } | undefined;
  private model: string | undefined;
  private permissionMode: string | undefined;
  private cliVersionWarned = false;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  private termination: 'stop-timeout' | 'kill' | undefined;
  private watchdog: Watchdog | undefined;
  private closing: Promise<void> | undefined;
  private readonly timings: SessionTimings;
  private readonly now: () => number;
  private listener: (events: SessionEvent[]) => void = () => {};
  private turnEndWaiters: Array<() => void> = [];

  constructor(private readonly opts: SessionOptions) {
    this.id = opts.id;
    this.cwd = opts.cwd;
    this.timings = { ...DEFAULT_TIMINGS, ...opts.timings };
    this.now = opts.now ?? Date.now;
    this.claudeSessionId = opts.fork ? opts.fork.sessionId : opts.resume;
    this.pendingFork = opts.fork && opts.resume ? { from: opts.resume, ...opts.fork } : undefined;
    this.model = opts.model;
    this.permissionMode = opts.permissionMode;
  }

  get status(): SessionStatus {
    return this.statusValue;
  }

  /** The fine-grained lifecycle phase (see lifecycle.ts). */
  get phase(): Phase {
    return this.phaseValue;
  }

  get liveness(): LivenessState {
    return this.livenessValue;
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

  /** The live connection, for diagnostics and tests (undefined once it has exited). */
  get connection(): Connection | undefined {
    return this.conn?.transport.running ? this.conn : undefined;
  }

  onEvents(listener: (events: SessionEvent[]) => void): void {
    this.listener = listener;
  }

  /** Spawn the CLI and run the initialize handshake. Never throws for spawn problems: they become events. */
  start(): void {
    this.go({ type: 'start' });
    this.closing = undefined;
    this.termination = undefined;
    this.turnActive = false;
    // A remote folder is checked there, by the launch line.
    const dir = this.opts.place ? undefined : cwdProblem(this.cwd);
    if (dir) return this.startFailed(dir, this.claudeSessionId !== undefined);
    let args: string[];
    const bypass = bypassChoice(this.opts.env);
    try {
      args = [...bypass.args, ...spawnArgs({ resume: this.pendingFork?.from ?? this.claudeSessionId, fork: this.pendingFork, model: this.model, permissionMode: this.permissionMode })];
    } catch (err) {
      return this.startFailed(err instanceof ClideError ? err.info : { kind: 'internal', message: String(err) }, false);
    }
    const limits = this.opts.limits ?? {};
    let conn: Connection;
    try {
      conn = new Connection(
        {
          command: this.opts.claudePath,
          extraArgs: args,
          cwd: this.cwd,
          env: this.opts.env,
          now: this.now,
          maxLineBytes: limits.maxLineBytes,
          stderrLimit: limits.stderrBytes,
          maxQueuedChars: limits.maxQueuedChars,
          launch: this.opts.place && ((spec) => this.opts.place!.launch(spec)),
          ...this.opts.extensions,
        },
        {
          onEvents: (events) => this.fromCli(conn, events),
          onAsk: (ask) => this.ask(conn, ask),
          onWithdrawn: (requestId) => this.closePrompt(requestId, 'withdrawn'),
          onActivity: () => this.watchdog?.activity(),
          onExit: (info, owed) => this.exited(conn, info, owed),
        },
      );
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      return this.startFailed(e.code ? spawnProblem(e, this.opts.claudePath, this.cwd) : { kind: 'spawn-failed', message: `Could not start Claude: ${e.message}` }, false);
    }
    this.conn = conn;
    if (conn.pid !== undefined) this.opts.tracker?.spawned(conn.pid, this.id);
    this.emit([{ kind: 'info', info: { bypassAvailable: bypass.available, bypassUnavailableReason: bypass.reason } }]);
    this.watchdog?.dispose();
    this.watchdog = new Watchdog({
      silenceMs: this.timings.silenceMs,
      now: this.now,
      lastOutput: () => conn.transport.lastOutputAt,
      onChange: (silent, since) => this.silenceChanged(silent, since),
    });
    conn
      .initialize({}, this.timings.initializeMs)
      .then((info) => {
        if (this.conn !== conn) return;
        if (conn.pid !== undefined) this.opts.tracker?.settled(conn.pid);
        this.info(info);
        this.go({ type: 'handshake' });
      })
      .catch((err: unknown) => {
        if (this.conn !== conn || !conn.transport.running || this.phaseValue !== 'starting') return; // the exit path reports it
        const e = err instanceof ClideError ? err.info : { kind: 'internal' as const, message: String(err) };
        this.emit([this.notice('warning', 'initialize', `Claude did not complete the start-up handshake: ${e.message}`)]);
        this.go({ type: 'handshake' });
      });
  }

  /**
   * Send a user message, stamped with who wrote it: the person (typed, queued or steered), unless
   * the team broker says another session did. While a turn runs, the CLI folds it into that turn.
   */
  send(text: string, images: readonly ImageInput[] = [], speaker: Speaker = THE_PERSON): void {
    if (!text.trim() && images.length === 0) throw new ClideError({ kind: 'invalid-input', message: 'The message is empty.' });
    this.check({ type: 'send' });
    const conn = this.requireLive();
    // Throws (and changes nothing) if the CLI is gone or not reading: the caller keeps the text.
    // The echo takes the uuid the message was sent with: rewindFiles() names a message by it.
    const uuid = conn.sendUser(text, images, speaker);
    this.emit([{ kind: 'user', id: uuid, text, images: images.length || undefined, at: this.now() }]);
    this.turnActive = true;
    this.go({ type: 'send' });
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

  /**
   * Stop the running turn: answer open prompts as stopped, send interrupt, and terminate the
   * process if the turn has not ended after the grace period. Resolves once the interrupt was
   * answered (or given up on); the phase and liveness events tell what really happened.
   */
  async interrupt(): Promise<void> {
    this.check({ type: 'stop' });
    const conn = this.requireProcess();
    this.cancelPrompts(conn);
    if (!this.turnActive || this.phaseValue === 'stopping' || !isLive(this.phaseValue)) return;
    this.go({ type: 'stop' });
    this.armStopEscalation(conn);
    try {
      await conn.request('interrupt', {}, this.timings.interruptGraceMs);
    } catch {
      // Refused, timed out or the process died: the escalation timer or the exit path reports it.
    }
  }

  /** End the process by force (the person chose Kill, e.g. on a session that is not responding). */
  async kill(): Promise<void> {
    this.check({ type: 'kill' });
    const conn = this.conn;
    if (!conn || !conn.transport.running) return;
    if (this.phaseValue !== 'terminating' && this.phaseValue !== 'closing') this.terminate(conn, 'kill');
    await conn.transport.waitForExit();
  }

  // ---- outbound requests: each asks the live CLI something and returns its typed answer ------

  async setPermissionMode(mode: string): Promise<string> {
    const confirmed = await this.requireLive().setPermissionMode(mode);
    this.permissionMode = confirmed;
    this.info({ permissionMode: confirmed });
    return confirmed;
  }

  async setModel(model: string): Promise<string> {
    const confirmed = await this.requireLive().setModel(model);
    this.model = confirmed;
    this.info({ model: confirmed });
    return confirmed;
  }

  /** null restores the CLI's default thinking budget. */
  async setMaxThinkingTokens(tokens: number | null): Promise<void> {
    await this.requireLive().setMaxThinkingTokens(tokens);
    this.info({ maxThinkingTokens: tokens });
  }

  async setEffort(level: string): Promise<void> {
    await this.requireLive().setEffort(level);
    this.info({ effortLevel: level });
  }

  getContextUsage(): Promise<ContextUsage> {
    return this.requireLive().getContextUsage();
  }

  mcpStatus(): Promise<McpServerStatus[]> {
    return this.requireLive().mcpStatus();
  }

  /** Restore files to their state at a user message (its transcript item id); dryRun only previews. */
  rewindFiles(userMessageId: string, dryRun = false): Promise<RewindResult> {
    return this.requireLive().rewindFiles(userMessageId, dryRun);
  }

  stopTask(taskId: string): Promise<void> {
    return this.requireLive().stopTask(taskId);
  }

  /**
   * Name the session. The title is the app's (tabs, history, the team broker use it) and is
   * also sent to a live CLI with rename_session so its own transcript carries it; an ended
   * session or a CLI that refuses keeps the local title.
   */
  async rename(title: string): Promise<void> {
    this.info({ title });
    const conn = this.conn;
    if (!conn || !conn.transport.running || this.closing) return;
    try {
      await conn.renameSession(title, this.claudeSessionId);
    } catch {
      // Older CLIs or a session that moved on: the local title still stands.
    }
  }

  // ---- shutdown -------------------------------------------------------------------------------

  /**
   * Shut the process down and resolve when it (and anything it started) is gone:
   * interrupt a running turn (so the CLI stops working and withdraws its prompts instead of
   * carrying on unattended), close stdin (the CLI flushes its session file and exits), then
   * SIGTERM the process group, then SIGKILL. Open prompts are not answered: closing a tab is
   * not the person denying them.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /** Start again after the process ended, resuming the same Claude session where possible. */
  restart(): void {
    if (this.conn?.transport.running || hasProcess(this.phaseValue)) {
      throw new ClideError({ kind: 'session-busy', message: 'The session is still running.', hint: 'Stop or close it first.' });
    }
    this.start();
  }

  // ---- internals -------------------------------------------------------------------------------

  private async shutdown(): Promise<void> {
    const conn = this.conn;
    const wasTurn = this.turnActive && isLive(this.phaseValue);
    const wasStopping = this.phaseValue === 'stopping';
    this.go({ type: 'close' });
    this.clearStopEscalation();
    if (!conn || conn.pid === undefined) return;
    if (conn.transport.running) {
      if (wasTurn && !wasStopping) conn.request('interrupt', {}, this.timings.closeInterruptMs).catch(() => {});
      if (wasTurn) await this.turnEndedWithin(conn, this.timings.closeInterruptMs);
      conn.endInput();
      if (!(await exitedWithin(conn, this.timings.closeGraceMs))) {
        conn.transport.kill('SIGTERM');
        if (!(await exitedWithin(conn, this.timings.termGraceMs))) {
          conn.transport.kill('SIGKILL');
          await exitedWithin(conn, 5_000);
        }
      }
    }
    await conn.transport.endGroup(this.timings.termGraceMs);
    this.opts.tracker?.gone(conn.pid);
  }

  private check(e: LifecycleEvent): void {
    const r = transition(this.phaseValue, e);
    if (!r.ok) throw refused(r.reason, this.phaseValue, this.claudeSessionId !== undefined);
  }

  /** Apply a lifecycle event; emits status and liveness changes. Illegal events are ignored. */
  private go(e: LifecycleEvent): void {
    const r = transition(this.phaseValue, e);
    if (!r.ok) {
      if (e.type === 'start') throw refused(r.reason, this.phaseValue, false);
      return;
    }
    if (r.phase === this.phaseValue) return;
    this.phaseValue = r.phase;
    this.watchdog?.setWorking(r.phase === 'working');
    if (r.phase === 'ready' || r.phase === 'ended' || r.phase === 'failed') this.flushTurnEndWaiters();
    const status = statusOf(r.phase);
    if (status !== this.statusValue) {
      this.statusValue = status;
      this.emit([{ kind: 'status', status }]);
    }
    this.refreshLiveness();
  }

  private refreshLiveness(): void {
    const p = this.phaseValue;
    const state: LivenessState =
      p === 'stopping' || p === 'terminating' || p === 'closing' ? p : p === 'working' && this.watchdog?.isSilent ? 'not-responding' : 'ok';
    if (state === this.livenessValue) return;
    this.livenessValue = state;
    this.emit([{ kind: 'liveness', state, at: this.now() }]);
  }

  private silenceChanged(silent: boolean, since: number): void {
    if (silent && this.phaseValue === 'working') {
      this.livenessValue = 'not-responding';
      this.emit([{ kind: 'liveness', state: 'not-responding', since, at: this.now() }]);
    } else {
      this.refreshLiveness();
    }
  }

  private requireLive(): Connection {
    const conn = this.conn;
    if (!conn || !conn.transport.running || !isLive(this.phaseValue)) throw refused('not-running', this.phaseValue, this.claudeSessionId !== undefined);
    return conn;
  }

  private requireProcess(): Connection {
    const conn = this.conn;
    if (!conn || !conn.transport.running) throw refused('not-running', this.phaseValue, this.claudeSessionId !== undefined);
    return conn;
  }

  private fromCli(conn: Connection, events: SessionEvent[]): void {
    if (this.conn !== conn) return;
    const out: SessionEvent[] = [];
    let turnEnded = false;
    // A reply while no turn of ours runs: the CLI started a turn itself (after a background
    // task or subagent finished). It is a turn like any other: working until its result.
    let selfStarted = false;
    for (const e of events) {
      out.push(e);
      if (e.kind === 'block-start') {
        this.openMessages.add(e.messageId);
        if (!this.turnActive && !turnEnded) selfStarted = true;
      } else if (e.kind === 'message-end') this.openMessages.delete(e.messageId);
      else if (e.kind === 'info') {
        if (e.info.claudeSessionId) {
          this.claudeSessionId = e.info.claudeSessionId;
          this.pendingFork = undefined;
        }
        out.push(...this.versionCanary(e.info));
      } else if (e.kind === 'result') turnEnded = true;
      else if (e.kind === 'tool-result') shareRepeatedOutput(e);
    }
    this.watchdog?.observe(events);
    this.emit(out);
    if (selfStarted && !turnEnded && this.phaseValue === 'ready') {
      this.turnActive = true;
      this.go({ type: 'send' });
    }
    if (turnEnded) {
      this.turnActive = false;
      this.flushTurnEndWaiters();
      this.clearStopEscalation();
      // A result with prompts still open means the CLI gave up on them.
      for (const id of [...this.pending.keys()]) if (!conn.isOwed(id)) this.closePrompt(id, 'withdrawn');
      this.go({ type: 'turn-ended' });
    }
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

  private ask(conn: Connection, ask: Ask): void {
    if (this.conn !== conn) return;
    const id = ask.request.requestId;
    if (this.phaseValue === 'stopping') {
      // Asked after Stop was pressed: the person already said to stop.
      if (conn.answerPermission(id, { behavior: 'deny', message: DENIED_BY_STOP, interrupt: true })) return;
    }
    this.pending.set(id, ask.request);
    this.emit([{ kind: 'permission', request: ask.request }]);
    this.go({ type: 'ask' });
  }

  private cancelPrompts(conn: Connection): void {
    for (const req of [...this.pending.values()]) {
      if (conn.answerPermission(req.requestId, { behavior: 'deny', message: DENIED_BY_STOP, interrupt: true })) {
        this.closePrompt(req.requestId, 'cancelled');
      }
    }
  }

  private closePrompt(requestId: string, outcome: 'allowed' | 'denied' | 'cancelled' | 'withdrawn', message?: string): void {
    const req = this.pending.get(requestId);
    if (!req) return;
    this.pending.delete(requestId);
    this.emit([{ kind: 'permission-closed', requestId, toolUseId: req.toolUseId, outcome, message }]);
    if (this.pending.size === 0) this.go({ type: 'prompts-cleared', turn: this.turnActive });
  }

  private exited(conn: Connection, info: ExitInfo, owed: string[]): void {
    if (this.conn !== conn) return;
    this.clearStopEscalation();
    this.watchdog?.dispose();
    const out: SessionEvent[] = [];
    // Keep what streamed, but mark it as cut off rather than leaving it "still typing".
    for (const messageId of this.openMessages) out.push({ kind: 'message-end', messageId, aborted: true });
    this.openMessages.clear();
    this.emit(out);
    // Prompts the CLI can no longer receive an answer for.
    for (const id of owed) this.closePrompt(id, 'withdrawn');
    for (const id of [...this.pending.keys()]) this.closePrompt(id, 'withdrawn');
    const wasTurn = this.turnActive;
    this.turnActive = false;
    const resumable = this.claudeSessionId !== undefined;
    const stderr = conn.transport.stderrTail().trim();
    const placeProblem = this.opts.place?.exitProblem(info, stderr, resumable);
    if (info.spawnError) {
      return this.startFailed(placeProblem ?? spawnProblem(info.spawnError, this.opts.claudePath, this.cwd), resumable);
    }
    if (!this.closing) {
      // Descendants of a process that died on its own are ended too; nobody else will.
      void conn.transport.endGroup(this.timings.termGraceMs).then(() => {
        if (conn.pid !== undefined) this.opts.tracker?.gone(conn.pid);
      });
    }
    if (this.phaseValue === 'closing') return this.go({ type: 'exited', clean: true });
    const hint = resumable ? 'Resume to continue the conversation where it stopped.' : 'Start a new session.';
    if (this.phaseValue === 'terminating') {
      const why =
        this.termination === 'kill'
          ? 'Claude was ended by force, as you asked.'
          : `Claude did not stop within ${Math.round(this.timings.interruptGraceMs / 1000)} s of being asked, so clide ended it.`;
      return this.fail({ kind: 'process-exit', message: why, hint, detail: stderr || undefined, exitCode: info.code, signal: info.signal }, resumable);
    }
    if (placeProblem) return this.fail(placeProblem, resumable);
    const clean = info.code === 0 && !info.signal && !wasTurn;
    if (clean) {
      this.emit([this.notice('info', 'exited', 'Claude exited.')]);
      return this.go({ type: 'exited', clean: true });
    }
    const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
    const when = this.phaseValue === 'starting' ? ' while starting' : wasTurn ? ' in the middle of a turn' : '';
    this.fail({ kind: 'process-exit', message: `Claude ${how}${when}.`, hint, detail: stderr || undefined, exitCode: info.code, signal: info.signal }, resumable);
  }

  private startFailed(error: AppError, resumable: boolean): void {
    this.emit([{ kind: 'failure', error, resumable }]);
    this.go({ type: 'spawn-failed' });
  }

  private fail(error: AppError, resumable: boolean): void {
    this.emit([{ kind: 'failure', error, resumable }]);
    this.go({ type: 'exited', clean: false });
  }

  private terminate(conn: Connection, why: 'stop-timeout' | 'kill'): void {
    this.termination = why;
    this.clearStopEscalation();
    this.go(why === 'kill' ? { type: 'kill' } : { type: 'stop-timeout' });
    conn.transport.kill('SIGTERM');
    const timer = setTimeout(() => conn.transport.kill('SIGKILL'), this.timings.termGraceMs);
    timer.unref?.();
    void conn.transport.waitForExit().then(() => clearTimeout(timer));
  }

  private armStopEscalation(conn: Connection): void {
    this.clearStopEscalation();
    this.stopTimer = setTimeout(() => {
      this.stopTimer = undefined;
      if (this.conn !== conn || this.phaseValue !== 'stopping' || !conn.transport.running) return;
      this.emit([this.notice('warning', 'interrupt-escalated', 'Claude did not stop in time; clide is ending the process.')]);
      this.terminate(conn, 'stop-timeout');
    }, this.timings.interruptGraceMs);
    this.stopTimer.unref?.();
  }

  private clearStopEscalation(): void {
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = undefined;
  }

  private turnEndedWithin(conn: Connection, ms: number): Promise<void> {
    if (!this.turnActive || !conn.transport.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.turnEndWaiters.push(done);
      void conn.transport.waitForExit().then(done);
    });
  }

  private flushTurnEndWaiters(): void {
    for (const w of this.turnEndWaiters.splice(0)) w();
  }

  private emit(events: SessionEvent[]): void {
    if (events.length > 0) this.listener(events);
  }

  private notice(level: 'info' | 'warning' | 'error', code: string, text: string): SessionEvent {
    return { kind: 'notice', id: randomUUID(), level, code, text, at: this.now() };
  }
}

