// "Archive": remove a session's worktree (`git worktree remove`) and optionally its branch.
// What that would lose is listed exactly (uncommitted files; with the branch, the commits no
// base and no remote has) and nothing is removed unless the call confirms that very list.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { ArchiveLosses, ArchiveResult, WorktreeInfo } from '../../../shared/git';
import { parseStatusV2 } from './porcelain';
import { nulFields, type GitRunner, type RunGit } from './runner';

/** Names exactly one list of losses. */
export function confirmToken(losses: ArchiveLosses): string {
  return createHash('sha256')
    .update(JSON.stringify({ u: losses.uncommitted, c: losses.commits.map((c) => c.commit) }))
    .digest('hex')
    .slice(0, 32);
}

async function lossesOf(run: RunGit, wt: WorktreeInfo, deleteBranch: boolean): Promise<ArchiveLosses> {
  let uncommitted: string[] = [];
  if (fs.existsSync(wt.worktreeDir)) {
    const s = parseStatusV2(nulFields(await run(['status', '--porcelain=v2', '-z', '--untracked-files=all'], { cwd: wt.worktreeDir, readOnly: true })));
    uncommitted = s.entries.map((e) => e.path).sort();
  }
  let commits: ArchiveLosses['commits'] = [];
  if (deleteBranch) {
    const tip = await run(['rev-parse', '-q', '--verify', `refs/heads/${wt.branch}`], { readOnly: true, okCodes: [0, 1] });
    if (tip.code === 0) {
      const base =
        (await run(['rev-parse', '-q', '--verify', `refs/heads/${wt.base}`], { readOnly: true, okCodes: [0, 1] })).code === 0
          ? `refs/heads/${wt.base}`
          : wt.baseCommit;
      const out = await run(['log', '-z', '--format=%H%x09%s', `refs/heads/${wt.branch}`, '--not', base, '--remotes', '--'], { readOnly: true });
      commits = nulFields(out).map((l) => {
        const tab = l.indexOf('\t');
        return { commit: l.slice(0, tab), subject: l.slice(tab + 1) };
      });
    }
  }
  return { uncommitted, commits };
}

export async function archiveWorktree(git: GitRunner, wt: WorktreeInfo, opts: { deleteBranch?: boolean; confirm?: string }): Promise<ArchiveResult> {
  const deleteBranch = opts.deleteBranch === true;
  return git.exclusive(wt.repoRoot, async (run) => {
    const losses = await lossesOf(run, wt, deleteBranch);
    const token = confirmToken(losses);
    const anything = losses.uncommitted.length > 0 || losses.commits.length > 0;
    if (anything && opts.confirm !== token) return { outcome: 'refused', losses, confirm: token };
    if (fs.existsSync(wt.worktreeDir)) {
      // --force only when the person confirmed losing the uncommitted files listed.
      await run(['worktree', 'remove', ...(losses.uncommitted.length > 0 ? ['--force'] : []), wt.worktreeDir], { timeoutMs: 120_000 });
    } else {
      await run(['worktree', 'prune']);
    }
    let branchDeleted = false;
    if (deleteBranch && (await run(['rev-parse', '-q', '--verify', `refs/heads/${wt.branch}`], { readOnly: true, okCodes: [0, 1] })).code === 0) {
      await run(['branch', '-D', wt.branch]);
      branchDeleted = true;
    }
    return { outcome: 'archived', branchDeleted };
  });
}
