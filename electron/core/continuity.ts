// What makes sessions last: the history of past sessions, resuming one in a tab with its
// earlier conversation shown like a live one, forks, titles of sessions that no longer run,
// and the open tabs (with drafts and queued messages) kept in the data dir and reopened when
// the app starts again after a quit or a crash. The host only routes to this.
//
// The CLI does not replay a resumed conversation on stdout, so the earlier conversation comes
// from its transcript file. A resumed or restored tab starts no process until its first message
// (lazy-start.ts); the transcript read can take a while for a huge session, and whatever the
// session says before it is done is held back and shown after it, so the tab always reads in
// order.
import type { SessionEvent } from '../../shared/events';
import type { WorktreeInfo } from '../../shared/git';
import type { HistorySession } from '../../shared/history';
import type { SplitLayout } from '../../shared/split';
import { ClideError } from '../../shared/result';
import type { History } from './history';
import type { TranscriptSummary } from './protocol/transcript-summary';
import type { Aside } from '../../shared/aside';
import type { KeptLimit } from './limit-resume';
import { limitToKeep, MAX_KEPT_ASIDES, queueToKeep, SessionsStore, type PersistedQueue, type SessionsFile, type TabRecord } from './restore';

/** What the continuity needs of a session. */
export interface ContinuitySession {
  readonly id: string;
  readonly cwd: string;
  /** The Claude session id (known at once for a resume or fork, else after the first message). */
  readonly sessionId: string | undefined;
}

export interface CreateChoices {
  cwd?: string;
  resume?: string;
  model?: string;
  permissionMode?: string;
  /** With `resume`: start a copy, cut after transcript record `at`. */
  fork?: { at?: string };
  /** The session's own git worktree (electron/core/git), kept with the tab. */
  worktree?: WorktreeInfo;
  /** The remote host it runs on (electron/core/remote); absent: this computer. */
  location?: string;
  /** Opened without anything of its folder's own (workspace trust, electron/core/trust). */
  restricted?: boolean;
}

/** What the continuity needs of the host. */
export interface ContinuityHost {
  create(choices: CreateChoices): { id: string };
  rename(id: string, title: string): Promise<void>;
  list(): ContinuitySession[];
  readonly orphansReaped: Promise<unknown>;
}

export interface ContinuityOptions {
  host: ContinuityHost;
  history: History;
  /** Where the open tabs are kept; without it nothing is written or restored. */
  dataDir?: string;
  /** The message queues live in the host; these read and refill one (with its images). */
  queue: { state(id: string): PersistedQueue | undefined; restore(id: string, queue: PersistedQueue): void };
  /** A turn stopped by a usage limit, and its continue at the reset (limit-resume.ts). */
  limits?: { state(id: string): KeptLimit | undefined; restore(id: string, limit: KeptLimit): void };
  /** The side questions live in the host too (asides.ts); these read and refill a tab's. */
  asides?: { state(id: string): Aside[] | undefined; restore(id: string, asides: readonly Aside[]): void };
  debounceMs?: number;
  log?: (message: string) => void;
  /** The worktree clide made at a folder, if it is one (History names its repository and branch). */
  worktreeOf?: (cwd: string | undefined) => WorktreeInfo | undefined;
  /** The person typed in a tab, or showed another one (idle sessions are parked, parking.ts). */
  touched?: (id: string | undefined) => void;
  /** Past sessions on remote hosts (electron/core/remote), each brought up to date when it can be. */
  remote?: {
    history(location: string): Promise<History>;
    histories(): Promise<Array<{ location: string; history: History }>>;
  };
}

/** Restored facts a tab starts with. */
interface Incoming {
  draft?: string;
  title?: string;
  turn?: TabRecord['turn'];
}

export const CUT_OFF_CODE = 'turn-cut-off';

export class Continuity {
  private readonly store: SessionsStore;
  private readonly tabs = new Map<string, TabRecord>();
  private titles: Record<string, string>;
  private readonly saved: TabRecord[];
  private readonly savedActive: number | undefined;
  private active: string | undefined;
  private readonly savedSplit: SessionsFile['split'];
  /** The window's split view, by tab id (kept as positions in the file). */
  private split: SplitLayout | undefined;
  /** Hydrating sessions: live events held back until the earlier conversation is shown. */
  private readonly held = new Map<string, SessionEvent[]>();
  private readonly sinks = new Map<string, (events: SessionEvent[]) => void>();
  /** Claude session id -> the exit of a process that is still shutting down. */
  private readonly exiting = new Map<string, Promise<void>>();
  private readonly cutOffs = new Map<string, TabRecord['turn']>();
  private replaying: string | undefined;
  private incoming: Incoming | undefined;
  private restoring: Promise<void> | undefined;
  private inRestore = false;
  private frozen = false;
  private readonly log: (message: string) => void;

  constructor(private readonly opts: ContinuityOptions) {
    this.log = opts.log ?? ((m) => console.warn(`[clide] ${m}`));
    this.store = new SessionsStore({ dataDir: opts.dataDir, debounceMs: opts.debounceMs, log: this.log });
    const { value } = this.store.load();
    this.saved = value.tabs;
    this.savedActive = value.active;
    this.savedSplit = value.split;
    this.titles = { ...value.titles };
  }

  get history(): History {
    return this.opts.history;
  }

  /** Resolves once the tabs of the previous run have been reopened (at once if none were asked for). */
  get ready(): Promise<void> {
    return this.restoring ?? Promise.resolve();
  }

  // ---- tabs as they open, change and close -----------------------------------------------------

  /** The session's event listener: passes events on, except while its earlier conversation loads. */
  gate(id: string, sink: (events: SessionEvent[]) => void): (events: SessionEvent[]) => void {
    this.sinks.set(id, sink);
    return (events) => {
      const held = this.held.get(id);
      if (held) held.push(...events);
      else sink(events);
    };
  }

  opened(session: ContinuitySession, choices: CreateChoices): void {
    const incoming = this.incoming;
    this.incoming = undefined;
    const tab: TabRecord = {
      cwd: session.cwd,
      claudeSessionId: session.sessionId,
      fork: choices.fork && choices.resume ? { from: choices.resume, at: choices.fork.at } : undefined,
      model: choices.model,
      permissionMode: choices.permissionMode,
      worktree: choices.worktree,
      location: choices.location,
      title: incoming?.title,
      draft: incoming?.draft || undefined,
      turn: incoming?.turn,
    };
    this.tabs.set(session.id, tab);
    if (incoming?.turn) this.cutOffs.set(session.id, incoming.turn);
    this.save();
  }

  /** Every event a session records passes by here (title, model, turn, queue changes). */
  observe(id: string, events: readonly SessionEvent[]): void {
    const tab = this.tabs.get(id);
    if (!tab || this.frozen) return;
    const replay = this.replaying === id;
    let changed = false;
    const set = <K extends keyof TabRecord>(key: K, value: TabRecord[K]) => {
      if (tab[key] === value) return;
      tab[key] = value;
      changed = true;
    };
    for (const e of events) {
      if (e.kind === 'info') {
        const { claudeSessionId, title, model, permissionMode, trust } = e.info;
        if (trust?.state === 'restricted') set('restricted', true);
        if (claudeSessionId && claudeSessionId !== tab.claudeSessionId) set('claudeSessionId', claudeSessionId);
        // The CLI names the session once it has written it: a fork is no longer pending.
        if (claudeSessionId && !replay && tab.fork) set('fork', undefined);
        if (title !== undefined) {
          set('title', title);
          if (!replay && tab.claudeSessionId && this.titles[tab.claudeSessionId] !== title) {
            this.titles = { ...this.titles, [tab.claudeSessionId]: title };
            changed = true;
          }
        }
        if (model) set('model', model);
        if (permissionMode) set('permissionMode', permissionMode);
      } else if (e.kind === 'user' && !replay) {
        set('turn', { prompt: e.text, messageId: e.id, at: e.at });
      } else if (e.kind === 'result') {
        set('turn', undefined);
      } else if (changesQueue(e)) {
        tab.queue = queueToKeep(this.opts.queue.state(id));
        changed = true;
      } else if (e.kind === 'limit-stop' && this.opts.limits) {
        tab.limit = limitToKeep(this.opts.limits.state(id));
        changed = true;
      } else if (e.kind === 'aside' && this.opts.asides) {
        tab.asides = this.opts.asides.state(id)?.slice(-MAX_KEPT_ASIDES);
        changed = true;
      }
    }
    if (changed) this.save();
  }

  /** A tab was closed by the person: forget it, and remember its process until it has exited. */
  closed(id: string, session: ContinuitySession, exit: Promise<void>): Promise<void> {
    this.held.delete(id);
    this.sinks.delete(id);
    this.cutOffs.delete(id);
    if (!this.frozen && this.tabs.delete(id)) this.save();
    const sid = session.sessionId;
    if (sid) {
      const gone: Promise<void> = exit
        .catch(() => {})
        .finally(() => {
          if (this.exiting.get(sid) === gone) this.exiting.delete(sid);
        });
      this.exiting.set(sid, gone);
    }
    return exit;
  }

  /** The app is quitting: write the tabs as they are now, and keep them that way while sessions close. */
  shutdown(): void {
    this.save();
    this.store.flush();
    this.frozen = true;
  }

  saveDraft(id: string, text: string): void {
    const tab = this.tabs.get(id);
    if (!tab) throw new ClideError({ kind: 'session-not-found', message: 'That session is not open.' });
    const draft = text === '' ? undefined : text;
    this.opts.touched?.(id);
    if (tab.draft === draft) return;
    tab.draft = draft;
    this.save();
  }

  /** The tab a window showed last (restored from the previous run until a window says otherwise). */
  get activeTab(): string | undefined {
    return this.active && this.tabs.has(this.active) ? this.active : undefined;
  }

  /** The split view a window showed last, with only tabs that are still open (undefined: none). */
  get splitLayout(): SplitLayout | undefined {
    const s = this.split;
    if (!s) return undefined;
    const right = s.right.filter((id) => this.tabs.has(id));
    const left = [...this.tabs.keys()].filter((id) => !right.includes(id));
    if (right.length === 0 || left.length === 0) return undefined;
    const shown = { left: left.includes(s.shown.left) ? s.shown.left : left[0]!, right: right.includes(s.shown.right) ? s.shown.right : right[0]! };
    return { right, shown, ratio: s.ratio };
  }

  /** A window's tab order, shown tab and split view: kept so a restart reopens them the same way. */
  saveLayout(order: readonly string[], active: string | undefined, split?: SplitLayout): void {
    const splitChanged = JSON.stringify(split) !== JSON.stringify(this.split);
    this.split = split;
    if (splitChanged) this.save();
    const known = order.filter((id) => this.tabs.has(id));
    const rest = [...this.tabs.keys()].filter((id) => !known.includes(id));
    const next = [...known, ...rest];
    const moved = next.some((id, i) => [...this.tabs.keys()][i] !== id);
    if (moved) {
      const entries = next.map((id) => [id, this.tabs.get(id)!] as const);
      this.tabs.clear();
      for (const [id, tab] of entries) this.tabs.set(id, tab);
    }
    const shown = active && this.tabs.has(active) ? active : this.active;
    if (!moved && shown === this.active) return;
    const switched = shown !== this.active;
    this.active = shown;
    this.save();
    if (switched) this.opts.touched?.(shown);
  }

  drafts(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [id, tab] of this.tabs) if (tab.draft) out[id] = tab.draft;
    return out;
  }

  // ---- resume: the earlier conversation; the process starts with the first message ------------

  /**
   * The CLI refuses a session that another process still has open: what a resumed tab's
   * process must wait for before it starts (a tab of the same Claude session still closing).
   */
  exitOf(session: ContinuitySession): Promise<void> | undefined {
    const source = this.tabs.get(session.id)?.fork?.from;
    const busy = [source ? this.exiting.get(source) : undefined, session.sessionId ? this.exiting.get(session.sessionId) : undefined].filter(
      (p) => p !== undefined,
    );
    return busy.length > 0 ? Promise.all(busy).then(() => undefined) : undefined;
  }

  /** Show the earlier conversation of a session that continues (or forks) a saved one, from its transcript. */
  async resume(session: ContinuitySession, isOpen: () => boolean): Promise<void> {
    const id = session.id;
    const tab = this.tabs.get(id);
    const source = tab?.fork?.from ?? session.sessionId;
    if (!source) return;
    this.held.set(id, []);
    // The tab names its session at once; a long transcript takes a moment more.
    this.replay(id, [
      { kind: 'info', info: { claudeSessionId: session.sessionId, title: tab?.title ?? (tab?.fork ? undefined : this.titles[source]), loadingEarlier: true } },
    ]);
    const events: SessionEvent[] = [];
    try {
      const history = await this.historyOf(tab?.location);
      const conv = await history.conversation(source, session.cwd, { through: tab?.fork?.at });
      if (conv) {
        // Records of a new kind that carry no conversation are left out quietly; the log counts them.
        const skipped = [...conv.skipped].map(([type, n]) => `${n} ${type}`).join(', ');
        if (skipped) this.log(`resuming ${source}: skipped records of the CLI's own bookkeeping that clide does not know (${skipped})`);
        const title = tab?.title ?? (tab?.fork ? undefined : (this.titles[source] ?? conv.customTitle));
        events.push({ kind: 'info', info: { claudeSessionId: session.sessionId, title } });
        const turn = this.cutOffs.get(id);
        this.cutOffs.delete(id);
        const cutOff = !tab?.fork && (turn !== undefined || conv.cutOff);
        events.push(...(cutOff ? withoutTrailingInterrupt(conv.events) : conv.events));
        if (cutOff) events.push(cutOffNotice(conv.lastPromptId ?? turn?.messageId ?? id, turn !== undefined));
      }
    } catch (err) {
      events.push({
        kind: 'notice',
        id: `history-${id}`,
        level: 'warning',
        code: 'history-unreadable',
        text: `The earlier conversation could not be read from Claude's transcript: ${(err as Error).message}. Claude still has it; new messages continue it.`,
        at: Date.now(),
      });
    }
    events.push({ kind: 'info', info: { loadingEarlier: false } });
    const held = this.held.get(id) ?? [];
    this.held.delete(id);
    if (!isOpen()) return;
    this.replay(id, events);
    if (held.length > 0) this.sinks.get(id)?.(held);
  }

  /** Events from the transcript, not from the process: they are not the person's new turn. */
  private replay(id: string, events: SessionEvent[]): void {
    const sink = this.sinks.get(id);
    if (!sink || events.length === 0) return;
    this.replaying = id;
    try {
      sink(events);
    } finally {
      this.replaying = undefined;
    }
  }

  // ---- restore after a restart or crash -------------------------------------------------------

  /** Reopen the tabs that were open when the app last quit or crashed (once). */
  restore(): Promise<void> {
    this.restoring ??= this.reopen().catch((err: unknown) => this.log(`could not reopen the previous tabs: ${(err as Error).message}`));
    return this.restoring;
  }

  private async reopen(): Promise<void> {
    // Children of a crashed run must be gone first, or the CLI refuses their sessions as in use.
    await this.opts.host.orphansReaped;
    this.inRestore = true;
    try {
      const ids = new Map<number, string>();
      for (const [i, tab] of this.saved.entries()) {
        try {
          const id = await this.reopenTab(tab);
          ids.set(i, id);
          if (i === this.savedActive) this.active = id;
        } catch (err) {
          this.log(`could not reopen a tab in ${tab.cwd}: ${(err as Error).message}`);
        }
      }
      this.split = splitByIds(this.savedSplit, ids);
    } finally {
      this.inRestore = false;
      this.save();
    }
  }

  private async reopenTab(tab: TabRecord): Promise<string> {
    let resume: string | undefined;
    let fork: CreateChoices['fork'];
    // A remote host may be out of reach now: its tab resumes its session there when it connects.
    if (tab.location) {
      resume = tab.claudeSessionId ?? tab.fork?.from;
      if (!tab.claudeSessionId && tab.fork) fork = { at: tab.fork.at };
    } else if (tab.claudeSessionId && (await this.opts.history.find(tab.claudeSessionId, tab.cwd))) resume = tab.claudeSessionId;
    else if (tab.fork && (await this.opts.history.find(tab.fork.from, tab.cwd))) {
      resume = tab.fork.from;
      fork = { at: tab.fork.at };
    }
    // A cut-off prompt whose conversation is gone comes back as the draft, so it is not lost.
    const draft = tab.draft || (!resume && tab.turn ? tab.turn.prompt : undefined);
    this.incoming = { draft, title: tab.title, turn: resume && !fork ? tab.turn : undefined };
    const choices: CreateChoices = {
      cwd: tab.cwd,
      resume,
      fork,
      model: tab.model,
      permissionMode: restorableMode(tab.permissionMode),
      worktree: tab.worktree,
      location: tab.location,
      restricted: tab.restricted,
    };
    let id: string;
    try {
      ({ id } = this.opts.host.create(choices));
    } catch (err) {
      // A model or mode this CLI no longer takes must not lose the tab: open it with the defaults.
      if (!(err instanceof ClideError) || err.info.kind !== 'invalid-input' || (!choices.model && !choices.permissionMode)) throw err;
      this.log(`reopening a tab in ${tab.cwd} without its model and mode: ${err.info.message}`);
      this.incoming = { draft, title: tab.title, turn: resume && !fork ? tab.turn : undefined };
      ({ id } = this.opts.host.create({ cwd: tab.cwd, resume, fork, worktree: tab.worktree, location: tab.location, restricted: tab.restricted }));
    } finally {
      this.incoming = undefined;
    }
    if (tab.queue && tab.queue.entries.length > 0) this.opts.queue.restore(id, heldAfterRestart(tab.queue));
    if (tab.asides && tab.asides.length > 0) this.opts.asides?.restore(id, tab.asides);
    if (tab.limit) this.opts.limits?.restore(id, tab.limit);
    return id;
  }

  // ---- history ---------------------------------------------------------------------------------

  async list(): Promise<HistorySession[]> {
    const open = new Map<string, string>();
    for (const s of this.opts.host.list()) if (s.sessionId) open.set(s.sessionId, s.id);
    const all: Array<TranscriptSummary & { location?: string }> = await this.opts.history.list();
    // Each host's own past sessions, grouped under it; a host out of reach shows what was read last.
    for (const { location, history } of (await this.opts.remote?.histories()) ?? []) {
      for (const s of await history.list().catch(() => [])) all.push({ ...s, location });
    }
    all.sort((a, b) => b.lastActivity - a.lastActivity);
    return all.map((s) => {
      const local = this.titles[s.sessionId];
      return {
        sessionId: s.sessionId,
        cwd: s.cwd,
        title: local ?? s.title,
        named: Boolean(local ?? s.customTitle),
        firstPrompt: s.firstPrompt,
        lastActivity: s.lastActivity,
        messageCount: s.messageCount,
        bytes: s.bytes,
        gitBranch: s.gitBranch,
        cutOff: s.cutOff,
        openIn: open.get(s.sessionId),
        location: s.location,
        worktree: s.location ? undefined : worktreeSummary(this.opts.worktreeOf?.(s.cwd)),
      };
    });
  }

  /** Title a session: in its tab (and the CLI's transcript) when it is open, else locally. */
  async rename(sessionId: string, title: string): Promise<void> {
    const open = this.opts.host.list().find((s) => s.sessionId === sessionId);
    if (open) return this.opts.host.rename(open.id, title);
    this.titles = { ...this.titles, [sessionId]: title };
    this.save();
  }

  /** A new tab with the conversation up to just before one of the tab's user messages. */
  async fork(tabId: string, messageId: string): Promise<{ id: string; draft: string }> {
    const src = this.opts.host.list().find((s) => s.id === tabId);
    if (!src) throw new ClideError({ kind: 'session-not-found', message: 'That session is not open.' });
    const tab = this.tabs.get(tabId);
    const sid = src.sessionId;
    if (!sid || tab?.fork) {
      throw new ClideError({
        kind: 'invalid-input',
        message: 'This conversation has not been saved yet, so it cannot be forked.',
        hint: 'Send a message first, then fork.',
      });
    }
    const ref = await (await this.historyOf(tab?.location)).record(sid, messageId, src.cwd);
    if (!ref) {
      throw new ClideError({
        kind: 'invalid-input',
        message: 'That message is not in the saved conversation.',
        hint: 'Claude saves a message once it has taken it in; try again in a moment.',
      });
    }
    const choices: CreateChoices = {
      cwd: src.cwd,
      model: tab?.model,
      permissionMode: restorableMode(tab?.permissionMode),
      worktree: tab?.worktree,
      location: tab?.location,
    };
    const draft = ref.prompt ?? '';
    this.incoming = { draft };
    try {
      // Forking at the first message keeps nothing: that is a new session in the same folder.
      const { id } = ref.parentUuid ? this.opts.host.create({ ...choices, resume: sid, fork: { at: ref.parentUuid } }) : this.opts.host.create(choices);
      return { id, draft };
    } finally {
      this.incoming = undefined;
    }
  }

  // ---- internals -------------------------------------------------------------------------------

  /** The history a tab's transcripts are in: this computer's, or its host's (brought up to date). */
  private historyOf(location: string | undefined): Promise<History> {
    if (!location) return Promise.resolve(this.opts.history);
    if (!this.opts.remote) return Promise.reject(new Error('remote hosts are not available here'));
    return this.opts.remote.history(location);
  }

  private save(): void {
    if (this.frozen || this.inRestore || !this.store.path) return;
    this.store.save(() => this.file());
  }

  private file(): SessionsFile {
    const ids = [...this.tabs.keys()];
    const active = this.active ? ids.indexOf(this.active) : -1;
    return {
      version: 1,
      tabs: [...this.tabs.values()],
      active: active >= 0 ? active : undefined,
      split: splitByPositions(this.splitLayout, ids),
      titles: this.titles,
    };
  }
}

/** The split view as the file keeps it: tabs by their position. */
function splitByPositions(split: SplitLayout | undefined, ids: readonly string[]): SessionsFile['split'] {
  if (!split) return undefined;
  return {
    right: split.right.map((id) => ids.indexOf(id)),
    shown: { left: ids.indexOf(split.shown.left), right: ids.indexOf(split.shown.right) },
    ratio: split.ratio,
  };
}

/** The kept split view with the ids the reopened tabs got (tabs that did not reopen drop out). */
function splitByIds(saved: SessionsFile['split'], ids: ReadonlyMap<number, string>): SplitLayout | undefined {
  if (!saved) return undefined;
  const right = saved.right.flatMap((i) => (ids.has(i) ? [ids.get(i)!] : []));
  if (right.length === 0) return undefined;
  return { right, shown: { left: ids.get(saved.shown.left) ?? '', right: ids.get(saved.shown.right) ?? right[0]! }, ratio: saved.ratio };
}

function worktreeSummary(wt: WorktreeInfo | undefined): HistorySession['worktree'] {
  return wt && { repoRoot: wt.repoRoot, branch: wt.branch, base: wt.base };
}

/** The queue changed (its events carry no images, so the host's own copy is what gets kept). */
function changesQueue(e: { kind: string }): boolean {
  return e.kind === 'queue';
}

/** Bypass is never switched on again by itself after a restart. */
function restorableMode(mode: string | undefined): string | undefined {
  return mode === 'bypassPermissions' ? undefined : mode;
}

/** A restored queue waits for the person: the turn it waited on was cut off. */
function heldAfterRestart(queue: PersistedQueue): PersistedQueue {
  const dropped = queue.entries.reduce((n, e) => n + (e.imagesDropped ?? 0), 0);
  const note =
    dropped > 0 ? ` ${dropped} attached ${dropped === 1 ? 'image was' : 'images were'} too large to keep and ${dropped === 1 ? 'is' : 'are'} missing.` : '';
  return {
    entries: queue.entries,
    hold: {
      reason: 'stopped',
      message: `clide was closed while these messages waited, so the queue waits. Send one now or resume the queue.${note}`,
    },
  };
}

/** The interrupt clide sent while quitting is not the person's Stop: leave it out of a cut-off turn. */
function withoutTrailingInterrupt(events: SessionEvent[]): SessionEvent[] {
  let lastUser = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]?.kind === 'user') {
      lastUser = i;
      break;
    }
  }
  if (lastUser < 0) return events;
  return events.filter((e, i) => i <= lastUser || !(e.kind === 'context' && e.source === 'interrupt'));
}

function cutOffNotice(promptId: string, restarted: boolean): SessionEvent {
  return {
    kind: 'notice',
    id: `cut-off-${promptId}`,
    level: 'warning',
    code: CUT_OFF_CODE,
    text: restarted
      ? 'Claude had not finished this turn when clide closed. Retry sends the prompt again.'
      : 'This prompt got no reply: the session ended before Claude answered. Retry sends it again.',
    at: Date.now(),
  };
}
