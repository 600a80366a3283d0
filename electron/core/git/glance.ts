// The tab's git glance for one worktree (branch, files changed, ahead/behind, uncommitted, an
// unfinished merge or rebase), recomputed when its watcher says something changed and sent to
// the tab when it differs, or when the watcher saw files change (an edit that keeps every count
// still refreshes an open Changes panel). One refresh at a time; changes during one run it once more.
import fs from 'node:fs';
import path from 'node:path';
import type { SessionEvent } from '../../../shared/events';
import type { GitStatus, WorktreeInfo } from '../../../shared/git';
import { statusOf } from './changes';
import { gitDirOf, operationIn } from './merge';
import { text, type GitRunner } from './runner';
import { TreeWatcher } from './watcher';

export interface GlanceOptions {
  git: GitRunner;
  worktree: WorktreeInfo;
  emit: (events: SessionEvent[]) => void;
  /** The worktree folder is gone (the glance has stopped watching). */
  onMissing: () => void;
  debounceMs?: number;
  maxWaitMs?: number;
  maxDirs?: number;
  log: (m: string) => void;
}

export class Glance {
  private watcher: TreeWatcher | undefined;
  /** The worktree's git dir, then the checkout's: where an unfinished merge or rebase shows. */
  private gitDirs: string[] = [];
  private last: string | undefined;
  private refreshing = false;
  private again = false;
  /** Files changed since the last glance was sent: send the next one even if it is the same. */
  private seen = false;
  closed = false;

  constructor(private readonly opts: GlanceOptions) {}

  async start(): Promise<void> {
    const wt = this.opts.worktree;
    const dir = wt.worktreeDir;
    try {
      const [gitDir, commonDir] = text(await this.opts.git.direct(['rev-parse', '--git-dir', '--git-common-dir'], { cwd: dir }))
        .trim()
        .split('\n')
        .map((p) => path.resolve(dir, p));
      const other = fs.existsSync(wt.repoRoot) ? [await gitDirOf(this.opts.git, wt.repoRoot)] : [];
      this.gitDirs = [gitDir!, ...other];
      if (this.closed) return;
      this.watcher = new TreeWatcher({
        target: { cwd: dir, gitDir: gitDir!, commonDir: commonDir!, otherGitDirs: other },
        git: this.opts.git,
        onChange: () => void this.refresh(true),
        debounceMs: this.opts.debounceMs,
        maxWaitMs: this.opts.maxWaitMs,
        maxDirs: this.opts.maxDirs,
        log: this.opts.log,
      });
      await this.watcher.start();
      await this.refresh();
    } catch (err) {
      this.opts.log(`could not watch ${dir}: ${(err as Error).message}`);
    }
  }

  close(): void {
    this.closed = true;
    this.watcher?.close();
    this.watcher = undefined;
  }

  /**
   * Recompute, and tell the tab if it changed, or in any case with `seen` (files changed: the
   * Changes panel reads them again). Never throws (a watcher calls it).
   */
  async refresh(seen = false): Promise<GitStatus | undefined> {
    if (seen) this.seen = true;
    if (this.refreshing) {
      this.again = true;
      return undefined;
    }
    this.refreshing = true;
    try {
      let status: GitStatus | undefined;
      do {
        this.again = false;
        status = await this.compute().catch((err: unknown) => {
          // A tree deleted mid-refresh is reported by the next run; anything else is logged.
          if (fs.existsSync(this.opts.worktree.worktreeDir))
            this.opts.log(`could not read the git status of ${this.opts.worktree.worktreeDir}: ${(err as Error).message}`);
          else this.again = true;
          return undefined;
        });
      } while (this.again && !this.closed);
      return status;
    } finally {
      this.refreshing = false;
    }
  }

  /** The glance now (sent to the tab when it changed); undefined when the worktree is gone. */
  async compute(): Promise<GitStatus | undefined> {
    const wt = this.opts.worktree;
    if (!fs.existsSync(wt.worktreeDir)) {
      if (!this.closed) {
        this.close();
        this.opts.onMissing();
      }
      return undefined;
    }
    const status = await statusOf((args, o) => this.opts.git.run(args, { cwd: wt.worktreeDir, ...o }), {
      cwd: wt.worktreeDir,
      base: { name: wt.base, commit: wt.baseCommit },
    });
    const checkouts = [wt.worktreeDir, wt.repoRoot];
    const kinds = this.gitDirs.map((d) => operationIn(d));
    const at = kinds.findIndex((k) => k !== undefined);
    if (at >= 0) status.operation = { kind: kinds[at]!, checkout: checkouts[at]! };
    const { at: _at, ...same } = status;
    const key = JSON.stringify(same);
    if ((key !== this.last || this.seen) && !this.closed) {
      this.last = key;
      this.seen = false;
      this.opts.emit([{ kind: 'git-status', status }]);
    }
    return status;
  }
}
