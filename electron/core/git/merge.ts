// "Merge into <base>": the session's branch goes back into its base, in the checkout the
// session came from. Refused, touching nothing, when that checkout is on another branch, has
// uncommitted changes in the files the merge would touch, or is mid-merge. A fast-forward when
// possible, else a merge commit (the repository's hooks run); rebase as an option. Conflicts
// leave the merge (or rebase) in progress, say where and list the files, and can be aborted.
import fs from 'node:fs';
import path from 'node:path';
import type { FileDiff, MergeResult, MergeState, WorktreeInfo } from '../../../shared/git';
import { ClideError } from '../../../shared/result';
import { diffFiles } from './changes';
import { parseStatusV2 } from './porcelain';
import { nulFields, text, type GitRunner, type RunGit } from './runner';

const MERGE_TIMEOUT_MS = 10 * 60_000;

/** A checkout's own git dir. */
export async function gitDirOf(git: GitRunner, cwd: string): Promise<string> {
  return path.resolve(cwd, text(await git.direct(['rev-parse', '--git-dir'], { cwd })).trim());
}

/** The unfinished operation in a git dir, read from its files (no git process). */
export function operationIn(gitDir: string): 'merge' | 'rebase' | undefined {
  if (fs.existsSync(path.join(gitDir, 'rebase-merge')) || fs.existsSync(path.join(gitDir, 'rebase-apply'))) return 'rebase';
  if (fs.existsSync(path.join(gitDir, 'MERGE_HEAD'))) return 'merge';
  return undefined;
}

async function conflicts(run: RunGit): Promise<string[]> {
  return nulFields(await run(['diff', '--name-only', '--diff-filter=U', '-z'], { readOnly: true }));
}

/** What is unfinished: a merge in the checkout, or a rebase in the worktree. */
export async function mergeState(git: GitRunner, wt: WorktreeInfo): Promise<MergeState> {
  for (const checkout of [wt.repoRoot, wt.worktreeDir]) {
    if (!fs.existsSync(checkout)) continue;
    const kind = operationIn(await gitDirOf(git, checkout));
    if (kind) return { operation: { kind, checkout, conflicts: await conflicts((a, o) => git.run(a, { cwd: checkout, ...o })) } };
  }
  return { operation: null };
}

/**
 * The files an unfinished merge or rebase left conflicted, each as a diff against the HEAD of
 * the checkout it is in: what came in, with git's conflict markers, for the person to read.
 */
export async function conflictDiffs(git: GitRunner, wt: WorktreeInfo): Promise<FileDiff[]> {
  const { operation } = await mergeState(git, wt);
  if (!operation || operation.conflicts.length === 0) return [];
  const { checkout } = operation;
  return diffFiles(
    (a, o) => git.run(a, { cwd: checkout, ...o }),
    { cwd: checkout },
    operation.conflicts.map((p) => ({ path: p })),
    'base',
  );
}

/** Abort what `mergeState` reports; the state after. */
export async function abortMerge(git: GitRunner, wt: WorktreeInfo): Promise<MergeState> {
  const { operation } = await mergeState(git, wt);
  if (operation) await git.run([operation.kind, '--abort'], { cwd: operation.checkout, timeoutMs: MERGE_TIMEOUT_MS });
  return mergeState(git, wt);
}

function refused(
  reason: Extract<MergeResult, { outcome: 'refused' }>['reason'],
  message: string,
  extra: { files?: string[]; branch?: string } = {},
): MergeResult {
  return { outcome: 'refused', reason, message, ...extra };
}

async function statusPaths(run: RunGit): Promise<string[]> {
  const s = parseStatusV2(nulFields(await run(['status', '--porcelain=v2', '-z', '--untracked-files=all'], { readOnly: true })));
  return s.entries.flatMap((e) => (e.origPath ? [e.path, e.origPath] : [e.path]));
}

export async function mergeBack(git: GitRunner, wt: WorktreeInfo, strategy: 'merge' | 'rebase' = 'merge'): Promise<MergeResult> {
  const checkout = wt.repoRoot;
  if (!fs.existsSync(checkout)) return refused('checkout-missing', `The checkout ${checkout} the session came from no longer exists.`);
  const state = await mergeState(git, wt);
  if (state.operation) {
    return refused('operation-in-progress', `A ${state.operation.kind} is in progress in ${state.operation.checkout}. Finish or abort it first.`, {
      files: state.operation.conflicts,
    });
  }
  const inWorktree: RunGit = (args, o) => git.run(args, { cwd: wt.worktreeDir, ...o });
  const pending = await statusPaths(inWorktree);
  if (pending.length > 0) {
    return refused(
      'uncommitted-in-worktree',
      `The session's worktree has changes that are not committed (${pending.length} ${pending.length === 1 ? 'file' : 'files'}); a merge brings only commits. Commit them first.`,
      { files: pending },
    );
  }
  return git.exclusive(checkout, async (run) => {
    const on = await run(['symbolic-ref', '-q', '--short', 'HEAD'], { readOnly: true, okCodes: [0, 1] });
    const branch = text(on).trim();
    if (on.code !== 0) return refused('wrong-branch', `${checkout} is not on a branch (detached HEAD); check out ${wt.base} there first.`);
    if (branch !== wt.base) return refused('wrong-branch', `${checkout} is on ${branch}, not ${wt.base}. Check out ${wt.base} there first.`, { branch });
    const baseHead = text(await run(['rev-parse', 'HEAD'], { readOnly: true })).trim();
    const tip = text(await run(['rev-parse', `refs/heads/${wt.branch}`], { readOnly: true })).trim();
    if ((await run(['merge-base', '--is-ancestor', tip, baseHead], { readOnly: true, okCodes: [0, 1] })).code === 0) {
      return { outcome: 'up-to-date', checkout };
    }
    const mb = text(await run(['merge-base', baseHead, tip], { readOnly: true })).trim();
    const touched = new Set(nulFields(await run(['diff', '--name-only', '--no-renames', '-z', mb, tip], { readOnly: true })));
    const dirty = (await statusPaths(run)).filter((p) => touched.has(p));
    if (dirty.length > 0) {
      return refused(
        'dirty-checkout',
        `${checkout} has uncommitted changes in files the merge changes: ${dirty.slice(0, 5).join(', ')}${dirty.length > 5 ? ', …' : ''}. Commit or stash them there first.`,
        { files: dirty },
      );
    }
    if (strategy === 'rebase') return rebaseThenForward(git, run, wt, checkout);
    const fastForward = (await run(['merge-base', '--is-ancestor', baseHead, tip], { readOnly: true, okCodes: [0, 1] })).code === 0;
    const out = await run(['merge', '--ff', '--no-edit', `refs/heads/${wt.branch}`], { okCodes: [0, 1, 2, 128], timeoutMs: MERGE_TIMEOUT_MS });
    const printed = `${text(out)}${out.stderr}`.trim();
    if (out.code !== 0) {
      const gitDir = await gitDirOf(git, checkout);
      if (operationIn(gitDir) === 'merge') {
        const files = await conflicts(run);
        return {
          outcome: 'conflicts',
          operation: 'merge',
          checkout,
          conflicts: files,
          message: `Merging ${wt.branch} into ${wt.base} stopped on conflicts in ${files.length} ${files.length === 1 ? 'file' : 'files'}. ${checkout} is in the middle of a merge: resolve and commit there, or abort the merge.`,
        };
      }
      throw new ClideError({ kind: 'git-failed', message: `git merge did not run: ${printed.split('\n')[0] ?? ''}`, detail: printed, exitCode: out.code });
    }
    const commit = text(await run(['rev-parse', 'HEAD'], { readOnly: true })).trim();
    return fastForward ? { outcome: 'fast-forward', checkout, commit } : { outcome: 'merge-commit', checkout, commit, output: printed };
  });
}

/** Rebase the branch onto the base in the worktree, then fast-forward the base in the checkout. */
async function rebaseThenForward(git: GitRunner, run: RunGit, wt: WorktreeInfo, checkout: string): Promise<MergeResult> {
  // The worktree shares the repository's queue, so `run` (already holding it) runs there too.
  const inWorktree: RunGit = (args, o) => run(args, { cwd: wt.worktreeDir, ...o });
  const out = await inWorktree(['rebase', `refs/heads/${wt.base}`], { okCodes: [0, 1, 128], timeoutMs: MERGE_TIMEOUT_MS });
  if (out.code !== 0) {
    if (operationIn(await gitDirOf(git, wt.worktreeDir)) === 'rebase') {
      const files = await conflicts(inWorktree);
      return {
        outcome: 'conflicts',
        operation: 'rebase',
        checkout: wt.worktreeDir,
        conflicts: files,
        message: `Rebasing ${wt.branch} onto ${wt.base} stopped on conflicts in ${files.length} ${files.length === 1 ? 'file' : 'files'}. The worktree is in the middle of a rebase: resolve there, or abort the rebase. ${wt.base} is unchanged.`,
      };
    }
    throw new ClideError({ kind: 'git-failed', message: 'git rebase did not run.', detail: `${text(out)}${out.stderr}`.trim(), exitCode: out.code });
  }
  await run(['merge', '--ff-only', `refs/heads/${wt.branch}`], { timeoutMs: MERGE_TIMEOUT_MS });
  return { outcome: 'rebased', checkout, commit: text(await run(['rev-parse', 'HEAD'], { readOnly: true })).trim() };
}
