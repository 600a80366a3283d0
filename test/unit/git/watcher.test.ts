// The worktree watcher, on a real tree: folder by folder (as on Linux) it watches what git
// knows, skips what git ignores, follows new folders, sees commits through the git dir, and
// turns a burst of changes into one call.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GitRunner } from '../../../electron/core/git/runner';
import { TreeWatcher } from '../../../electron/core/git/watcher';
import { tempRepos } from '../../support/git-repo';
import { waitFor } from '../../support/wait';

const repos = tempRepos();

async function watching(files: Record<string, string>) {
  const repo = repos({ files: { '.gitignore': 'node_modules/\nbuild/\n', ...files } });
  for (let i = 0; i < 30; i++) repo.write(`node_modules/pkg${i}/index.js`, 'x\n');
  const git = new GitRunner({ env: repo.env });
  let calls = 0;
  const w = new TreeWatcher({
    target: { cwd: repo.root, gitDir: path.join(repo.root, '.git'), commonDir: path.join(repo.root, '.git') },
    git,
    onChange: () => calls++,
    debounceMs: 40,
    maxWaitMs: 400,
    recursive: false,
  });
  await w.start();
  return { repo, w, git, calls: () => calls };
}

describe('the worktree watcher (folder by folder)', () => {
  it('watches the folders git knows and none that git ignores', async () => {
    const { w } = await watching({ 'a/b/c.txt': '1\n', 'd/e.txt': '2\n' });
    try {
      // '', a, a/b, d (tree) plus the git dir and refs/heads; none of the 31 node_modules folders.
      expect(w.watchedDirs).toBeLessThan(10);
    } finally {
      w.close();
    }
  });

  it('calls once for a burst of changes, and sees a deep edit, a new folder, and a commit', async () => {
    const { repo, w, calls } = await watching({ 'a/b/c.txt': '1\n' });
    try {
      for (let i = 0; i < 20; i++) repo.write('a/b/c.txt', `${i}\n`);
      await waitFor(() => calls() >= 1, 'the burst');
      const afterBurst = calls();
      expect(afterBurst).toBeLessThanOrEqual(2);

      fs.mkdirSync(path.join(repo.root, 'fresh'));
      await waitFor(() => calls() > afterBurst, 'the new folder');
      const watched = w.watchedDirs;
      const beforeDeep = calls();
      repo.write('fresh/inside.txt', 'new\n');
      await waitFor(() => calls() > beforeDeep, 'a file in the new folder');
      expect(w.watchedDirs).toBe(watched);

      // A new folder git ignores is seen appear but not watched inside.
      const beforeIgnored = w.watchedDirs;
      const beforeBuild = calls();
      fs.mkdirSync(path.join(repo.root, 'build', 'deep'), { recursive: true });
      await waitFor(() => calls() > beforeBuild, 'the ignored folder to appear');
      expect(w.watchedDirs).toBe(beforeIgnored);
      const beforeCommit = calls();
      repo.git(['commit', '-q', '--allow-empty', '-m', 'empty']);
      await waitFor(() => calls() > beforeCommit, 'the commit');
      expect(w.watchedDirs).toBe(beforeIgnored);
    } finally {
      w.close();
    }
  });

  it('stays within its folder budget', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 40; i++) files[`f${i}/x.txt`] = 'x\n';
    const repo = repos({ files });
    const w = new TreeWatcher({
      target: { cwd: repo.root, gitDir: path.join(repo.root, '.git'), commonDir: path.join(repo.root, '.git') },
      git: new GitRunner({ env: repo.env }),
      onChange: () => {},
      maxDirs: 10,
      recursive: false,
    });
    await w.start();
    try {
      expect(w.watchedDirs).toBeLessThanOrEqual(10);
    } finally {
      w.close();
    }
  });
});
