// What a folder is to git: inside a repository or not, bare, a linked worktree, on which branch,
// and whether this git can do worktrees at all. The answer New session shows ("Work in a new
// worktree", or the option disabled with the reason).
import fs from 'node:fs';
import path from 'node:path';
import type { GitCapability } from '../../../shared/git';
import { ClideError } from '../../../shared/result';
import { parseGitVersion, parseWorktreeList } from './porcelain';
import { text, type GitRunner } from './runner';

/**
 * 2.17: `git worktree remove` (archive). Everything else clide runs is older: worktree add and
 * list --porcelain (2.7), status --porcelain=v2 (2.11), --no-optional-locks (2.15).
 */
export const MIN_GIT: readonly [number, number, number] = [2, 17, 0];

export interface RepoFacts {
  /** Top of the working tree the folder is in. */
  root: string;
  gitDir: string;
  commonDir: string;
  /** The repository's main checkout. */
  mainRoot: string;
  linked: boolean;
  branch?: string;
  /** undefined before the first commit. */
  head?: string;
}

export type RepoProbe = { facts: RepoFacts } | { problem: 'not-a-repository' | 'bare-repository'; reason: string };

/** git's version, or why git cannot be used. Asked once per runner. */
export async function gitVersion(
  git: GitRunner,
  cwd: string,
): Promise<{ version: string } | { problem: 'git-missing' | 'git-too-old'; reason: string; hint: string }> {
  let out: string;
  try {
    out = text(await git.direct(['--version'], { cwd }));
  } catch (err) {
    if (err instanceof ClideError && err.info.kind === 'git-missing') {
      return { problem: 'git-missing', reason: 'git is not installed, so sessions cannot get their own worktree.', hint: err.info.hint ?? 'Install git.' };
    }
    throw err;
  }
  const v = parseGitVersion(out);
  const version = v ? v.join('.') : out.trim();
  if (!v || compare(v, MIN_GIT) < 0) {
    return {
      problem: 'git-too-old',
      reason: `git ${version} is too old for worktrees (clide needs ${MIN_GIT.join('.')} or newer).`,
      hint: 'Update git, then open New session again.',
    };
  }
  return { version };
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** Where `cwd` sits in a repository (read-only; runs outside the queue). */
export async function probeRepo(git: GitRunner, cwd: string): Promise<RepoProbe> {
  // --show-toplevel last: in a bare repository it fails, after printing the others.
  const out = await git.direct(['rev-parse', '--is-bare-repository', '--git-dir', '--git-common-dir', '--show-toplevel'], { cwd, okCodes: [0, 128] });
  const lines = text(out).split('\n');
  if (out.code !== 0 && lines[0] !== 'true') {
    return { problem: 'not-a-repository', reason: `${cwd} is not inside a git repository.` };
  }
  if (lines[0] === 'true') return { problem: 'bare-repository', reason: 'This is a bare repository: it has no checkout to branch a worktree from.' };
  const [, gitDir = '', commonDir = '', root = ''] = lines;
  const head = await git.direct(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd, okCodes: [0, 1, 128] });
  const branch = await git.direct(['symbolic-ref', '-q', '--short', 'HEAD'], { cwd, okCodes: [0, 1, 128] });
  const facts: RepoFacts = {
    root,
    gitDir: path.resolve(cwd, gitDir),
    commonDir: path.resolve(cwd, commonDir),
    mainRoot: root,
    linked: path.resolve(cwd, gitDir) !== path.resolve(cwd, commonDir),
    head: head.code === 0 ? text(head).trim() : undefined,
    branch: branch.code === 0 ? text(branch).trim() || undefined : undefined,
  };
  if (facts.linked) {
    const list = parseWorktreeList(text(await git.direct(['worktree', 'list', '--porcelain'], { cwd })));
    facts.mainRoot = list[0]?.path ?? root;
  }
  return { facts };
}

/** Local branches, the current one first (a base to pick), at most 200. */
export async function localBranches(git: GitRunner, cwd: string, current: string | undefined): Promise<string[]> {
  const out = await git.direct(['for-each-ref', '--format=%(refname:short)', '--sort=-committerdate', '--count=200', 'refs/heads/'], { cwd });
  const all = text(out).split('\n').filter(Boolean);
  return current ? [current, ...all.filter((b) => b !== current)] : all;
}

/** The capability answer for a folder (without the branch suggestion, which worktree-create adds). */
export async function capabilityOf(git: GitRunner, cwd: string): Promise<GitCapability & { facts?: RepoFacts }> {
  if (!path.isAbsolute(cwd) || !isDir(cwd)) {
    return { available: false, problem: 'not-a-folder', reason: `${cwd} is not a folder.`, branches: [] };
  }
  const v = await gitVersion(git, cwd);
  if ('problem' in v) return { available: false, problem: v.problem, reason: v.reason, hint: v.hint, branches: [] };
  const probe = await probeRepo(git, cwd);
  if ('problem' in probe) {
    const hint = probe.problem === 'not-a-repository' ? 'Run `git init` there (and make a first commit) to use worktrees.' : 'Open a checkout of it instead.';
    return { available: false, problem: probe.problem, reason: probe.reason, hint, gitVersion: v.version, branches: [] };
  }
  const { facts } = probe;
  const repo = { root: facts.root, mainRoot: facts.mainRoot, linkedWorktree: facts.linked, branch: facts.branch, head: facts.head ?? '' };
  if (!facts.head) {
    return {
      available: false,
      problem: 'no-commits',
      reason: 'The repository has no commits yet, so there is nothing to branch from.',
      hint: 'Make a first commit.',
      gitVersion: v.version,
      repo,
      branches: [],
      facts,
    };
  }
  return { available: true, gitVersion: v.version, repo, branches: await localBranches(git, cwd, facts.branch), facts };
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
