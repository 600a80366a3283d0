// Whether New session can offer a worktree, on real git: the reason when it cannot (no git, an
// old git, not a repository, bare, no commits), the suggestion when it can, and the branch name
// rules the person's own name must pass.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { capabilityOf } from '../../../electron/core/git/repo';
import { GitRunner } from '../../../electron/core/git/runner';
import { checkBranchName, createWorktree, slugOf, suggestBranch, worktreeDirFor, worktreesRoot } from '../../../electron/core/git/worktree-create';
import { tempRepos } from '../../support/git-repo';

const repos = tempRepos();

describe('the worktree capability of a folder', () => {
  it('is available in a checkout (from a subfolder too), with its branches', async () => {
    const repo = repos();
    repo.git(['branch', 'other']);
    fs.mkdirSync(path.join(repo.root, 'sub'));
    const cap = await capabilityOf(new GitRunner({ env: repo.env }), path.join(repo.root, 'sub'));
    expect(cap).toMatchObject({ available: true, repo: { root: repo.root, mainRoot: repo.root, linkedWorktree: false, branch: 'main' } });
    expect(cap.branches[0]).toBe('main');
    expect(cap.branches).toContain('other');
  });

  it('names the main checkout from a linked worktree', async () => {
    const repo = repos();
    const linked = path.join(repo.base, 'linked');
    repo.git(['worktree', 'add', '-q', '-b', 'side', linked]);
    const cap = await capabilityOf(new GitRunner({ env: repo.env }), linked);
    expect(cap).toMatchObject({ available: true, repo: { root: linked, mainRoot: repo.root, linkedWorktree: true, branch: 'side' } });
  });

  it('gives the reason when it is not available', async () => {
    const repo = repos();
    const git = new GitRunner({ env: repo.env });
    const plain = path.join(repo.base, 'plain');
    fs.mkdirSync(plain);
    expect(await capabilityOf(git, plain)).toMatchObject({
      available: false,
      problem: 'not-a-repository',
      reason: expect.stringContaining('not inside a git repository'),
    });
    const bare = path.join(repo.base, 'bare.git');
    repo.git(['init', '-q', '--bare', bare]);
    expect(await capabilityOf(git, bare)).toMatchObject({ available: false, problem: 'bare-repository' });
    const empty = path.join(repo.base, 'empty');
    repo.git(['init', '-q', empty]);
    expect(await capabilityOf(git, empty)).toMatchObject({ available: false, problem: 'no-commits' });
    expect(await capabilityOf(git, path.join(repo.base, 'nowhere'))).toMatchObject({ available: false, problem: 'not-a-folder' });
    expect(await capabilityOf(new GitRunner({ git: path.join(repo.base, 'no-git'), env: repo.env }), repo.root)).toMatchObject({
      available: false,
      problem: 'git-missing',
      hint: expect.stringContaining('Install git'),
    });
  });

  it('says an old git is too old', async () => {
    const repo = repos();
    const fake = path.join(repo.base, 'old-git');
    fs.writeFileSync(fake, '#!/bin/sh\necho "git version 2.11.0"\n', { mode: 0o755 });
    expect(await capabilityOf(new GitRunner({ git: fake, env: repo.env }), repo.root)).toMatchObject({
      available: false,
      problem: 'git-too-old',
      reason: expect.stringContaining('2.11.0'),
    });
  });
});

describe('branch names and folders', () => {
  it('slugs a hint and counts up past taken branches and folders', async () => {
    expect(slugOf('Fix the login bug!')).toBe('fix-the-login-bug');
    expect(slugOf('  ')).toBe('session');
    expect(slugOf('Ünïcödé and a very long description of the work')).toBe('unicode-and-a-very-long');
    const repo = repos();
    const git = new GitRunner({ env: repo.env });
    const root = path.join(repo.base, 'wt');
    const cap = await capabilityOf(git, repo.root);
    repo.git(['branch', 'clide/login-1']);
    fs.mkdirSync(worktreeDirFor(root, repo.root, 'clide/login-2'), { recursive: true });
    expect(await suggestBranch(git, cap.facts!, root, 'login')).toEqual({ branch: 'clide/login-3', dir: path.join(root, 'repo', 'clide-login-3') });
  });

  it('refuses a name git refuses, and an existing branch, before making anything', async () => {
    const repo = repos();
    const git = new GitRunner({ env: repo.env });
    for (const bad of ['has space', 'a..b', '-x', 'end.lock', 'x~1']) {
      await expect(checkBranchName(git, repo.root, bad), bad).rejects.toMatchObject({ info: { kind: 'invalid-input' } });
    }
    const cap = await capabilityOf(git, repo.root);
    repo.git(['branch', 'taken']);
    const root = path.join(repo.base, 'wt');
    await expect(createWorktree(git, { facts: cap.facts!, root, branch: 'taken' })).rejects.toMatchObject({
      info: { kind: 'invalid-input', message: expect.stringContaining('already exists') },
    });
    await expect(createWorktree(git, { facts: cap.facts!, root, branch: 'new', base: 'no-such-base' })).rejects.toMatchObject({
      info: { kind: 'invalid-input' },
    });
    expect(fs.existsSync(root)).toBe(false);
  });

  it('makes the worktree from the base commit, and the root follows Settings', async () => {
    const repo = repos();
    const git = new GitRunner({ env: repo.env });
    const cap = await capabilityOf(git, repo.root);
    const first = repo.git(['rev-parse', 'HEAD']);
    repo.write('later.txt', 'x\n');
    repo.commit('later');
    const info = await createWorktree(git, { facts: cap.facts!, root: path.join(repo.base, 'wt'), branch: 'from-first', base: first, now: 5 });
    expect(info).toEqual({
      repoRoot: repo.root,
      worktreeDir: path.join(repo.base, 'wt', 'repo', 'from-first'),
      branch: 'from-first',
      base: first,
      baseCommit: first,
      createdAt: 5,
    });
    expect(repo.exists('later.txt', info.worktreeDir)).toBe(false);
    expect(worktreesRoot('', '/home/p')).toBe('/home/p/.clide/worktrees');
    expect(worktreesRoot('~/trees', '/home/p')).toBe('/home/p/trees');
    expect(worktreesRoot('/srv/trees', '/home/p')).toBe('/srv/trees');
  });
});
