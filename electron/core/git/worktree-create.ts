// Making a session's worktree: a branch name suggested from a short slug plus a counter (valid
// for git, clear of existing branches and folders), the folder in the clide-managed root
// (`<root>/<repo>/<branch>`), and the real `git worktree add -b <branch> <dir> <base>`.
import fs from 'node:fs';
import path from 'node:path';
import type { WorktreeInfo } from '../../../shared/git';
import { ClideError } from '../../../shared/result';
import type { RepoFacts } from './repo';
import { text, type GitRunner } from './runner';

/** Branches clide suggests live under this prefix, so they are easy to tell apart. */
export const BRANCH_PREFIX = 'clide/';
const SLUG_MAX = 24;

/** `~/.clide/worktrees` unless Settings names another root. */
export function worktreesRoot(setting: string, homeDir: string): string {
  const s = setting.trim();
  if (!s) return path.join(homeDir, '.clide', 'worktrees');
  return s.startsWith('~/') || s === '~' ? path.join(homeDir, s.slice(1)) : path.resolve(s);
}

/** The folder of one worktree: the branch's name with `/` made `-`, under the repository's name. */
export function worktreeDirFor(root: string, mainRoot: string, branch: string): string {
  return path.join(root, path.basename(mainRoot) || 'repo', branch.replace(/\//g, '-'));
}

/** A short, branch-safe slug of a hint ("Fix the login bug!" -> "fix-the-login-bug"). */
export function slugOf(hint: string | undefined): string {
  const s = (hint ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
  return s || 'session';
}

/** The first `clide/<slug>-<n>` that is neither a branch nor a folder yet. */
export async function suggestBranch(git: GitRunner, facts: RepoFacts, root: string, hint?: string): Promise<{ branch: string; dir: string }> {
  const out = await git.direct(['for-each-ref', '--format=%(refname:short)', `refs/heads/${BRANCH_PREFIX}`], { cwd: facts.root });
  const taken = new Set(text(out).split('\n').filter(Boolean));
  const slug = slugOf(hint);
  for (let n = 1; n < 10_000; n++) {
    const branch = `${BRANCH_PREFIX}${slug}-${n}`;
    const dir = worktreeDirFor(root, facts.mainRoot, branch);
    if (!taken.has(branch) && !fs.existsSync(dir)) return { branch, dir };
  }
  throw new ClideError({ kind: 'internal', message: `No free branch name for ${slug}.` });
}

/** The person's branch name, checked by git itself; refused with the reason. */
export async function checkBranchName(git: GitRunner, cwd: string, name: string): Promise<string> {
  const out = await git.direct(['check-ref-format', '--branch', name], { cwd, okCodes: [0, 1, 128] });
  if (out.code !== 0 || name.startsWith('-')) {
    throw new ClideError({
      kind: 'invalid-input',
      message: `"${name}" is not a valid branch name.`,
      hint: 'Use letters, digits, - _ . and /, without spaces or "..".',
    });
  }
  return text(out).trim();
}

export interface CreateWorktree {
  facts: RepoFacts;
  root: string;
  branch?: string;
  base?: string;
  hint?: string;
  now?: number;
}

/** `git worktree add -b`; nothing is left behind when it fails. */
export async function createWorktree(git: GitRunner, req: CreateWorktree): Promise<WorktreeInfo> {
  const { facts } = req;
  const suggested = req.branch ? undefined : await suggestBranch(git, facts, req.root, req.hint);
  const branch = req.branch ? await checkBranchName(git, facts.root, req.branch) : suggested!.branch;
  const dir = suggested?.dir ?? worktreeDirFor(req.root, facts.mainRoot, branch);
  const base = req.base ?? facts.branch ?? facts.head;
  if (!base) throw new ClideError({ kind: 'invalid-input', message: 'The repository has no commits yet, so there is nothing to branch from.' });
  const resolved = await git.direct(['rev-parse', '-q', '--verify', `${base}^{commit}`], { cwd: facts.root, okCodes: [0, 1, 128] });
  if (resolved.code !== 0 || base.startsWith('-')) {
    throw new ClideError({ kind: 'invalid-input', message: `"${base}" is not a branch or commit of this repository.` });
  }
  const baseCommit = text(resolved).trim();
  if (await branchExists(git, facts.root, branch)) {
    throw new ClideError({ kind: 'invalid-input', message: `A branch named ${branch} already exists.`, hint: 'Pick another name.' });
  }
  if (fs.existsSync(dir)) {
    throw new ClideError({ kind: 'invalid-input', message: `The folder ${dir} already exists.`, hint: 'Pick another branch name, or remove that folder.' });
  }
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  // The base's commit, not its name: a remote-tracking base must not become the new branch's upstream.
  await git.run(['worktree', 'add', '-b', branch, dir, baseCommit], { cwd: facts.root, timeoutMs: 120_000 });
  return { repoRoot: facts.root, worktreeDir: dir, branch, base, baseCommit, createdAt: req.now ?? Date.now() };
}

/** Make a deleted worktree again from its branch (`git worktree prune` forgets the old one first). */
export async function recreateWorktree(git: GitRunner, info: WorktreeInfo): Promise<void> {
  if (!(await branchExists(git, info.repoRoot, info.branch))) {
    throw new ClideError({ kind: 'worktree-missing', message: `The branch ${info.branch} no longer exists, so the worktree cannot be made again.` });
  }
  await git.run(['worktree', 'prune'], { cwd: info.repoRoot });
  fs.mkdirSync(path.dirname(info.worktreeDir), { recursive: true });
  await git.run(['worktree', 'add', info.worktreeDir, info.branch], { cwd: info.repoRoot, timeoutMs: 120_000 });
}

/** Whether the branch of a missing worktree still exists (it can be made again). */
export async function branchExists(git: GitRunner, repoRoot: string, branch: string): Promise<boolean> {
  if (!fs.existsSync(repoRoot)) return false;
  const out = await git.direct(['show-ref', '--verify', '-q', `refs/heads/${branch}`], { cwd: repoRoot, okCodes: [0, 1, 128] });
  return out.code === 0;
}
