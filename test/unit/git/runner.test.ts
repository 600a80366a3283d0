// The one way clide runs git: typed errors carrying stderr, a timeout, bounded output, and one
// queue per repository so concurrent commands never meet on index.lock.
import { describe, expect, it } from 'vitest';
import { GitRunner, text } from '../../../electron/core/git/runner';
import { tempRepos } from '../../support/git-repo';

const repos = tempRepos();

describe('the git runner', () => {
  it('runs many concurrent index-writing commands on one repository without an index.lock error', async () => {
    const repo = repos();
    // Two checkouts of one repository (the main one and a linked worktree) share one queue.
    repo.git(['worktree', 'add', '-q', '-b', 'other', `${repo.base}/other`]);
    const git = new GitRunner({ env: repo.env });
    const jobs: Array<Promise<unknown>> = [];
    for (let i = 0; i < 40; i++) {
      const cwd = i % 2 ? repo.root : `${repo.base}/other`;
      repo.write(`f${i}.txt`, `${i}\n`, cwd);
      jobs.push(git.run(['add', '--', `f${i}.txt`], { cwd }));
      jobs.push(git.run(['update-index', '--refresh'], { cwd, okCodes: [0, 1] }));
    }
    const results = await Promise.allSettled(jobs);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(
      repo
        .git(['ls-files'])
        .split('\n')
        .filter((f) => f.startsWith('f')),
    ).toHaveLength(20);
    expect(
      repo
        .git(['ls-files'], `${repo.base}/other`)
        .split('\n')
        .filter((f) => f.startsWith('f')),
    ).toHaveLength(20);
  });

  it('lets readers run side by side, but after the writers queued before them', async () => {
    const repo = repos();
    const git = new GitRunner({ env: repo.env });
    repo.write('staged.txt', 'x\n');
    const write = git.run(['add', '--', 'staged.txt'], { cwd: repo.root });
    const read = git.run(['diff', '--cached', '--name-only'], { cwd: repo.root, readOnly: true });
    const [, seen] = await Promise.all([write, read]);
    expect(text(seen).trim()).toBe('staged.txt');
  });

  it('fails with the kind and the stderr of the failure', async () => {
    const repo = repos();
    const git = new GitRunner({ env: repo.env });
    await expect(git.run(['checkout', 'no-such-branch'], { cwd: repo.root })).rejects.toMatchObject({
      info: { kind: 'git-failed', exitCode: 1, detail: expect.stringContaining('no-such-branch') },
    });
    const ok = await git.run(['diff', '--no-index', '--quiet', 'README.md', 'README.md'], { cwd: repo.root, okCodes: [0, 1] });
    expect(ok.code).toBe(0);
  });

  it('stops a command that outlives its timeout', async () => {
    const repo = repos();
    const git = new GitRunner({ env: repo.env });
    const started = Date.now();
    await expect(git.run(['-c', 'alias.wait=!sleep 20', 'wait'], { cwd: repo.root, timeoutMs: 300, globs: true })).rejects.toMatchObject({
      info: { kind: 'git-timeout' },
    });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('says git is missing when it is', async () => {
    const repo = repos();
    const git = new GitRunner({ git: `${repo.base}/no-git-here`, env: repo.env });
    await expect(git.direct(['--version'], { cwd: repo.root })).rejects.toMatchObject({ info: { kind: 'git-missing' } });
  });

  it('bounds stdout: fails past the limit, or cuts with truncate', async () => {
    const repo = repos({ files: { 'big.txt': 'x'.repeat(200_000) } });
    const git = new GitRunner({ env: repo.env });
    await expect(git.run(['show', 'HEAD:big.txt'], { cwd: repo.root, maxBytes: 1000 })).rejects.toMatchObject({ info: { kind: 'git-failed' } });
    const cut = await git.run(['show', 'HEAD:big.txt'], { cwd: repo.root, maxBytes: 1000, truncate: true });
    expect(cut.truncated).toBe(true);
    expect(text(cut)).toHaveLength(1000);
  });

  it('treats paths literally: a file named * is that file only', async () => {
    const repo = repos({ files: { 'a.txt': 'a\n', '*': 'star\n' } });
    const git = new GitRunner({ env: repo.env });
    repo.write('a.txt', 'changed\n');
    repo.write('*', 'changed\n');
    await git.run(['add', '--', '*'], { cwd: repo.root });
    expect(repo.git(['diff', '--cached', '--name-only'])).toBe('*');
  });
});
