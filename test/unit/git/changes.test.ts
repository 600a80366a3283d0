// The Changes listing and diffs against real git: committed on the branch, staged, unstaged and
// untracked, renames and binaries, all measured from the merge base with the worktree's base.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffFiles, EMPTY_TREE, listChanges, statusOf, type Tree } from '../../../electron/core/git/changes';
import { GitRunner, type RunGit } from '../../../electron/core/git/runner';
import { lines, tempRepos } from '../../support/git-repo';

const repos = tempRepos();

function runner(cwd: string, env: NodeJS.ProcessEnv): { git: GitRunner; run: RunGit } {
  const git = new GitRunner({ env });
  return { git, run: (args, opts) => git.run(args, { cwd, ...opts }) };
}

/** A branch `work` off main with one file of each kind of change. */
function branchWithEveryChange() {
  const repo = repos({
    files: { 'keep.txt': lines(10), 'edit.txt': lines(10), 'gone.txt': 'bye\n', 'old-name.txt': lines(20, 'moving'), 'staged.txt': lines(5) },
  });
  const main = repo.git(['rev-parse', 'HEAD']);
  repo.git(['checkout', '-q', '-b', 'work']);
  repo.write('committed.txt', 'from a commit\n');
  repo.commit('on the branch');
  // main moves on too: the listing must not count main's new file as the branch's change.
  repo.git(['checkout', '-q', 'main']);
  repo.write('main-only.txt', 'main moved\n');
  repo.commit('main moves');
  repo.git(['checkout', '-q', 'work']);
  repo.write('edit.txt', lines(10).replace('line 3\n', 'line three\n'));
  repo.write('staged.txt', `${lines(5)}more\n`);
  repo.git(['add', 'staged.txt']);
  fs.rmSync(path.join(repo.root, 'gone.txt'));
  repo.git(['mv', 'old-name.txt', 'new-name.txt']);
  repo.write('new.txt', 'one\ntwo\nthree');
  repo.write('pic.bin', Buffer.from([0, 1, 2, 3, 0, 255]));
  return { repo, tree: { cwd: repo.root, base: { name: 'main', commit: main } } satisfies Tree };
}

describe('the Changes listing', () => {
  it('lists committed, staged, unstaged and untracked files with counts, renames and binaries', async () => {
    const { repo, tree } = branchWithEveryChange();
    const { run } = runner(repo.root, repo.env);
    const changes = await listChanges(run, tree);
    const by = Object.fromEntries(changes.files.map((f) => [f.path, f]));
    expect(Object.keys(by).sort()).toEqual(['committed.txt', 'edit.txt', 'gone.txt', 'new-name.txt', 'new.txt', 'pic.bin', 'staged.txt']);
    expect(by['committed.txt']).toMatchObject({ kind: 'added', added: 1, removed: 0, committed: true, staged: false, unstaged: false });
    expect(by['edit.txt']).toMatchObject({ kind: 'modified', added: 1, removed: 1, committed: false, unstaged: true, staged: false });
    expect(by['staged.txt']).toMatchObject({ kind: 'modified', added: 1, removed: 0, staged: true, unstaged: false });
    expect(by['gone.txt']).toMatchObject({ kind: 'deleted', removed: 1, unstaged: true });
    expect(by['new-name.txt']).toMatchObject({ kind: 'renamed', oldPath: 'old-name.txt', added: 0, removed: 0, staged: true });
    expect(by['new.txt']).toMatchObject({ kind: 'untracked', untracked: true, added: 3, binary: false });
    expect(by['pic.bin']).toMatchObject({ kind: 'untracked', binary: true, added: 0 });
    expect(changes.base).toBe('main');
    expect(changes.baseCommit).toBe(tree.base.commit);
    expect(changes.totals).toEqual({ files: 7, added: 1 + 1 + 1 + 3, removed: 1 + 1 });
  });

  it('lists the same files without line counts when asked, and says so', async () => {
    const { repo, tree } = branchWithEveryChange();
    const { run } = runner(repo.root, repo.env);
    const counted = await listChanges(run, tree);
    const quick = await listChanges(run, tree, { counts: false });
    expect(counted.counted).toBeUndefined();
    expect(quick.counted).toBe(false);
    // Everything but the counts (and the binary flag, which comes from counting) is the same.
    const flags = (c: typeof counted) => c.files.map(({ added: _a, removed: _r, binary: _b, ...f }) => f);
    expect(flags(quick)).toEqual(flags(counted));
    expect(quick.files.every((f) => f.added === 0 && f.removed === 0 && !f.binary)).toBe(true);
    expect(quick.totals).toEqual({ files: 7, added: 0, removed: 0 });
    expect({ base: quick.base, baseCommit: quick.baseCommit, head: quick.head }).toEqual({
      base: counted.base,
      baseCommit: counted.baseCommit,
      head: counted.head,
    });
  });

  it('measures from the base commit when the base branch is gone, and from nothing before the first commit', async () => {
    const { repo, tree } = branchWithEveryChange();
    const { run } = runner(repo.root, repo.env);
    repo.git(['branch', '-D', 'main']);
    expect((await listChanges(run, tree, { counts: false })).baseCommit).toBe(tree.base.commit);
    const fresh = repos({ files: {} });
    fresh.git(['checkout', '-q', '--orphan', 'unborn']); // HEAD names no commit yet
    fresh.write('first.txt', 'one\n');
    const none = await listChanges(runner(fresh.root, fresh.env).run, { cwd: fresh.root, base: { name: 'main', commit: tree.base.commit } });
    expect(none.baseCommit).toBe(EMPTY_TREE);
    expect(none.files).toMatchObject([{ path: 'first.txt', untracked: true, added: 1 }]);
  });

  it('gives the tab its glance: files changed, ahead and behind the base, uncommitted', async () => {
    const { repo, tree } = branchWithEveryChange();
    const { run } = runner(repo.root, repo.env);
    const s = await statusOf(run, tree, 1);
    expect(s).toMatchObject({ branch: 'work', base: 'main', filesChanged: 7, ahead: 1, behind: 1, uncommitted: true, conflicted: 0, at: 1 });
    repo.git(['reset', '-q', '--hard']);
    repo.git(['clean', '-qfd']);
    expect(await statusOf(run, tree, 2)).toMatchObject({ filesChanged: 1, ahead: 1, behind: 1, uncommitted: false });
  });

  it('diffs a file per scope, with hunks, and a rename and an untracked file whole', async () => {
    const { repo, tree } = branchWithEveryChange();
    const { run } = runner(repo.root, repo.env);
    const [edit, renamed, added, staged] = await diffFiles(
      run,
      tree,
      [{ path: 'edit.txt' }, { path: 'new-name.txt', oldPath: 'old-name.txt' }, { path: 'new.txt', untracked: true }, { path: 'staged.txt' }],
      'base',
    );
    expect(edit!.patch).toContain('-line 3\n+line three\n');
    expect(edit!.hunks).toHaveLength(1);
    expect(edit!.hunks[0]).toMatchObject({ index: 0, oldStart: 1, newStart: 1 });
    expect(edit!.hunks[0]!.digest).toMatch(/^[0-9a-f]{20}$/);
    expect(renamed!.patch).toContain('rename from old-name.txt');
    expect(renamed!.oldPath).toBe('old-name.txt');
    expect(added!.patch).toContain('+three');
    expect(added!.patch).toContain('new file mode');
    expect(staged!.patch).toContain('+more');
    const [unstagedOfStaged] = await diffFiles(run, tree, [{ path: 'staged.txt' }], 'unstaged');
    expect(unstagedOfStaged!.patch).toBe('');
    const [stagedOnly] = await diffFiles(run, tree, [{ path: 'staged.txt' }], 'staged');
    expect(stagedOnly!.patch).toContain('+more');
  });

  it('diffs against the commit the listing gives, in one git command, with the same result', async () => {
    const { repo, tree } = branchWithEveryChange();
    const { run } = runner(repo.root, repo.env);
    const commands: string[] = [];
    const counted: RunGit = (args, opts) => {
      commands.push(args[0]!);
      return run(args, opts);
    };
    const listing = await listChanges(run, tree, { counts: false });
    // The merge base with main, not main itself (main moved on after the branch left it).
    expect(listing.baseCommit).toBe(repo.git(['merge-base', 'main', 'HEAD']));
    const files = [{ path: 'edit.txt' }, { path: 'committed.txt' }];
    const found = await diffFiles(counted, tree, files, 'base');
    expect(commands).toEqual(['rev-parse', 'merge-base', 'diff']);
    commands.length = 0;
    const given = await diffFiles(counted, tree, files, 'base', { compare: listing.baseCommit });
    expect(commands).toEqual(['diff']);
    expect(given).toEqual(found);
    expect(given[1]!.patch).toContain('+from a commit');
  });

  it('flags a large diff and cuts it only past the panel size', async () => {
    const repo = repos({ files: { 'big.txt': lines(5000) } });
    const { run } = runner(repo.root, repo.env);
    repo.write('big.txt', lines(5000, 'changed'));
    const [d] = await diffFiles(run, { cwd: repo.root }, [{ path: 'big.txt' }], 'base');
    expect(d).toMatchObject({ large: true, truncated: false });
    expect(d!.lines).toBeGreaterThan(10_000);
  });

  it('names files with spaces and non-ASCII characters as they are', async () => {
    const repo = repos({ files: { 'a file é.txt': 'x\n' } });
    const { run } = runner(repo.root, repo.env);
    repo.write('a file é.txt', 'y\n');
    const changes = await listChanges(run, { cwd: repo.root });
    expect(changes.files.map((f) => f.path)).toEqual(['a file é.txt']);
    const [d] = await diffFiles(run, { cwd: repo.root }, [{ path: 'a file é.txt' }], 'base');
    expect(d!.path).toBe('a file é.txt');
    expect(d!.patch).toContain('+y');
  });
});
