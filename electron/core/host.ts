// All sessions of one app instance: create, route commands, keep each session's reduced view
// for (re)connecting windows, and push batched events to every subscriber (Electron windows
// or browser-host sockets). Plain Node; never imports electron.
//
// With a data dir it also keeps the process registry: every `claude` child is recorded when
// spawned and forgotten when gone, and children left behind by a previous instance that was
// killed are ended (after verifying they are still the processes we started) on construction.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { ContextUsage, McpServerStatus, RewindResult, SessionEvent, SessionInfo } from '../../shared/events';
import type { AppEvent, AppSnapshot, ClaudeCheck, Environment, FileSuggestions, ImageInput, PermissionDecision, PromptAnswer } from '../../shared/ipc';
import type { McpAppResource, McpChange } from '../../shared/mcp';
import type { ReloadReport } from '../../shared/reload';
import type { TaskOutput } from '../../shared/tasks';
import { ClideError } from '../../shared/result';
import { applyEvents, emptySession, type SessionView } from '../../shared/transcript';
import { childEnv } from './child-env';
import { EventBatcher, FRAME_MS } from './event-batcher';
import { findClaude } from './find-claude';
import type { ProtocolExtensions } from './protocol/pipeline';
import { TESTED_CLI_VERSION } from './protocol/version';
import { ProcessRegistry, type ReapReport } from './process-registry';
import { Session, type SessionLimits, type SessionTimings } from './session';
import { spawnChoicesProblem } from './spawn-args';
import { Answering } from './answering';
import { Workspace, type ShellHooks } from './workspace';
import { TeamBroker, type TeamOptions } from './team/broker';
import { mergeExtensions } from './team/extensions';
import { Continuity } from './continuity';
import { History, claudeConfigDir } from './history';
import type { WorktreeInfo } from '../../shared/git';
import { Isolation, type IsolationOptions } from './git/isolation';
import { SearchService } from './search/service';
import { UsageService } from './usage/usage-service';
import type { SearchProgress, SearchResult } from '../../shared/search';
import { cliIdentity, InitCache, type CliIdentity } from './init-cache';
import { Parking, parkSecondsFromEnv } from './parking';
import { SpareProcess, type SpawnSpec } from './spare-process';
import { spareIdleMs, specFor } from './lazy-start';
import { cwdProblem } from './spawn-errors';
import { Remote, type RemoteOptions } from './remote/remote-service';
import type { RemotePlace } from './remote/place';
import { remoteNames } from './remote/forward-env';
import { lostProblem, NO_CAUSE } from './remote/ssh-errors';
import { RulesService } from './rules/rules-service';
import { Asides } from './asides';
import type { PlanUsage } from '../../shared/usage';
import { LaunchInbox } from './launch/launch-inbox';
import { TrustService, type TrustDecision } from './trust/trust-service';
import { ClaudeRecord, claudeGlobalFile } from './trust/claude-record';
import { checkLocalFolder } from './trust/check';
import { scanRemoteFolder } from './trust/remote-scan';
import type { TrustPrompt, TrustState } from '../../shared/trust';
import { realPath } from './trust/folder';
import { setupHash } from './git/setup';
import type { RepositorySettings } from '../../shared/settings';
import { UpdateService, type UpdateServiceOptions } from './updates/update-service';
import { FilesService } from './files/files-service';
import { RunCommands } from './terminal/run-command';
import { TerminalService } from './terminal/terminal-service';

export interface HostOptions {
  host: 'electron' | 'web';
  env?: NodeJS.ProcessEnv;
  homeDir?: string;
  defaultCwd?: string;
  appVersion?: string;
  batchMs?: number;
  timings?: Partial<SessionTimings>;
  limits?: SessionLimits;
  /**
   * Where this app keeps its own state (Electron: userData; browser host: its own dir). Enables
   * the process registry and reaps orphans of a previous instance. Without it nothing is recorded.
   */
  dataDir?: string;
  /** Override how the CLI is found (tests). */
  findClaude?: () => ClaudeCheck;
  /** Hook callbacks and in-process MCP servers for each new session (by the host's session id). */
  extensions?: (sessionId: string) => ProtocolExtensions;
  /** What only the desktop shell can do (native folder dialog, raising the window). */
  shell?: ShellHooks;
  /**
   * Run the team broker: every session gets the clide-team MCP server, so the sessions can
   * message each other and share a task board (electron/core/team). Off unless given.
   */
  team?: TeamOptions;
  /** Isolated sessions: the git runner, watcher timings (electron/core/git). */
  git?: IsolationOptions;
  /**
   * Keep one warm spare `claude` (spare-process.ts), spawned once no process has started for
   * `idleMs`; CLIDE_SPARE_IDLE_SECONDS overrides it (0: none). Off unless given.
   */
  spare?: { idleMs?: number };
  /** Remote hosts: an ssh config, the variables sent to remote claude (electron/core/remote). */
  remote?: Partial<Pick<RemoteOptions, 'configFile' | 'forwardEnv' | 'keepAliveSec' | 'ssh'>>;
  /** The desktop app's updater (electron/shell/updater.ts) and whether it runs packaged; absent in the browser host. */
  updates?: Pick<UpdateServiceOptions, 'updater' | 'packaged' | 'firstCheckMs' | 'intervalMs' | 'timers'>;
}

interface Entry {
  session: Session;
  view: SessionView;
  /** The CLI binary this tab's process runs (its cached `initialize` answers are tied to it). */
  cli: CliIdentity | undefined;
  /** Set for a session on a remote host. */
  place?: RemotePlace;
  /** Its folder's trust as last shown (workspace trust); undefined until first checked. */
  trust?: TrustState;
}

export class SessionHost {
  private readonly sessions = new Map<string, Entry>();
  /** Remote sessions waiting for their host's connection before their process starts. */
  private readonly connecting = new Set<string>();
  /** Message queues and @-mention file suggestions, per session. */
  private readonly answering = new Answering();
  /** Side questions ("Ask aside") of every session. */
  private readonly asides = new Asides({
    emit: (id, events) => {
      const entry = this.sessions.get(id);
      if (entry) this.record(entry, events);
    },
  });
  private readonly listeners = new Set<(batch: AppEvent[]) => void>();
  private readonly batcher: EventBatcher;
  private readonly env: NodeJS.ProcessEnv;
  private readonly homeDir: string;
  private readonly defaultCwd: string;
  private readonly registry: ProcessRegistry | undefined;
  /** Resolves when children left by a previous, crashed instance have been dealt with. */
  readonly orphansReaped: Promise<ReapReport | undefined>;
  /** Settings (kept in the data dir), recent folders, folder completion and shell hooks. */
  readonly workspace: Workspace;
  /** The team of sessions (absent when the host runs without it). */
  readonly team: TeamBroker | undefined;
  /** History, resume, forks, and the open tabs kept across a restart (continuity.ts). */
  readonly continuity: Continuity;
  /** Sessions' git worktrees, their setup and glance, shared trees (electron/core/git). */
  readonly isolation: Isolation;
  /** Full-text search over past sessions, with its index in the data dir (absent without one). */
  readonly search: SearchService | undefined;
  /** The Usage view: figures kept with the search index, and the plan's limits over time. */
  readonly usage: UsageService;
  /** The last `initialize` answer per folder, for tabs whose process has not started. */
  private readonly initCache: InitCache;
  /** Idle sessions' processes are ended; the next message resumes them. */
  private readonly parking: Parking;
  /** The one warm spare process (absent unless the host was asked for one). */
  readonly spare: SpareProcess | undefined;
  private quitting = false;
  /** Remote hosts over ssh: shared connections, host keys, prompts (electron/core/remote). */
  readonly remote: Remote;
  /** The permission rules and hooks of a session; the rules "Always allow" saved (electron/core/rules). */
  readonly rules: RulesService;
  /** Folders handed to the app (`clide <folder>`, links, the file manager) until a window takes them. */
  readonly launches: LaunchInbox;
  /** The desktop app's own updates: when to check, what to show, when to install. */
  readonly updates: UpdateService;
  /** Workspace trust: no `claude` starts in a folder before the person trusts what it would run (electron/core/trust). */
  readonly trust: TrustService;
  /** Each session's terminals: shells on a PTY, ended with the session (electron/core/terminal). */
  readonly terminals: TerminalService;
  /** Each session's Run: the repository's run command in a terminal of its own (terminal/run-command.ts). */
  readonly runs: RunCommands;
  /** The Files panel: a session's folder, quick open, the editor's reads and saves (electron/core/files). */
  readonly files = new FilesService({
    tab: (id) => ({ cwd: this.get(id).session.cwd, remote: this.get(id).place?.location }),
    tree: (id) => this.isolation.tree(id),
    runIn: (cwd) => this.isolation.runIn(cwd),
    env: () => this.env,
  });

  constructor(private readonly opts: HostOptions) {
    this.env = opts.env ?? process.env;
    this.homeDir = opts.homeDir ?? os.homedir();
    this.defaultCwd = opts.defaultCwd ?? process.cwd();
    this.registry = opts.dataDir ? new ProcessRegistry({ dataDir: opts.dataDir }) : undefined;
    this.orphansReaped = this.registry
      ? this.registry.reapOrphans(opts.timings?.termGraceMs ?? 3000).catch((err: unknown) => {
          console.warn(`[clide] could not check for orphaned claude processes: ${(err as Error).message}`);
          return undefined;
        })
      : Promise.resolve(undefined);
    this.batcher = new EventBatcher((batch) => {
      for (const l of this.listeners) l(batch);
    }, opts.batchMs ?? FRAME_MS);
    this.workspace = new Workspace(opts.dataDir, this.homeDir, opts.shell);
    this.trust = new TrustService({
      dataDir: opts.dataDir,
      claude: new ClaudeRecord(claudeGlobalFile(this.env, this.homeDir), this.homeDir, (m) => console.warn(m)),
      log: (m) => console.warn(m),
    });
    this.initCache = new InitCache(opts.dataDir);
    this.parking = new Parking({
      // A remote session is not parked: its next start may need the host's connection again.
      sessions: () => [...this.sessions.values()].filter((e) => !e.place),
      afterMs: () => this.parkAfterMs(),
      // The tab on screen may be the one parked: the spare can be made for it now.
      parked: () => this.spare?.refresh(),
    });
    const idleMs = spareIdleMs(this.env, opts.spare);
    this.spare =
      idleMs === undefined
        ? undefined
        : new SpareProcess({
            env: childEnv(this.env),
            idleMs,
            target: () => this.spareTarget(),
            tracker: this.registry,
            stderrLimit: opts.limits?.stderrBytes,
            maxQueuedChars: opts.limits?.maxQueuedChars,
            termGraceMs: opts.timings?.termGraceMs,
            log: (m) => console.warn(`[clide] ${m}`),
          });
    this.remote = new Remote({
      env: this.env,
      homeDir: this.homeDir,
      dataDir: opts.dataDir,
      tracker: this.registry,
      configFile: this.env.CLIDE_SSH_CONFIG?.trim() || undefined,
      forwardEnv: remoteNames(this.env.CLIDE_REMOTE_ENV),
      ...opts.remote,
      onPrompt: (prompt) => this.batcher.push({ type: 'remote-prompt', prompt }),
      onPromptClosed: (id) => this.batcher.push({ type: 'remote-prompt-closed', id }),
      onDown: (location, stderr) => this.remoteDown(location, stderr),
    });
    this.isolation = new Isolation(
      {
        env: this.env,
        homeDir: this.homeDir,
        dataDir: opts.dataDir,
        settings: this.workspace.settings,
        emit: (id, events) => {
          const entry = this.sessions.get(id);
          if (entry) this.record(entry, events);
        },
        cwdOf: (id) => this.localCwdOf(id),
      },
      opts.git,
    );
    this.continuity = new Continuity({
      host: this,
      history: new History(claudeConfigDir(this.env, this.homeDir)),
      dataDir: opts.dataDir,
      worktreeOf: (cwd) => this.isolation.worktreeOf(cwd),
      touched: (id) => {
        if (id) this.parking.activity(id);
        this.spare?.refresh();
      },
      queue: { state: (id) => this.answering.queueState(id), restore: (id, q) => this.answering.restoreQueue(id, q) },
      // One still on its way when clide closed is asked again of the restored tab.
      asides: { state: (id) => this.asides.state(id), restore: (id, asides) => this.asides.restore(id, asides, this.sessions.get(id)?.session) },
      limits: { state: (id) => this.answering.limitState(id), restore: (id, limit) => this.answering.restoreLimit(id, limit) },
      remote: { history: (location) => this.remote.syncedHistory(location), histories: () => this.remote.syncedHistories() },
    });
    this.rules = new RulesService({
      tab: (id) => {
        const { session, place } = this.get(id);
        return { session, cwd: session.cwd, remote: place !== undefined };
      },
      configDir: claudeConfigDir(this.env, this.homeDir),
      dataDir: opts.dataDir,
    });
    this.terminals = new TerminalService({
      env: this.env,
      emit: (e) => this.batcher.push(e),
      tab: (id) => ({ cwd: this.get(id).session.cwd, remote: this.get(id).place?.location }),
    });
    this.runs = new RunCommands({
      terminals: this.terminals,
      place: (id) => ({ cwd: this.get(id).session.cwd, remote: this.get(id).place?.location }),
      repositoryOf: (cwd) => this.isolation.mainRoot(cwd),
      repository: (root) => this.workspace.settings.get().repositories[root],
      confirmed: (root, hash) => this.workspace.settings.rememberRepository(root, { runConfirmed: hash }),
    });
    this.search = opts.dataDir
      ? new SearchService({
          dir: opts.dataDir,
          projectsDir: path.join(claudeConfigDir(this.env, this.homeDir), 'projects'),
          onProgress: (progress) => this.batcher.push({ type: 'search-progress', progress }),
        })
      : undefined;
    this.usage = new UsageService({
      dataDir: opts.dataDir,
      search: () => this.search,
      repoOf: (folder) => this.isolation.worktreeOf(folder)?.repoRoot,
      askLimits: (id) => (['ready', 'working', 'waiting'].includes(this.sessions.get(id)?.session.status ?? '') ? this.getUsage(id) : undefined),
    });
    this.launches = new LaunchInbox({ homeDir: this.homeDir, notify: () => this.batcher.push({ type: 'launch-requests' }) });
    this.updates = new UpdateService({
      packaged: false,
      ...opts.updates,
      env: this.env,
      settings: () => this.workspace.settings.get().updates,
      turnsRunning: () => [...this.sessions.values()].filter((e) => e.view.status === 'working' || e.view.status === 'waiting').length,
      emit: (state) => this.batcher.push({ type: 'update-state', state }),
      log: (message) => console.warn(message),
    });
    this.updates.start();
    this.workspace.onChange((settings) => {
      this.batcher.push({ type: 'settings-changed', settings });
      this.updates.settingsChanged();
      this.parking.rearm();
      this.spare?.refresh();
    });
    if (opts.team) {
      this.team = new TeamBroker(
        {
          sessions: () => [...this.sessions.values()].map((e) => ({ id: e.session.id, view: e.view })),
          // Another session's words: stamped as that peer's, never the person's.
          send: (id, text, speaker) => {
            const { session } = this.get(id);
            this.isolation.assertStarted(id);
            void this.answering.send(session, text, [], false, speaker);
          },
          emit: (id, events) => {
            const entry = this.sessions.get(id);
            if (entry) this.record(entry, events);
          },
        },
        // The task board is kept beside the other data files, so it outlives a restart.
        { ...opts.team, boardFile: opts.team.boardFile ?? (opts.dataDir ? path.join(opts.dataDir, 'team-board.json') : undefined) },
      );
      this.team.onChange((team) => this.batcher.push({ type: 'team-changed', team }));
    }
  }

  subscribe(listener: (batch: AppEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  checkClaude(): ClaudeCheck {
    if (this.opts.findClaude) return this.opts.findClaude();
    return findClaude({ env: this.env, homeDir: this.homeDir, claudePath: this.workspace.settings.get().claudePath });
  }

  environment(): Environment {
    return {
      host: this.opts.host,
      platform: process.platform,
      defaultCwd: this.defaultCwd,
      homeDir: this.homeDir,
      claude: this.checkClaude(),
      testedCliVersion: TESTED_CLI_VERSION,
      appVersion: this.opts.appVersion ?? '0.0.0',
      folderPicker: this.workspace.hasFolderPicker,
    };
  }

  /** Everything a window needs to draw the current state. Pending deltas are flushed first. */
  snapshot(): AppSnapshot {
    this.batcher.flush();
    return {
      environment: this.environment(),
      sessions: [...this.sessions.values()].map((e) => ({ id: e.session.id, view: e.view })),
      team: this.team?.state(),
    };
  }

  /**
   * `worktree`: the session works in that worktree (made for it, or restored); `setup`: it is
   * new, so its setup runs before Claude starts (electron/core/git/isolation.ts).
   */
  create(requested: {
    cwd?: string;
    resume?: string;
    model?: string;
    permissionMode?: string;
    fork?: { at?: string };
    worktree?: WorktreeInfo;
    setup?: boolean;
    /** A remote host (shared/remote.ts): claude runs there over ssh, in `cwd` there. */
    location?: string;
    /** Restricted (workspace trust): a restored tab that was opened so. */
    restricted?: boolean;
  }): { id: string } {
    if (requested.resume && !requested.fork) {
      for (const e of this.sessions.values()) {
        if (e.session.sessionId === requested.resume) return { id: e.session.id };
      }
    }
    const input = this.workspace.withDefaults(requested);
    // Checked before anything is created: these values end up on the CLI's command line.
    const fork = requested.fork && { sessionId: randomUUID(), at: requested.fork.at };
    const problem = spawnChoicesProblem({ ...input, fork });
    if (problem) throw new ClideError(problem);
    const id = randomUUID();
    const place = requested.location ? this.remote.place(requested.location, id) : undefined;
    if (place && (requested.worktree || !input.cwd)) {
      throw new ClideError({ kind: 'invalid-input', message: 'A session on a remote host needs a folder there, and cannot have a worktree of its own yet.' });
    }
    const cwd = input.cwd ?? this.defaultCwd;
    // claude on a remote host is looked for there, when the session starts (remote/place.ts).
    const claude: ClaudeCheck = place ? { found: true, path: 'claude' } : this.checkClaude();
    // (A remote session's answers are not cached: its CLI is another one.)
    const cli = !place && claude.path ? cliIdentity(claude.path) : undefined;
    const session: Session = new Session({
      id,
      cwd,
      claudePath: claude.path ?? 'claude',
      env: childEnv(this.env),
      resume: input.resume,
      fork,
      model: input.model,
      permissionMode: input.permissionMode,
      timings: place ? { ...this.opts.timings, ...this.remote.timings(place.location) } : this.opts.timings,
      limits: this.opts.limits,
      tracker: this.registry,
      extensions: mergeExtensions(this.opts.extensions?.(id), this.team?.extensions(id)),
      // The warm spare is a local process: never for a session on a remote host.
      spare: place ? undefined : this.spare,
      // A worktree still being set up (or gone) refuses to start Claude, with the reason.
      gate: () => this.isolation.assertStarted(id),
      trusted: () => this.assertTrusted(id),
      waitBeforeStart: () => this.continuity.exitOf(session),
      // A restricted session's answer (no project commands) is not what its folder offers.
      onInitialize: place ? undefined : (info, modeFlag) => !session.restricted && this.initialized(cwd, cli, info, modeFlag),
      onStarted: () => this.spare?.noteSpawn(),
      place,
    });
    const entry: Entry = { session, view: emptySession(id, cwd), cli, place };
    if (requested.restricted) session.restrict();
    this.sessions.set(id, entry);
    if (place) {
      this.remote.recent.used(place.location, cwd);
      this.record(entry, [{ kind: 'info', info: { location: place.location } }]);
    } else this.workspace.rememberCwd(cwd);
    session.onEvents(this.continuity.gate(id, (events) => this.record(entry, events)));
    this.answering.attach(session, (events) => this.record(entry, events));
    this.batcher.push({ type: 'session-created', session: { id, view: entry.view } });
    const launch = this.isolation.opened(id, cwd, requested.worktree, requested.setup);
    this.team?.created();
    this.continuity.opened(session, { ...input, fork: requested.fork, worktree: this.isolation.known(id), location: place?.location });
    if (!claude.found) {
      const error = claude.error ?? { kind: 'cli-not-found' as const, message: 'Claude Code was not found.' };
      this.record(entry, [
        { kind: 'failure', error, resumable: false },
        { kind: 'status', status: 'failed' },
      ]);
    } else {
      // No process until the first message: the tab shows the last `initialize` answer of its
      // folder (or of any folder). With none at all (a first run, a new CLI), one tab starts
      // at once to get it (when its worktree lets it) and the others are filled from its answer.
      const cached = place ? undefined : this.initCache.lookup(cwd, cli);
      const fillsCache = !place && !cached && !this.list().some((s) => s !== session && s.phase === 'starting');
      session.prepare(cached);
      if (requested.restricted) this.showTrust(entry, { state: 'restricted' });
      // Asks now, before anything could start, when the folder would run something not trusted.
      const trusted = place !== undefined || this.trustNow(entry);
      // Shows the earlier conversation from the transcript.
      if (input.resume) void this.continuity.resume(session, () => this.sessions.get(id) === entry);
      // A remote session starts at once: connecting (and any login) is best done while the
      // person writes the first message, and a host that cannot be reached says so now.
      if (place) this.startRemote(entry, place);
      else if (fillsCache && trusted) launch(() => session.start());
    }
    this.spare?.refresh();
    return { id };
  }

  /** With `queue`, a message written while a turn runs waits for the turn to end (see answering.ts). */
  send(id: string, text: string, images?: ImageInput[], queue = false): { queued?: string } {
    const entry = this.get(id);
    this.isolation.assertStarted(id);
    // Still reaching its host: held like a message written while Claude works, sent once it is up.
    if (entry.place && this.connecting.has(id)) return this.answering.sendWhenConnected(entry.session, entry.place.location, text, images);
    return this.answering.send(entry.session, text, images, queue);
  }

  queueEdit(id: string, messageId: string, text: string): void {
    this.answering.edit(this.get(id).session.id, messageId, text);
  }

  queueRemove(id: string, messageId: string): void {
    this.answering.remove(this.get(id).session.id, messageId);
  }

  queueMove(id: string, messageId: string, to: number): void {
    this.answering.move(this.get(id).session.id, messageId, to);
  }

  queueSendNow(id: string, messageId: string): void {
    this.answering.sendNow(this.get(id).session.id, messageId);
  }

  queueResume(id: string): void {
    this.answering.resume(this.get(id).session.id);
  }

  /** A side question (Ask aside): answered beside the conversation; its progress and answer come as `aside` events. */
  ask(id: string, question: string): { asideId: string } {
    const { session } = this.get(id);
    this.isolation.assertStarted(id);
    return { asideId: this.asides.ask(session, question) };
  }

  cancelAside(id: string, asideId: string): void {
    this.asides.cancel(this.get(id).session.id, asideId);
  }

  /** After a usage limit stopped the turn: send it again when the limit resets (on), or not (off). */
  autoContinue(id: string, on: boolean): void {
    this.answering.autoContinue(this.get(id).session.id, on);
  }

  /** The plan and its usage (get_usage); starts Claude in a tab that has no process yet. */
  async getUsage(id: string): Promise<PlanUsage> {
    const plan = await this.get(id).session.getUsage();
    this.usage.recordLimits(plan);
    return plan;
  }

  fileSuggestions(id: string, query: string): Promise<FileSuggestions> {
    const { session, place } = this.get(id);
    return this.answering.fileSuggestions(session, query, place && ((cwd) => this.remote.host(place.location).fileList(cwd)));
  }

  respond(id: string, requestId: string, decision: PermissionDecision): void {
    this.get(id).session.respond(requestId, decision);
    // After the answer went out: a refused answer saved nothing.
    this.rules.noteDecision(id, decision);
  }

  answerPrompt(id: string, requestId: string, answer: PromptAnswer): void {
    this.get(id).session.answerPrompt(requestId, answer);
  }

  interrupt(id: string): Promise<void> {
    const { session } = this.get(id);
    this.answering.stopped(id);
    return session.interrupt();
  }

  /** End a session's process by force (the "Kill" action on a session that is not responding). */
  kill(id: string): Promise<void> {
    return this.get(id).session.kill();
  }

  setPermissionMode(id: string, mode: string): Promise<string> {
    return this.get(id).session.setPermissionMode(mode);
  }

  setModel(id: string, model: string): Promise<string> {
    return this.get(id).session.setModel(model);
  }

  setMaxThinkingTokens(id: string, tokens: number | null): Promise<void> {
    return this.get(id).session.setMaxThinkingTokens(tokens);
  }

  setEffort(id: string, level: string): Promise<void> {
    return this.get(id).session.setEffort(level);
  }

  /** Only a style the CLI listed: it takes any name and silently writes in the default style for one it does not know. */
  async setOutputStyle(id: string, style: string): Promise<void> {
    const { session } = this.get(id);
    const known = this.view(id).info.outputStyles;
    if (known && !known.includes(style)) {
      throw new ClideError({
        kind: 'invalid-input',
        message: `Claude Code has no output style named "${style}".`,
        hint: 'A style file added while the session runs is found after "Reload skills, plugins and output styles".',
      });
    }
    return session.setOutputStyle(style);
  }

  /** Read a session's skills, plugins and output styles again; the report says what is new. */
  reload(id: string): Promise<ReloadReport> {
    const { session } = this.get(id);
    const info = this.view(id).info;
    return session.reload({ commands: (info.commands ?? []).map((c) => c.name), outputStyles: info.outputStyles ?? [] });
  }

  /**
   * What fills the context window. `cached`: for a tab whose process has not started, the count
   * a new session in its folder started with last time, rather than starting one to ask.
   */
  async getContextUsage(id: string, cached = false): Promise<ContextUsage> {
    const entry = this.get(id);
    const { session } = entry;
    const fresh = !session.sessionId && !entry.view.items.some((i) => i.type === 'user');
    if (cached && session.phase === 'idle') {
      const known = fresh ? this.initCache.context(session.cwd, entry.cli, session.modelChoice) : undefined;
      if (known) return known;
      throw new ClideError({ kind: 'not-running', message: 'Claude has not started in this session yet.', hint: 'Send a message to start it.' });
    }
    const usage = await session.getContextUsage();
    if (fresh) this.initCache.rememberContext(session.cwd, entry.cli, session.modelChoice, usage);
    return usage;
  }

  mcpStatus(id: string): Promise<McpServerStatus[]> {
    return this.get(id).session.mcpStatus();
  }

  mcpChange(id: string, change: McpChange): Promise<McpServerStatus[]> {
    return this.get(id).session.mcpChange(change);
  }

  mcpReadResource(id: string, server: string, uri: string): Promise<McpAppResource> {
    return this.get(id).session.mcpReadResource(server, uri);
  }

  rewindFiles(id: string, userMessageId: string, dryRun = false): Promise<RewindResult> {
    return this.get(id).session.rewindFiles(userMessageId, dryRun);
  }

  stopTask(id: string, taskId: string): Promise<void> {
    return this.get(id).session.stopTask(taskId);
  }

  getTaskOutput(id: string, taskId: string): Promise<TaskOutput> {
    return this.get(id).session.getTaskOutput(taskId);
  }

  backgroundTasks(id: string, toolUseId?: string): Promise<{ backgrounded?: boolean }> {
    return this.get(id).session.backgroundTasks(toolUseId);
  }

  rename(id: string, title: string): Promise<void> {
    return this.get(id).session.rename(title);
  }

  restart(id: string): void {
    const entry = this.get(id);
    if (entry.place) {
      // Reconnect: the connection again, then the same Claude session (remote/place.ts).
      if (entry.session.connection) throw new ClideError({ kind: 'session-busy', message: 'The session is still running.', hint: 'Stop or close it first.' });
      return this.startRemote(entry, entry.place);
    }
    this.isolation.assertStarted(id);
    this.assertTrusted(id);
    const check = this.checkClaude();
    if (!check.found) {
      throw new ClideError(check.error ?? { kind: 'cli-not-found', message: 'Claude Code was not found.' });
    }
    entry.session.restart();
  }

  async close(id: string): Promise<void> {
    const entry = this.get(id);
    this.sessions.delete(id);
    this.parking.forget(id);
    this.spare?.refresh();
    this.answering.detach(id);
    this.asides.closed(id);
    this.batcher.push({ type: 'session-closed', id });
    this.team?.closed(id);
    this.isolation.closed(id);
    this.rules.forgetTab(id);
    this.runs.sessionClosed(id);
    const terminals = this.terminals.sessionClosed(id);
    // A remote claude must not outlive its tab: checked (and ended) there once ssh is gone.
    await this.continuity.closed(
      id,
      entry.session,
      entry.session.close().then(() => entry.place?.ended()),
    );
    await terminals;
  }

  searchHistory(query: string, limit?: number, cursor?: string): Promise<SearchResult> {
    if (!this.search) return Promise.resolve({ hits: [], progress: this.searchProgress() });
    return this.search.search(query, limit, cursor);
  }

  searchProgress(): SearchProgress {
    return this.search?.progress() ?? { state: 'unavailable', filesDone: 0, filesTotal: 0, message: 'Search needs a data directory to keep its index in.' };
  }

  /** Close every session (app quit); resolves when all processes are gone. */
  async shutdown(): Promise<void> {
    // The open tabs are kept as they are now, to be reopened on the next start.
    this.continuity.shutdown();
    this.quitting = true;
    const all = [...this.sessions.values()];
    this.sessions.clear();
    this.team?.dispose();
    this.isolation.dispose();
    this.parking.dispose();
    this.updates.dispose();
    this.answering.dispose();
    await Promise.all([
      ...all.map((e) => e.session.close().then(() => e.place?.ended())),
      this.search?.close(),
      this.spare?.dispose(),
      this.terminals.shutdown(),
    ]);
    await this.remote.shutdown();
    this.batcher.flush();
  }

  /** Children recorded in the process registry (tests, diagnostics). */
  trackedChildren(): number[] {
    return this.registry?.list().map((c) => c.pid) ?? [];
  }

  /** Live sessions (tests, the process registry). */
  list(): Session[] {
    return [...this.sessions.values()].map((e) => e.session);
  }

  view(id: string): SessionView {
    return this.get(id).view;
  }

  /**
   * Start (or reconnect) a remote session. With its host connected and claude found there it
   * starts at once (so a message can be sent right away); else it connects first (a login may
   * ask the person) and says why when that fails.
   */
  private startRemote(entry: Entry, place: RemotePlace): void {
    const id = entry.session.id;
    // Starting again clears the failure shown (the session itself may not say so: it never ran),
    // and a tab whose host is still being reached says it is starting, not "Ready".
    if (entry.view.failure || !place.ready) this.record(entry, [{ kind: 'status', status: 'starting' }]);
    if (place.ready && this.remoteTrusted(entry)) return entry.session.restart();
    this.connecting.add(id);
    void place.prepare().then(async (problem) => {
      if (!problem && !this.remoteTrusted(entry)) problem = await this.checkRemoteTrust(entry, place);
      this.connecting.delete(id);
      if (this.sessions.get(id) !== entry) return;
      // Not trusted yet: the question is shown; the process starts once it is answered.
      if (!problem && !this.remoteTrusted(entry)) return;
      if (!problem) {
        try {
          return entry.session.restart();
        } catch (err) {
          problem = err instanceof ClideError ? err.info : { kind: 'internal', message: String(err) };
        }
      }
      this.record(entry, [
        { kind: 'failure', error: problem, resumable: entry.session.sessionId !== undefined },
        { kind: 'status', status: 'failed' },
      ]);
    });
  }

  // ---- workspace trust ------------------------------------------------------------------------

  /** Trust what the session's question showed; tabs waiting on the same folder are checked again. */
  grantTrust(id: string, promptId: string): void {
    const entry = this.get(id);
    if (entry.trust?.prompt?.promptId !== promptId) {
      throw new ClideError({
        kind: 'invalid-input',
        message: 'That trust question is no longer open in this tab.',
        hint: 'Answer the question the tab shows now.',
      });
    }
    this.trust.grant(promptId);
    if (!entry.place) this.setupTrusted(entry, entry.trust.prompt);
    for (const other of this.sessions.values()) {
      if (other.trust?.state !== 'asking' || other === entry) continue;
      if (other.place) {
        if (other.place.location === entry.place?.location) this.startRemote(other, other.place);
      } else this.trustNow(other);
    }
    if (entry.place) return this.startRemote(entry, entry.place);
    if (!this.trustNow(entry)) {
      throw new ClideError({
        kind: 'untrusted',
        message: 'The folder changed while its question was open.',
        hint: 'Look at what it would run now, then answer again.',
      });
    }
    this.spare?.refresh();
  }

  /** Open the session without anything of its folder's own (shared/trust.ts RESTRICTED_OFF). */
  restrictSession(id: string): void {
    const entry = this.get(id);
    entry.session.restrict();
    this.showTrust(entry, { state: 'restricted' });
    if (entry.place) this.startRemote(entry, entry.place);
    this.spare?.refresh();
  }

  revokeTrust(root: string, location?: string): void {
    this.trust.revoke(root, location);
    for (const entry of this.sessions.values()) {
      if (entry.trust?.state !== 'trusted') continue;
      // A running process keeps running; the next one in that folder asks.
      if (entry.place) {
        if (entry.place.location === location) this.showTrust(entry, undefined);
      } else if (!entry.session.connection) this.trustNow(entry);
      else entry.trust = undefined;
    }
    this.spare?.refresh();
  }

  /** Throws (after showing the question) while the session's folder is not trusted. */
  private assertTrusted(id: string): void {
    const entry = this.sessions.get(id);
    if (!entry || entry.trust?.state === 'restricted') return;
    if (entry.place ? this.remoteTrusted(entry) : this.trustNow(entry)) return;
    throw new ClideError({
      kind: 'untrusted',
      message: `Claude has not started: ${entry.place ? `the folder on ${entry.place.location}` : 'this folder'} has files that would run, and you have not trusted it yet.`,
      hint: 'Look at what it would run, then trust the folder or open it restricted.',
    });
  }

  /** Check a local session's folder now; shows the question (or its end). */
  private trustNow(entry: Entry): boolean {
    if (entry.trust?.state === 'restricted') return true;
    const decision = this.checkFolder(entry.session.cwd);
    this.showDecision(entry, decision);
    return decision.trusted;
  }

  /** A local folder's standing; a `.clide/setup` or `.clide/run` whose content was allowed for the repository is not shown again. */
  private checkFolder(cwd: string): TrustDecision {
    return checkLocalFolder(this.trust, cwd, { configDir: claudeConfigDir(this.env, this.homeDir), homeDir: this.homeDir }, (item, root) => {
      const repo = item.kind === 'setup' || item.kind === 'run' ? this.repositoryOf(root)?.[1] : undefined;
      return repo !== undefined && (item.kind === 'setup' ? repo.setupConfirmed : repo.runConfirmed) === setupHash(item.detail);
    });
  }

  /** The settings of the repository whose main checkout is (really) at `root`. */
  private repositoryOf(root: string): [string, RepositorySettings] | undefined {
    return Object.entries(this.workspace.settings.get().repositories).find(([key]) => key === root || realPath(key) === root);
  }

  /**
   * Trusting a folder that showed its `.clide/setup` or `.clide/run` allows that content too (they
   * were shown exactly), and runs a setup waiting for it.
   */
  private setupTrusted(entry: Entry, prompt: TrustPrompt): void {
    const repository = this.repositoryOf(prompt.root)?.[0] ?? prompt.root;
    for (const item of prompt.items) {
      if (item.kind !== 'setup' && item.kind !== 'run') continue;
      const hash = setupHash(item.detail);
      this.workspace.settings.rememberRepository(repository, item.kind === 'setup' ? { setupConfirmed: hash } : { runConfirmed: hash });
      if (item.kind === 'setup' && entry.view.setup?.phase === 'confirm' && entry.view.setup.confirm?.hash === hash) {
        this.isolation.confirmSetup(entry.session.id, hash, true);
      }
    }
  }

  private remoteTrusted(entry: Entry): boolean {
    return entry.trust?.state === 'trusted' || entry.trust?.state === 'restricted';
  }

  /** Scan a remote session's folder on its host (connected); a failed scan is a failed start. */
  private async checkRemoteTrust(entry: Entry, place: RemotePlace) {
    try {
      const host = this.remote.host(place.location);
      const scan = await scanRemoteFolder(host.master, place.location, entry.session.cwd, host.known?.home ?? '');
      this.showDecision(entry, this.trust.decide(scan.place, scan.items));
      return undefined;
    } catch (err) {
      return {
        kind: 'connection-failed' as const,
        message: `clide could not look at the folder's files on ${place.location} before starting Claude there.`,
        detail: (err as Error).message,
      };
    }
  }

  private showDecision(entry: Entry, decision: TrustDecision): void {
    this.showTrust(entry, decision.trusted ? { state: 'trusted' } : { state: 'asking', prompt: decision.prompt });
  }

  private showTrust(entry: Entry, trust: TrustState | undefined): void {
    const before = entry.trust;
    entry.trust = trust;
    if (!trust || (before?.state === trust.state && before.prompt?.promptId === trust.prompt?.promptId)) return;
    // A tab that never had to ask says nothing; one that asked (or was restricted) shows its answer.
    if (trust.state === 'trusted' && !before?.prompt) return;
    this.record(entry, [{ kind: 'info', info: { trust } }]);
  }

  /** A host's connection dropped: tabs there that lost theirs get ssh's words for why. */
  private remoteDown(location: string, stderr: string): void {
    for (const entry of this.sessions.values()) {
      const failure = entry.view.failure;
      if (entry.place?.location !== location || failure?.error.kind !== 'connection-lost') continue;
      const error = lostProblem(location, [failure.error.detail === NO_CAUSE ? '' : (failure.error.detail ?? ''), stderr].join('\n'), failure.resumable);
      if (error.detail !== failure.error.detail) this.record(entry, [{ kind: 'failure', error, resumable: failure.resumable }]);
    }
  }

  /** The folder of a session on this computer; git and the like never run on a remote one's path here. */
  private localCwdOf(id: string): string {
    const entry = this.get(id);
    if (entry.place) {
      throw new ClideError({ kind: 'invalid-input', message: `This session runs on ${entry.place.location}; its changes cannot be shown here yet.` });
    }
    return entry.session.cwd;
  }

  private get(id: string): Entry {
    const entry = this.sessions.get(id);
    if (!entry) throw new ClideError({ kind: 'session-not-found', message: 'That session is not open.' });
    return entry;
  }

  /** A process answered `initialize`: keep it for tabs not started yet, and fill those that had nothing. */
  private initialized(cwd: string, cli: CliIdentity | undefined, info: SessionInfo, modeFlag: string | undefined): void {
    this.initCache.remember(cwd, cli, info, modeFlag);
    for (const e of this.sessions.values()) {
      if (e.session.phase !== 'idle' || e.view.info.models) continue;
      const cached = this.initCache.lookup(e.session.cwd, e.cli);
      if (cached) e.session.showCached(cached);
    }
  }

  /** How long a session may idle before it is parked (ms; 0: never). */
  private parkAfterMs(): number {
    const seconds = parkSecondsFromEnv(this.env);
    return seconds !== undefined ? seconds * 1000 : this.workspace.settings.get().parkAfterMinutes * 60_000;
  }

  /**
   * What the spare should be: for the tab on screen when it has no process (its next message
   * claims it), else for a new session in the folder used last, with the default model and mode.
   */
  private spareTarget(): SpawnSpec | undefined {
    if (this.quitting) return undefined;
    const shown = this.continuity.activeTab;
    const entry = shown ? this.sessions.get(shown) : undefined;
    if (entry?.session.wantsSpare) return entry.session.spawnSpec();
    // Its process is on its way out: the spare will be for it once it is gone.
    if (entry?.session.phase === 'parking') return undefined;
    const claude = this.checkClaude();
    if (!claude.found || !claude.path) return undefined;
    const cwd = this.workspace.settings.get().recentCwds[0] ?? this.defaultCwd;
    if (cwdProblem(cwd)) return undefined;
    // Never a process in a folder the person has not trusted.
    if (!this.checkFolder(cwd).trusted) return undefined;
    const choices = this.workspace.withDefaults({ cwd });
    try {
      return specFor(claude.path, childEnv(this.env), cwd, { model: choices.model, permissionMode: choices.permissionMode });
    } catch {
      return undefined;
    }
  }

  private record(entry: Entry, input: SessionEvent[]): void {
    // A team delivery's user message becomes the message cards it carries (team/broker.ts).
    const events = this.team ? this.team.intercept(entry.session.id, input) : input;
    entry.view = applyEvents(entry.view, events);
    if (this.sessions.get(entry.session.id) !== entry) return; // closed: nobody is watching
    this.batcher.push({ type: 'session-events', id: entry.session.id, events });
    this.parking.activity(entry.session.id);
    // A tab that started, parked or ended may change what the spare should be.
    if (this.spare && events.some((e) => e.kind === 'status')) this.spare.refresh();
    this.answering.observe(entry.session.id, events);
    this.team?.observe(entry.session.id, events);
    this.continuity.observe(entry.session.id, events);
    // A setup confirmed (or skipped) in its own card: the trust question may have nothing left to ask.
    if (entry.trust?.state === 'asking' && !entry.place && events.some((e) => e.kind === 'setup-finished' || e.kind === 'setup-started')) this.trustNow(entry);
    // A finished turn has written its transcript: the index catches up (in its worker).
    if (events.some((e) => e.kind === 'result')) this.search?.refresh();
  }
}
