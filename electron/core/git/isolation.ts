// Sessions and their git trees, for the host: which session has its own worktree (made here,
// restored from the tab state, or found in the registry for a resumed one), holding Claude's
// start until the worktree's setup has run (or while the worktree is missing), the tab's git
// glance kept current by a watcher, and tabs that share one working tree without isolation.
//
// Safety: git runs only in a session's own folder, looked up from its id. A worktree counts
// only when clide made it (the registry) and it still belongs to the repository it came from.
import fs from 'node:fs';
import path from 'node:path';
import type { SessionEvent } from '../../../shared/events';
import type { GitCapability, GitStatus, WorktreeInfo, WorktreeRequest } from '../../../shared/git';
import { ClideError } from '../../../shared/result';
import type { SettingsStore } from '../settings';
import { childEnv } from '../child-env';
import { statusOf, type Tree } from './changes';
import { TreeEdits, UndoStore } from './edits';
import { parseWorktreeList } from './porcelain';
import { capabilityOf, probeRepo } from './repo';
import { WorktreeRegistry } from './registry';
import { GitRunner, text, type RunGit } from './runner';
import { Glance } from './glance';
import { SetupStep } from './setup-step';
import { SharedTrees } from './shared-trees';
import { branchExists, createWorktree, recreateWorktree, suggestBranch, worktreesRoot } from './worktree-create';

export interface IsolationDeps {
  env: NodeJS.ProcessEnv;
  homeDir: string;
  dataDir?: string;
  settings: SettingsStore;
  emit(id: string, events: SessionEvent[]): void;
  /** The folder of an open session (throws session-not-found). */
  cwdOf(id: string): string;
}

export interface IsolationOptions {
  git?: GitRunner;
  /** Watcher debounce and longest wait while changes keep coming (tests shorten them). */
  debounceMs?: number;
  maxWaitMs?: number;
  maxWatchedDirs?: number;
  setupTimeoutMs?: number;
  log?: (m: string) => void;
}

interface Tracked {
  id: string;
  cwd: string;
  worktree?: WorktreeInfo;
  /** A start waiting for setup (or for a missing worktree to be made again). */
  held?: { start?: () => void; released: boolean };
  setup?: SetupStep;
  glance?: Glance;
  verified?: boolean;
}

/** Called by the host with the session's start: now, or when setup lets it. */
export type Launch = (start: () => void) => void;

export class Isolation {
  readonly git: GitRunner;
  readonly registry: WorktreeRegistry;
  readonly edits: TreeEdits;
  private readonly undo = new UndoStore();
  private readonly tracked = new Map<string, Tracked>();
  private readonly shared: SharedTrees;
  private readonly log: (m: string) => void;

  constructor(
    private readonly deps: IsolationDeps,
    private readonly opts: IsolationOptions = {},
  ) {
    this.log = opts.log ?? ((m) => console.warn(`[clide] ${m}`));
    this.git = opts.git ?? new GitRunner({ env: deps.env });
    this.registry = new WorktreeRegistry(deps.dataDir, this.log);
    this.edits = new TreeEdits(this.git, this.undo);
    this.shared = new SharedTrees(this.git, deps.emit);
  }

  /** The environment git and gh inherit (the app's). */
  get env(): NodeJS.ProcessEnv {
    return this.deps.env;
  }

  // ---- making an isolated session ----------------------------------------------------------

  /** Whether "Work in a new worktree" can be offered for a folder (a read-only probe of the person's chosen folder). */
  async capability(cwd: string, hint?: string): Promise<GitCapability> {
    const { facts, ...cap } = await capabilityOf(this.git, path.resolve(cwd));
    if (!facts) return cap;
    const remembered = this.deps.settings.get().repositories[facts.mainRoot]?.worktrees;
    if (!cap.available) return { ...cap, remembered };
    const { branch, dir } = await suggestBranch(this.git, facts, this.root(), hint);
    return { ...cap, remembered, suggestedBranch: branch, worktreeDir: dir };
  }

  /** The main checkout of `cwd`'s repository (the key of its settings), or undefined outside git. */
  async mainRoot(cwd: string): Promise<string | undefined> {
    return (await capabilityOf(this.git, path.resolve(cwd)).catch(() => undefined))?.facts?.mainRoot;
  }

  /** `git worktree add` for a new session in `cwd`'s repository; remembers the choice. */
  async prepare(cwd: string, req: WorktreeRequest, hint?: string): Promise<WorktreeInfo> {
    const cap = await capabilityOf(this.git, path.resolve(cwd));
    if (!cap.available || !cap.facts) {
      throw new ClideError({
        kind: cap.problem === 'git-missing' ? 'git-missing' : 'not-a-repository',
        message: cap.reason ?? 'Worktrees are not available here.',
        hint: cap.hint,
      });
    }
    const info = await createWorktree(this.git, { facts: cap.facts, root: this.root(), branch: req.branch, base: req.base, hint });
    this.registry.add(info);
    this.deps.settings.rememberRepository(cap.facts.mainRoot, { worktrees: true });
    return info;
  }

  /** Undo `prepare` when the session could not be created after all (the worktree is new and empty). */
  async discard(info: WorktreeInfo): Promise<void> {
    this.registry.remove(info.worktreeDir);
    await this.git.run(['worktree', 'remove', '--force', info.worktreeDir], { cwd: info.repoRoot }).catch(() => undefined);
    await this.git.run(['branch', '-D', info.branch], { cwd: info.repoRoot }).catch(() => undefined);
  }

  /** The person started a session without a worktree: remember that for its repository. */
  async rememberShared(cwd: string): Promise<void> {
    const probe = await probeRepo(this.git, cwd).catch(() => undefined);
    if (probe && 'facts' in probe) this.deps.settings.rememberRepository(probe.facts.mainRoot, { worktrees: false });
  }

  /** Where new worktrees go. */
  private root(): string {
    return worktreesRoot(this.deps.settings.get().worktreeRoot, this.deps.homeDir);
  }

  // ---- sessions as they open and close -----------------------------------------------------

  /**
   * A session opened in `cwd`. Its worktree comes from the request, the restored tab, or the
   * registry (a past session resumed from History). `setup`: a new worktree, set it up first.
   */
  opened(id: string, cwd: string, worktree: WorktreeInfo | undefined, setup = false): Launch {
    const wt = worktree ?? this.registry.get(cwd);
    const t: Tracked = { id, cwd, worktree: wt };
    this.tracked.set(id, t);
    if (!wt) {
      this.shared.add(id, cwd);
      return (start) => start();
    }
    this.registry.add(wt);
    t.held = { released: false };
    const launch: Launch = (start) => {
      if (t.held?.released) start();
      else if (t.held) t.held.start = start;
    };
    if (!fs.existsSync(wt.worktreeDir)) {
      void this.reportMissing(t);
      return launch;
    }
    if (!setup) {
      this.ready(t);
      return launch;
    }
    this.deps.emit(id, [{ kind: 'worktree', worktree: wt, state: 'setting-up' }]);
    void this.beginSetup(t, wt);
    return launch;
  }

  closed(id: string): void {
    const t = this.tracked.get(id);
    if (!t) return;
    this.tracked.delete(id);
    t.setup?.stop();
    t.glance?.close();
    this.undo.forget(t.worktree?.worktreeDir ?? t.cwd);
    this.shared.remove(id);
  }

  dispose(): void {
    for (const id of [...this.tracked.keys()]) this.closed(id);
  }

  /** The worktree of a folder clide manages (History groups those sessions under their repository). */
  worktreeOf(cwd: string | undefined): WorktreeInfo | undefined {
    return cwd ? this.registry.get(cwd) : undefined;
  }

  sharedTrees(): { groups: Array<{ tree: string; sessions: string[] }> } {
    return { groups: this.shared.groups() };
  }

  // ---- setup and start ---------------------------------------------------------------------

  confirmSetup(id: string, hash: string, run: boolean): void {
    const t = this.own(id);
    if (!t.setup) throw new ClideError({ kind: 'invalid-input', message: 'This session has no setup waiting.' });
    t.setup.answer(hash, run);
  }

  /** Start Claude although the setup failed (or is still running: it is stopped). */
  startAnyway(id: string): void {
    const t = this.own(id);
    if (t.held?.released) return;
    t.setup?.stop();
    this.ready(t);
  }

  retrySetup(id: string): void {
    const t = this.own(id);
    if (!t.worktree || t.held?.released) throw new ClideError({ kind: 'invalid-input', message: 'Claude has already started in this worktree.' });
    void this.beginSetup(t, t.worktree);
  }

  /** Make a deleted worktree again from its branch, then start the session. */
  async recreate(id: string): Promise<void> {
    const t = this.own(id);
    if (!t.worktree) throw new ClideError({ kind: 'invalid-input', message: 'This session has no worktree.' });
    if (fs.existsSync(t.worktree.worktreeDir)) throw new ClideError({ kind: 'invalid-input', message: `${t.worktree.worktreeDir} exists already.` });
    await recreateWorktree(this.git, t.worktree);
    t.verified = false;
    this.ready(t);
  }

  private async beginSetup(t: Tracked, wt: WorktreeInfo): Promise<void> {
    // Per-repository settings are kept by the main checkout (what capability calls mainRoot).
    const list = await this.git.direct(['worktree', 'list', '--porcelain'], { cwd: wt.worktreeDir }).catch(() => undefined);
    const main = (list && parseWorktreeList(text(list))[0]?.path) || wt.repoRoot;
    if (this.tracked.get(t.id) !== t) return;
    t.setup = new SetupStep({
      git: this.git,
      worktree: wt,
      env: childEnv(this.deps.env),
      repository: () => this.deps.settings.get().repositories[main],
      confirmed: (hash) => this.deps.settings.rememberRepository(main, { setupConfirmed: hash }),
      emit: (events) => this.tracked.get(t.id) === t && this.deps.emit(t.id, events),
      onReady: () => this.tracked.get(t.id) === t && this.ready(t),
      timeoutMs: this.opts.setupTimeoutMs,
    });
    await t.setup.start();
  }

  private ready(t: Tracked): void {
    if (!t.worktree) return;
    this.deps.emit(t.id, [{ kind: 'worktree', worktree: t.worktree, state: 'ready' }]);
    if (t.held && !t.held.released) {
      t.held.released = true;
      t.held.start?.();
    }
    if (!t.glance || t.glance.closed) {
      t.glance = this.glanceOf(t);
      void t.glance.start();
    }
  }

  private glanceOf(t: Tracked): Glance {
    return new Glance({
      git: this.git,
      worktree: t.worktree!,
      emit: (events) => this.tracked.get(t.id) === t && this.deps.emit(t.id, events),
      onMissing: () => void this.reportMissing(t),
      debounceMs: this.opts.debounceMs,
      maxWaitMs: this.opts.maxWaitMs,
      maxDirs: this.opts.maxWatchedDirs,
      log: this.log,
    });
  }

  private async reportMissing(t: Tracked): Promise<void> {
    const wt = t.worktree!;
    const message = `The worktree ${wt.worktreeDir} was deleted outside clide.`;
    this.deps.emit(t.id, [{ kind: 'worktree', worktree: wt, state: 'missing', message }]);
    const canRecreate = await branchExists(this.git, wt.repoRoot, wt.branch).catch(() => false);
    if (this.tracked.get(t.id) !== t) return;
    this.deps.emit(t.id, [
      {
        kind: 'worktree',
        worktree: wt,
        state: 'missing',
        canRecreate,
        message: canRecreate ? `${message} Its branch ${wt.branch} still exists: it can be made again.` : `${message} Its branch ${wt.branch} is gone too.`,
      },
    ]);
  }

  // ---- the glance ----------------------------------------------------------------------------

  /** The glance now: a worktree's with its unfinished merge or rebase (and the tab told), else the checkout's. */
  async statusFor(id: string): Promise<GitStatus> {
    const t = this.own(id);
    if (t.worktree) {
      await this.worktree(id);
      const status = await (t.glance ?? this.glanceOf(t)).compute();
      if (status) return status;
    }
    const tree = await this.tree(id);
    return statusOf(this.runIn(tree.cwd), tree);
  }

  /**
   * Refuses what needs Claude running (a message, a restart) while the worktree holds its start:
   * the worktree is missing, or its setup is running, waiting for a confirmation, or failed.
   * Without this a message would meet a process that was never started and be told the session
   * "has ended".
   */
  assertStarted(id: string): void {
    const t = this.tracked.get(id);
    if (!t?.worktree || !t.held || t.held.released) return;
    if (!fs.existsSync(t.worktree.worktreeDir)) {
      throw new ClideError({
        kind: 'worktree-missing',
        message: `The worktree ${t.worktree.worktreeDir} no longer exists, so Claude has not started.`,
        hint: 'Make it again from its branch first.',
      });
    }
    const phase = t.setup?.state;
    if (phase === 'confirm') {
      throw new ClideError({
        kind: 'session-busy',
        message: "Claude has not started: the repository's setup file is waiting for your confirmation.",
        hint: 'Confirm it, or start without it.',
      });
    }
    if (phase === 'failed') {
      throw new ClideError({
        kind: 'session-busy',
        message: "Claude has not started: the worktree's setup failed.",
        hint: 'Retry the setup, or start anyway.',
      });
    }
    throw new ClideError({
      kind: 'session-busy',
      message: 'Claude has not started: the worktree is still being set up.',
      hint: 'Send again once the setup is done, or start anyway.',
    });
  }

  /** Refresh a session's glance now (after an edit made from the panel). */
  touched(id: string): void {
    void this.tracked.get(id)?.glance?.refresh(true);
  }

  // ---- what the channels may touch -------------------------------------------------------------

  private own(id: string): Tracked {
    this.deps.cwdOf(id); // throws for a session that is not open
    const t = this.tracked.get(id);
    if (!t) throw new ClideError({ kind: 'session-not-found', message: 'That session is not open.' });
    return t;
  }

  /** The tree git may work in for a session: its worktree, or the top of its own folder's checkout. */
  async tree(id: string): Promise<Tree> {
    const t = this.own(id);
    if (t.worktree) {
      const wt = await this.worktree(id);
      return { cwd: wt.worktreeDir, base: { name: wt.base, commit: wt.baseCommit } };
    }
    const probe = await probeRepo(this.git, t.cwd).catch(() => undefined);
    if (!probe || !('facts' in probe)) throw new ClideError({ kind: 'not-a-repository', message: `${t.cwd} is not inside a git repository.` });
    return { cwd: probe.facts.root };
  }

  /** The session's worktree, checked: clide made it, it exists, and it belongs to the checkout it came from. */
  async worktree(id: string): Promise<WorktreeInfo> {
    const t = this.own(id);
    const wt = t.worktree;
    if (!wt) throw new ClideError({ kind: 'invalid-input', message: 'This session works in a shared folder, not in a worktree of its own.' });
    if (path.resolve(t.cwd) !== path.resolve(wt.worktreeDir) || !this.registry.get(wt.worktreeDir)) {
      throw new ClideError({ kind: 'invalid-input', message: `Refused: ${wt.worktreeDir} is not a worktree clide manages for this session.` });
    }
    if (!fs.existsSync(wt.worktreeDir)) throw new ClideError({ kind: 'worktree-missing', message: `The worktree ${wt.worktreeDir} no longer exists.` });
    if (!t.verified) {
      const common = async (cwd: string) => path.resolve(cwd, text(await this.git.direct(['rev-parse', '--git-common-dir'], { cwd })).trim());
      const [a, b] = await Promise.all([common(wt.worktreeDir), fs.existsSync(wt.repoRoot) ? common(wt.repoRoot) : Promise.resolve('')]);
      if (b && a !== b)
        throw new ClideError({ kind: 'invalid-input', message: `Refused: ${wt.worktreeDir} does not belong to the repository of ${wt.repoRoot}.` });
      t.verified = Boolean(b);
    }
    return wt;
  }

  /** A RunGit bound to a folder, queued on its repository. */
  runIn(cwd: string): RunGit {
    return (args, o) => this.git.run(args, { cwd, ...o });
  }

  /** The worktree a session is known to have (no checks; for what the tab shows). */
  known(id: string): WorktreeInfo | undefined {
    return this.tracked.get(id)?.worktree;
  }
}
