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
import type { ImageInput, PermissionDecision, PromptAnswer } from '../../shared/ipc';
import type { McpAppResource, McpChange } from '../../shared/mcp';
import type { ReloadReport } from '../../shared/reload';
import type { HooksState } from '../../shared/rules';
import type { TaskOutput } from '../../shared/tasks';
import { ClideError, type AppError } from '../../shared/result';
import { hasProcess, isDormant, isLive, statusOf, transition, type LifecycleEvent, type Phase } from './lifecycle';
import { Connection, type Ask } from './protocol/connection';
import type { ListedRules } from './protocol/rules-control';
import type { SideAnswer, SideExchange, SideQuestionOptions } from './protocol/requests';
import type { PlanUsage } from '../../shared/usage';
import { THE_PERSON, type Speaker } from './protocol/outbound';
import type { ExitInfo } from './protocol/transport';
import { TESTED_CLI_VERSION } from './protocol/version';
import { bypassChoice } from './bypass';
import { modelProblem, permissionModeProblem } from './spawn-args';
import type { SpawnSpec } from './spare-process';
import { bypassRefused, cachedInfoEvents, specFor, type CachedStart, type PendingSend } from './lazy-start';
import { cwdProblem, spawnProblem } from './spawn-errors';
import { Watchdog } from './watchdog';
import { DEFAULT_TIMINGS, type SessionOptions, type SessionTimings } from './session-options';
import { exitedWithin, refused, shareRepeatedOutput, versionEvents } from './session-helpers';
import { McpWatch } from './mcp-watch';
import { Reloader } from './reload';
import { answerPrompt, answerStopped, closedNotice } from './prompt-answers';

export { DEFAULT_TIMINGS, DENIED_BY_STOP, type SessionLimits, type SessionOptions, type SessionTimings } from './session-options';
export { shareRepeatedOutput } from './session-helpers';

/** Reading an app's UI may first connect its server, as a tool call would: longer than the usual control timeout. */
const MCP_READ_TIMEOUT_MS = 60_000;

export class Session {
  readonly id: string;
  readonly cwd: string;
  private conn: Connection | undefined;
  private phaseValue: Phase = 'idle';
  private statusValue: SessionStatus = 'starting';
  private livenessValue: LivenessState = 'ok';
  private readonly pending = new Map<string, PermissionRequest>();
  private turnActive = false;
  /** Why Claude Code refused to start, as its last result said: what its exit is shown as. */
  private refusedStart: { error: AppError; resumable: boolean } | undefined;
  /** Streaming messages not yet ended: closed as aborted if the process dies mid-message. */
  private readonly openMessages = new Set<string>();
  private claudeSessionId: string | undefined;
  /** A fork the CLI has not written yet (it does at the first message): a restart forks again. */
  private pendingFork: { from: string; sessionId: string; at?: string } | undefined;
  private model: string | undefined;
  private permissionMode: string | undefined;
  /** Opened restricted: the folder's own settings, hooks, MCP servers and CLAUDE.md stay off. */
  private restrictedValue = false;
  private cliVersionWarned = false;
  private stopTimer: ReturnType<typeof setTimeout> | undefined;
  private termination: 'stop-timeout' | 'kill' | undefined;
  private watchdog: Watchdog | undefined;
  private closing: Promise<void> | undefined;
  private readonly timings: SessionTimings;
  private readonly now: () => number;
  private listener: (events: SessionEvent[]) => void = () => {};
  private turnEndWaiters: Array<() => void> = [];
  private readonly mcp: McpWatch;
  private readonly reloader: Reloader;
  /** Settings chosen for this session with apply_flag_settings: given again to each new process (after parking, a restart). */
  private flags: { effortLevel?: string; outputStyle?: string } = {};
  private startWaiters: Array<() => void> = [];
  /** Messages sent while the process could not start yet (parking, or another still holds the session). */
  private waking: PendingSend[] | undefined;
  /** The parked process's exit, while it is on its way out. */
  private parkingExit: Promise<void> | undefined;
  /** What was written into the current (or last) turn, in order: sent again when a usage limit stopped it. */
  private turnInputs: Array<Omit<PendingSend, 'uuid'>> = [];

  constructor(private readonly opts: SessionOptions) {
    this.id = opts.id;
    this.cwd = opts.cwd;
    this.timings = { ...DEFAULT_TIMINGS, ...opts.timings };
    this.now = opts.now ?? Date.now;
    this.claudeSessionId = opts.fork ? opts.fork.sessionId : opts.resume;
    this.pendingFork = opts.fork && opts.resume ? { from: opts.resume, ...opts.fork } : undefined;
    this.model = opts.model;
    this.permissionMode = opts.permissionMode;
    this.mcp = new McpWatch({ emit: (mcp) => this.info({ mcp }), now: this.now });
    this.reloader = new Reloader({
      awake: () => this.awake(),
      live: () => this.connection,
      turnEnded: () => this.nextTurnEnd(),
      emit: (events) => this.emit(events),
      info: (info) => this.info(info),
      refreshMcp: (conn) => this.mcp.refreshSoon(conn),
      now: this.now,
    });
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

  /** The --model the process starts (or started) with, if one was chosen. */
  get modelChoice(): string | undefined {
    return this.model;
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

  /**
   * A tab with no process yet: say so, and show what the last `initialize` in this folder told
   * (models, commands, version), as the tab would look once Claude has started.
   */
  prepare(cached: CachedStart | undefined): void {
    if (this.phaseValue !== 'idle') return;
    this.statusValue = statusOf('idle');
    const bypass = bypassChoice(this.opts.env);
    this.emit([
      { kind: 'status', status: this.statusValue },
      { kind: 'info', info: { bypassAvailable: bypass.available, bypassUnavailableReason: bypass.reason } },
    ]);
    if (cached) this.showCached(cached);
  }

  /** Fill a tab that has not started from a cached `initialize` answer (it arrived later). */
  showCached(cached: CachedStart): void {
    if (this.phaseValue !== 'idle') return;
    const info = cachedInfoEvents(cached, this.permissionMode);
    this.info(info);
  }

  /** The command line this session's process would be spawned with now (undefined: it cannot be). */
  spawnSpec(): SpawnSpec | undefined {
    try {
      return this.buildSpec();
    } catch {
      return undefined;
    }
  }

  /**
   * Whether the spare may be spawned for this session: it has no process, nothing stands in the
   * way of starting one, and it is no fork (a fork names its new session id on the command line).
   */
  get wantsSpare(): boolean {
    if (!isDormant(this.phaseValue) || this.waking || this.pendingFork || this.closing) return false;
    try {
      this.mayStart();
    } catch {
      return false;
    }
    return cwdProblem(this.cwd) === undefined;
  }

  /** Throws when a process may not start now: a worktree not ready, a folder not trusted. */
  private mayStart(): void {
    this.opts.gate?.();
    if (!this.restrictedValue) this.opts.trusted?.();
  }

  get restricted(): boolean {
    return this.restrictedValue;
  }

  /** From the next start on, the process reads only the person's own settings (spawn-args.ts RESTRICTED_ARGS). */
  restrict(): void {
    this.restrictedValue = true;
  }

  /**
   * Spawn the CLI and run the initialize handshake. Never throws for spawn problems: they become
   * events. Throws when the folder is not trusted (nothing is spawned).
   */
  start(): void {
    const allowed = transition(this.phaseValue, { type: 'start' });
    if (!allowed.ok) throw refused(allowed.reason, this.phaseValue, false);
    // The last word before anything is spawned, whoever asked for the process.
    if (!this.restrictedValue) this.opts.trusted?.();
    // A remote folder is checked there, by the launch line.
    const dir = this.opts.place ? undefined : cwdProblem(this.cwd);
    let spec: SpawnSpec | undefined;
    let bad: AppError | undefined;
    try {
      spec = this.buildSpec();
    } catch (err) {
      bad = err instanceof ClideError ? err.info : { kind: 'internal', message: String(err) };
    }
    // Claimed before the status changes: whoever hears of that change may plan the spare anew.
    // (The spare is a local process: never for a session on a remote host.)
    const spawned = spec && !dir && !this.opts.place ? this.opts.spare?.claim(spec) : undefined;
    this.go({ type: 'start' });
    this.closing = undefined;
    this.termination = undefined;
    this.turnActive = false;
    if (dir) return this.startFailed(dir, this.claudeSessionId !== undefined);
    if (!spec) return this.startFailed(bad ?? { kind: 'internal', message: 'No command line.' }, false);
    const bypass = bypassChoice(this.opts.env);
    const limits = this.opts.limits ?? {};
    let conn: Connection;
    try {
      conn = new Connection(
        {
          command: this.opts.claudePath,
          extraArgs: spec.args,
          cwd: this.cwd,
          env: this.opts.env,
          now: this.now,
          maxLineBytes: limits.maxLineBytes,
          stderrLimit: limits.stderrBytes,
          maxQueuedChars: limits.maxQueuedChars,
          spawned,
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
      return this.startFailed(
        e.code ? spawnProblem(e, this.opts.claudePath, this.cwd) : { kind: 'spawn-failed', message: `Could not start Claude: ${e.message}` },
        false,
      );
    }
    this.conn = conn;
    if (conn.pid !== undefined) this.opts.tracker?.spawned(conn.pid, this.id);
    this.opts.onStarted?.();
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
        this.opts.onInitialize?.(info, spec.args.includes('--permission-mode') ? this.permissionMode : undefined);
        // Written before the handshake lets held messages go: the CLI reads its input in order.
        this.reapplyFlags(conn);
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
    if (this.asleep) return this.wakeWith({ text, images, speaker, uuid: randomUUID() });
    this.check({ type: 'send' });
    const conn = this.requireLive();
    // Throws (and changes nothing) if the CLI is gone or not reading: the caller keeps the text.
    // The echo takes the uuid the message was sent with: rewindFiles() names a message by it.
    const uuid = conn.sendUser(text, images, speaker);
    this.noteInput({ text, images, speaker });
    this.emit([{ kind: 'user', id: uuid, text, images: images.length || undefined, at: this.now() }]);
    this.turnActive = true;
    this.go({ type: 'send' });
  }

  /** The messages of the current turn (or of the last, once it ended), in the order they were written. */
  get turnMessages(): ReadonlyArray<Omit<PendingSend, 'uuid'>> {
    return this.turnInputs;
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

  /** The person answered a prompt that is not a tool call: an MCP server's input request, a dialog. */
  answerPrompt(requestId: string, answer: PromptAnswer): void {
    const conn = this.requireLive();
    const req = this.pending.get(requestId);
    if (!req) throw new ClideError({ kind: 'invalid-input', message: 'That prompt is no longer waiting for an answer.' });
    this.closePrompt(requestId, answerPrompt(conn, req, answer));
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
    if (this.asleep) {
      // No process to tell: the mode becomes its --permission-mode when it starts.
      const problem = permissionModeProblem(mode) ?? (mode === 'bypassPermissions' ? bypassRefused(this.opts.env) : undefined);
      if (problem) throw new ClideError(problem);
      this.permissionMode = mode;
      this.info({ permissionMode: mode });
      return mode;
    }
    const confirmed = await this.requireLive().setPermissionMode(mode);
    this.permissionMode = confirmed;
    this.info({ permissionMode: confirmed });
    return confirmed;
  }

  async setModel(model: string): Promise<string> {
    if (this.asleep) {
      // No process to tell: the model becomes its --model when it starts.
      const problem = modelProblem(model);
      if (problem) throw new ClideError(problem);
      this.model = model;
      this.info({ model });
      return model;
    }
    const confirmed = await this.requireLive().setModel(model);
    this.model = confirmed;
    this.info({ model: confirmed });
    return confirmed;
  }

  /** null restores the CLI's default thinking budget. */
  async setMaxThinkingTokens(tokens: number | null): Promise<void> {
    await (await this.awake()).setMaxThinkingTokens(tokens);
    this.info({ maxThinkingTokens: tokens });
  }

  async setEffort(level: string): Promise<void> {
    await (await this.awake()).setEffort(level);
    this.flags.effortLevel = level;
    this.info({ effortLevel: level });
  }

  /** The output style for this session (the person's settings files stay as they are). */
  async setOutputStyle(style: string): Promise<void> {
    await (await this.awake()).setOutputStyle(style);
    this.flags.outputStyle = style;
    this.info({ outputStyle: style });
  }

  /** Read skills, plugins and output styles again from disk. Starts a tab not yet started. */
  reload(before: { commands: readonly string[]; outputStyles: readonly string[] }): Promise<ReloadReport> {
    return this.reloader.reload(before);
  }

  async getContextUsage(): Promise<ContextUsage> {
    return (await this.awake()).getContextUsage();
  }

  /** A question beside the conversation (Ask aside); the running turn goes on. Starts a tab not yet started. */
  async sideQuestion(question: string, history: readonly SideExchange[], opts?: SideQuestionOptions): Promise<SideAnswer> {
    return (await this.awake()).sideQuestion(question, history, opts);
  }

  /** The plan and its usage windows (get_usage). Starts a tab not yet started. */
  async getUsage(): Promise<PlanUsage> {
    return (await this.awake()).getUsage();
  }

  /** The MCP servers now; every window's view gets them too (info.mcp). Starts a tab not yet started. */
  async mcpStatus(): Promise<McpServerStatus[]> {
    return this.mcp.refresh(await this.awake());
  }

  /** Reconnect an MCP server or switch it off or on; the servers after it. */
  async mcpChange(change: McpChange): Promise<McpServerStatus[]> {
    return this.mcp.change(await this.awake(), change);
  }

  /** A tool's MCP Apps UI, read from its server (the tool card's "Show app"). Starts a tab not yet started. */
  async mcpReadResource(server: string, uri: string): Promise<McpAppResource> {
    return (await this.awake()).mcpReadResource(server, uri, MCP_READ_TIMEOUT_MS);
  }

  /** The permission rules in force (the "Rules and hooks" panel). Starts a tab not yet started. */
  async permissionRules(): Promise<ListedRules> {
    return (await this.awake()).permissionRules();
  }

  /** The hooks that will run. Starts a tab not yet started. */
  async hooksListing(): Promise<Omit<HooksState, 'at'>> {
    return (await this.awake()).hooksListing();
  }

  /** Restore files to their state at a user message (its transcript item id); dryRun only previews. */
  async rewindFiles(userMessageId: string, dryRun = false): Promise<RewindResult> {
    return (await this.awake()).rewindFiles(userMessageId, dryRun);
  }

  // Background tasks live in this process: with none running, there are none to ask about.
  async stopTask(taskId: string): Promise<void> {
    return this.requireLive().stopTask(taskId);
  }

  async getTaskOutput(taskId: string): Promise<TaskOutput> {
    return this.requireLive().getTaskOutput(taskId);
  }

  async backgroundTasks(toolUseId?: string): Promise<{ backgrounded?: boolean }> {
    return this.requireLive().backgroundTasks(toolUseId);
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

  /**
   * Park an idle session: end its process the way closing does (stdin closed, so the CLI
   * flushes its transcript and exits), keeping everything else; the next message resumes the
   * same Claude session. Only a ready session with no prompt open is parked (the caller also
   * checks for background tasks); resolves when the process is gone, undefined if not parked.
   */
  park(): Promise<void> | undefined {
    const conn = this.conn;
    if (this.phaseValue !== 'ready' || this.turnActive || this.pending.size > 0 || this.closing || !conn?.transport.running) return undefined;
    this.go({ type: 'park' });
    const done = (async () => {
      conn.endInput();
      if (!(await exitedWithin(conn, this.timings.closeGraceMs))) {
        conn.transport.kill('SIGTERM');
        if (!(await exitedWithin(conn, this.timings.termGraceMs))) conn.transport.kill('SIGKILL');
      }
      await conn.transport.waitForExit();
    })();
    this.parkingExit = done;
    void done.finally(() => {
      if (this.parkingExit === done) this.parkingExit = undefined;
    });
    return done;
  }

  /** Start again after the process ended, resuming the same Claude session where possible. */
  restart(): void {
    if (this.conn?.transport.running || hasProcess(this.phaseValue)) {
      throw new ClideError({ kind: 'session-busy', message: 'The session is still running.', hint: 'Stop or close it first.' });
    }
    this.start();
  }

  // ---- internals -------------------------------------------------------------------------------

  /** Throws an invalid-input ClideError when a choice cannot go on the command line. */
  private buildSpec(): SpawnSpec {
    const resume = this.pendingFork?.from ?? this.claudeSessionId;
    return specFor(this.opts.claudePath, this.opts.env, this.cwd, {
      resume,
      fork: this.pendingFork,
      model: this.model,
      permissionMode: this.permissionMode,
      restricted: this.restrictedValue,
    });
  }

  /** No process to talk to yet, but a message (or a request) starts one. */
  private get asleep(): boolean {
    return this.waking !== undefined || (!this.closing && (isDormant(this.phaseValue) || this.phaseValue === 'parking'));
  }

  /** What must end before this session's process may start. */
  private blockers(): Promise<void> | undefined {
    const spec = this.spawnSpec();
    const all = [this.parkingExit, this.opts.waitBeforeStart?.(), spec ? this.opts.spare?.conflict(spec) : undefined].filter((p) => p !== undefined);
    return all.length > 0 ? Promise.all(all).then(() => undefined) : undefined;
  }

  /** The first message of a tab with no process: start it (or resume the parked one), then send. */
  private wakeWith(m: PendingSend): void {
    if (this.waking) {
      this.waking.push(m);
      this.noteInput(m);
      return this.echo(m);
    }
    this.mayStart();
    const wait = this.blockers();
    if (!wait) {
      this.start();
      // Could not start (the cause is shown as a failure): the caller keeps the text.
      if (!isLive(this.phaseValue)) throw refused('not-running', this.phaseValue, this.claudeSessionId !== undefined);
      const uuid = this.requireLive().sendUser(m.text, m.images, m.speaker, m.uuid);
      this.noteInput(m);
      this.echo({ ...m, uuid });
      this.turnActive = true;
      return this.go({ type: 'send' });
    }
    // The message is shown now and written once the old process is gone.
    this.noteInput(m);
    this.waking = [m];
    this.echo(m);
    void wait.then(() => this.finishWaking());
  }

  private finishWaking(): void {
    const waiting = this.waking ?? [];
    this.waking = undefined;
    if (this.closing || !isDormant(this.phaseValue)) return;
    try {
      this.start();
    } catch {
      // Refused before anything was spawned (the folder is not trusted): said below like a failed start.
    }
    const conn = this.conn;
    if (!conn || !isLive(this.phaseValue)) {
      this.emit([
        this.notice(
          'error',
          'not-sent',
          `${waiting.length === 1 ? 'This message was' : 'These messages were'} not sent: Claude could not start. Copy ${waiting.length === 1 ? 'it' : 'them'} from above and send again once it runs.`,
        ),
      ]);
      return;
    }
    for (const m of waiting) conn.sendUser(m.text, m.images, m.speaker, m.uuid);
    this.turnActive = true;
    this.go({ type: 'send' });
  }

  /** A message starts a new turn's list unless a turn is running (then it joins that turn). */
  private noteInput(m: Omit<PendingSend, 'uuid'>): void {
    const entry = { text: m.text, images: [...m.images], speaker: m.speaker };
    this.turnInputs = this.turnActive || this.waking?.length ? [...this.turnInputs, entry] : [entry];
  }

  private echo(m: PendingSend): void {
    this.emit([{ kind: 'user', id: m.uuid, text: m.text, images: m.images.length || undefined, at: this.now() }]);
  }

  /** The live connection, starting (or resuming) the process first when the session has none. */
  private async awake(): Promise<Connection> {
    if (this.asleep) {
      this.mayStart();
      const wait = this.blockers();
      if (wait) await wait;
      if (isDormant(this.phaseValue) && !this.waking && !this.closing) this.start();
      if (this.phaseValue === 'starting') await new Promise<void>((resolve) => this.startWaiters.push(resolve));
    }
    return this.requireLive();
  }

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
    const wasStarting = this.phaseValue === 'starting';
    this.phaseValue = r.phase;
    if (wasStarting) for (const w of this.startWaiters.splice(0)) w();
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
        // init lists the MCP servers by name only: fetch their state (and tools) in full.
        if (e.info.mcpServers && e.info.mcpServers.length > 0) this.mcp.refreshSoon(conn);
      } else if (e.kind === 'result') {
        turnEnded = true;
        this.refusedStart = e.result.startupFailure ?? this.refusedStart;
      } else if (e.kind === 'tool-result') shareRepeatedOutput(e);
    }
    this.watchdog?.observe(events);
    this.emit(out);
    if (selfStarted && !turnEnded && this.phaseValue === 'ready') {
      // Claude started this turn itself: nothing of the person's was written into it.
      this.turnInputs = [];
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
    this.cliVersionWarned = info.cliVersion !== TESTED_CLI_VERSION;
    return versionEvents(info.cliVersion, (level, code, text) => this.notice(level, code, text));
  }

  private ask(conn: Connection, ask: Ask): void {
    if (this.conn !== conn) return;
    const id = ask.request.requestId;
    if (this.phaseValue === 'stopping') {
      // Asked after Stop was pressed: the person already said to stop.
      if (answerStopped(conn, ask.request)) return;
    }
    this.pending.set(id, ask.request);
    this.emit([{ kind: 'permission', request: ask.request }]);
    this.go({ type: 'ask' });
  }

  private cancelPrompts(conn: Connection): void {
    for (const req of [...this.pending.values()]) {
      if (answerStopped(conn, req)) this.closePrompt(req.requestId, 'cancelled');
    }
  }

  private closePrompt(requestId: string, outcome: 'allowed' | 'denied' | 'cancelled' | 'withdrawn', message?: string): void {
    const req = this.pending.get(requestId);
    if (!req) return;
    this.pending.delete(requestId);
    const notice = closedNotice(req, outcome, randomUUID(), this.now());
    this.emit([{ kind: 'permission-closed', requestId, toolUseId: req.toolUseId, outcome, message }, ...(notice ? [notice] : [])]);
    if (this.pending.size === 0) this.go({ type: 'prompts-cleared', turn: this.turnActive });
  }

  private exited(conn: Connection, info: ExitInfo, owed: string[]): void {
    if (this.conn !== conn) return;
    this.clearStopEscalation();
    this.watchdog?.dispose();
    this.mcp.stop();
    // Its background tasks end with it (whatever the last live set said).
    const out: SessionEvent[] = [{ kind: 'live-tasks', tasks: [], processEnded: true, at: this.now() }];
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
    const refused = this.refusedStart;
    this.refusedStart = undefined;
    if (info.spawnError) {
      return this.startFailed(placeProblem ?? spawnProblem(info.spawnError, this.opts.claudePath, this.cwd), resumable);
    }
    if (!this.closing) {
      // Descendants of a process that died on its own (or was parked) are ended too; nobody else will.
      void conn.transport.endGroup(this.timings.termGraceMs).then(() => {
        if (conn.pid !== undefined) this.opts.tracker?.gone(conn.pid);
      });
    }
    if (this.phaseValue === 'closing') return this.go({ type: 'exited', clean: true });
    if (this.phaseValue === 'parking') return this.go({ type: 'exited', clean: true });
    const hint = resumable ? 'Resume to continue the conversation where it stopped.' : 'Start a new session.';
    if (this.phaseValue === 'terminating') {
      const why =
        this.termination === 'kill'
          ? 'Claude was ended by force, as you asked.'
          : `Claude did not stop within ${Math.round(this.timings.interruptGraceMs / 1000)} s of being asked, so clide ended it.`;
      return this.fail({ kind: 'process-exit', message: why, hint, detail: stderr || undefined, exitCode: info.code, signal: info.signal }, resumable);
    }
    if (placeProblem) return this.fail(placeProblem, resumable);
    if (refused) return this.fail(refused.error, resumable && refused.resumable);
    const clean = info.code === 0 && !info.signal && !wasTurn;
    if (clean) {
      this.emit([this.notice('info', 'exited', 'Claude exited.')]);
      return this.go({ type: 'exited', clean: true });
    }
    const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.code}`;
    const when = this.phaseValue === 'starting' ? ' while starting' : wasTurn ? ' in the middle of a turn' : '';
    this.fail(
      { kind: 'process-exit', message: `Claude ${how}${when}.`, hint, detail: stderr || undefined, exitCode: info.code, signal: info.signal },
      resumable,
    );
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

  /**
   * The end of the running turn, or of the next one when none runs (a session can be busy
   * without a turn: background agents), or the process's exit.
   */
  private nextTurnEnd(): Promise<void> {
    const conn = this.conn;
    if (!conn?.transport.running) return Promise.resolve();
    return new Promise<void>((resolve) => {
      this.turnEndWaiters.push(resolve);
      void conn.transport.waitForExit().then(() => resolve());
    });
  }

  /** A new process starts with the CLI's defaults: give it the effort and output style chosen earlier. */
  private reapplyFlags(conn: Connection): void {
    const { effortLevel, outputStyle } = this.flags;
    const steps: Array<Promise<void>> = [];
    if (effortLevel) steps.push(conn.setEffort(effortLevel));
    if (outputStyle) steps.push(conn.setOutputStyle(outputStyle));
    if (steps.length === 0) return;
    Promise.all(steps).then(
      () => this.conn === conn && this.info({ ...this.flags }),
      (err: unknown) =>
        this.conn === conn &&
        this.emit([this.notice('warning', 'flags', `Claude did not take the effort or output style chosen earlier: ${(err as Error).message}`)]),
    );
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
