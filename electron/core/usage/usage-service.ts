// The Usage view's side of the main process: the figures from the search worker, with the
// folders grouped by repository (a worktree under the checkout it was made from), and the
// plan's limits with their history.
import fs from 'node:fs';
import path from 'node:path';
import type { PlanUsage } from '../../../shared/usage';
import type { LimitHistory, UsageProject, UsageReport } from '../../../shared/usage-report';
import type { SearchService } from '../search/service';
import { addFigures, emptyFigures, type IndexedUsage } from './report';
import { estimateLimits, LimitHistoryStore } from './limits-history';

export interface UsageServiceOptions {
  dataDir: string | undefined;
  search: () => SearchService | undefined;
  /** The repository a clide worktree was made from (Isolation.worktreeOf). */
  repoOf: (folder: string) => string | undefined;
  /** get_usage of a session, when it is running (undefined otherwise: nothing is started for it). */
  askLimits: (id: string) => Promise<PlanUsage> | undefined;
}

export class UsageService {
  readonly limitStore: LimitHistoryStore;

  constructor(private readonly opts: UsageServiceOptions) {
    this.limitStore = new LimitHistoryStore(opts.dataDir);
  }

  async report(): Promise<UsageReport> {
    const search = this.opts.search();
    if (!search) throw new Error('Usage figures need a data directory to keep the index in.');
    const { usage, progress } = await search.usage();
    const { folders, ...rest } = usage;
    return { ...rest, projects: groupProjects(folders, (f) => this.opts.repoOf(f)), progress };
  }

  /** Every get_usage answer is kept (the status bar's popover asks too). */
  recordLimits(plan: PlanUsage): void {
    this.limitStore.record(plan);
  }

  async limits(id: string | undefined): Promise<LimitHistory> {
    let now: PlanUsage | undefined;
    let note: string | undefined;
    const asking = id ? this.opts.askLimits(id) : undefined;
    if (!asking) note = 'Limits are asked of a running session: start one to see them now.';
    else {
      try {
        now = await asking;
        this.recordLimits(now);
        if (!now.limitsApply) note = 'Plan limits do not apply to this login (an API key or a cloud provider).';
        else if (!now.windows) note = 'Claude Code could not read the limits just now.';
      } catch (err) {
        note = `Claude Code could not be asked: ${(err as Error).message}`;
      }
    }
    const samples = this.limitStore.samples();
    return { ...(now?.windows ? { now: now.windows } : {}), ...(note ? { note } : {}), samples, estimates: estimateLimits(samples) };
  }
}

/** Folders by repository: clide's worktrees and git's own linked worktrees under their checkout. */
export function groupProjects(folders: IndexedUsage['folders'], repoOf: (folder: string) => string | undefined): UsageProject[] {
  const projects = new Map<string, UsageProject>();
  for (const f of folders) {
    const root = f.folder ? (repoOf(f.folder) ?? linkedWorktreeRoot(f.folder) ?? f.folder) : '';
    let p = projects.get(root);
    if (!p) projects.set(root, (p = { root, folders: [], ...emptyFigures() }));
    addFigures(p, f);
    p.folders.push({ ...f, worktree: root !== f.folder });
  }
  const cost = (x: { reported: number; priced: number }) => x.reported + x.priced;
  for (const p of projects.values()) p.folders.sort((a, b) => cost(b) - cost(a));
  return [...projects.values()].sort((a, b) => cost(b) - cost(a));
}

/** A linked worktree's .git is a file naming <repo>/.git/worktrees/<name>: its repository is <repo>. */
function linkedWorktreeRoot(folder: string): string | undefined {
  try {
    const text = fs.readFileSync(path.join(folder, '.git'), 'utf8');
    const gitdir = /^gitdir:\s*(.+)$/m.exec(text)?.[1]?.trim();
    const m = gitdir ? /^(.*)[\\/]\.git[\\/]worktrees[\\/][^\\/]+$/.exec(path.resolve(folder, gitdir)) : null;
    return m?.[1];
  } catch {
    return undefined; // not a linked worktree (a folder, a main checkout, or gone)
  }
}
