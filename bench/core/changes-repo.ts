// The tree G1 measures, for the core's and the window's half alike: 500 changed files and
// 20,000 diff lines on a branch `work` off `main` (half committed on the branch, half left in
// the working tree), and a repository with one file whose diff alone is 20,000 lines.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FILES = 500;
const LINES = 80;
const CHANGED = 20; // per file: 20 lines replaced = 40 diff lines, 20,000 in all

export function makeRepo(): { dir: string; env: NodeJS.ProcessEnv; git: (args: string[]) => string } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'clide-bench-git-')));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: path.join(dir, 'no-gitconfig'),
    GIT_AUTHOR_NAME: 'Bench',
    GIT_AUTHOR_EMAIL: 'bench@example.com',
    GIT_COMMITTER_NAME: 'Bench',
    GIT_COMMITTER_EMAIL: 'bench@example.com',
  };
  const repo = path.join(dir, 'repo');
  fs.mkdirSync(repo);
  const git = (args: string[]) => execFileSync('git', args, { cwd: repo, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).trim();
  git(['init', '-q', '-b', 'main']);
  git(['config', 'user.name', 'Bench']);
  git(['config', 'user.email', 'bench@example.com']);
  return { dir, env, git };
}

function fileText(i: number, lines: number, every: number, changed: boolean): string {
  const out: string[] = [];
  for (let l = 0; l < lines; l++)
    out.push(changed && l % every === 1 ? `changed line ${l} of file ${i}, now different` : `line ${l} of file ${i}: some ordinary source text`);
  return `${out.join('\n')}\n`;
}

export interface ChangedRepo {
  dir: string;
  env: NodeJS.ProcessEnv;
  repo: string;
  /** `main`'s commit, the base of the branch. */
  base: string;
}

/** 500 files of 80 lines, 20 of each replaced on `work`: half committed, half not. */
export function changedRepo(): ChangedRepo {
  const { dir, env, git } = makeRepo();
  const repo = path.join(dir, 'repo');
  for (let i = 0; i < FILES; i++) fs.mkdirSync(path.join(repo, `pkg${i % 25}`), { recursive: true });
  const name = (i: number) => path.join(repo, `pkg${i % 25}`, `file${i}.ts`);
  for (let i = 0; i < FILES; i++) fs.writeFileSync(name(i), fileText(i, LINES, LINES / CHANGED, false));
  git(['add', '-A']);
  git(['commit', '-qm', 'base']);
  const base = git(['rev-parse', 'HEAD']);
  git(['checkout', '-qb', 'work']);
  for (let i = 0; i < FILES; i++) fs.writeFileSync(name(i), fileText(i, LINES, LINES / CHANGED, true));
  git(['add', '-A', ...Array.from({ length: FILES / 2 }, (_, i) => path.relative(repo, name(i)))]);
  git(['commit', '-qm', 'half']);
  return { dir, env, repo, base };
}

/** One file of 20,000 lines, every other line replaced: a 20,000-line diff in one file. */
export function bigFileRepo(): ChangedRepo & { file: string } {
  const { dir, env, git } = makeRepo();
  const repo = path.join(dir, 'repo');
  const file = 'big.ts';
  fs.writeFileSync(path.join(repo, file), fileText(0, 20_000, 2, false));
  git(['add', '-A']);
  git(['commit', '-qm', 'base']);
  const base = git(['rev-parse', 'HEAD']);
  fs.writeFileSync(path.join(repo, file), fileText(0, 20_000, 2, true));
  return { dir, env, repo, base, file };
}
