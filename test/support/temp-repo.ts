// Temporary git repositories for tests, on the real system git: each with its own identity
// (no global or system config is read) so commits and merges work the same on every machine.
// Made here without any test runner (the end-to-end tests use it too); vitest files use
// `tempRepos()` from git-repo.ts, which removes them after each test.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The environment git runs with in tests: no global or system config, a fixed identity. */
export function gitTestEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: path.join(home, '.gitconfig-none'),
    GIT_AUTHOR_NAME: 'Test Person',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test Person',
    GIT_COMMITTER_EMAIL: 'test@example.com',
    LANG: 'C.UTF-8',
  };
}

export interface TempRepo {
  /** The main checkout. */
  root: string;
  /** A scratch folder beside it (not in the repository). */
  base: string;
  env: NodeJS.ProcessEnv;
  /** Run git in the checkout (or `cwd`); returns trimmed stdout. */
  git(args: string[], cwd?: string): string;
  write(file: string, content: string | Buffer, cwd?: string): void;
  read(file: string, cwd?: string): string;
  exists(file: string, cwd?: string): boolean;
  /** Stage everything and commit; returns the commit id. */
  commit(message: string, cwd?: string): string;
}

export interface RepoOptions {
  files?: Record<string, string>;
  /** Where the temp folder goes (default the OS temp dir). */
  under?: string;
  /** Identity in the repository's own config too, for tools that run git with their own env. */
  localIdentity?: boolean;
}

export function makeRepo(opts: RepoOptions = {}): TempRepo {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(opts.under ?? os.tmpdir(), 'clide-git-')));
  const root = path.join(base, 'repo');
  fs.mkdirSync(root);
  const env = gitTestEnv(base);
  const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const repo: TempRepo = {
    root,
    base,
    env,
    git,
    write(file, content, cwd = root) {
      const abs = path.join(cwd, file);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, content);
    },
    read: (file, cwd = root) => fs.readFileSync(path.join(cwd, file), 'utf8'),
    exists: (file, cwd = root) => fs.existsSync(path.join(cwd, file)),
    commit(message, cwd = root) {
      git(['add', '-A'], cwd);
      git(['commit', '-q', '--allow-empty', '-m', message], cwd);
      return git(['rev-parse', 'HEAD'], cwd);
    },
  };
  git(['init', '-q', '-b', 'main']);
  if (opts.localIdentity !== false) {
    git(['config', 'user.name', 'Test Person']);
    git(['config', 'user.email', 'test@example.com']);
  }
  for (const [file, content] of Object.entries(opts.files ?? { 'README.md': '# test\n' })) repo.write(file, content);
  repo.commit('initial');
  return repo;
}

/** Numbered lines, for files whose hunks a test picks apart. */
export function lines(n: number, label = 'line'): string {
  return Array.from({ length: n }, (_, i) => `${label} ${i + 1}\n`).join('');
}
