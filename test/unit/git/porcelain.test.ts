// The parsers of git's machine formats, on output real git printed for unusual names,
// renames, conflicts and binaries (the shapes that break naive parsing).
import { describe, expect, it } from 'vitest';
import { hunkPatch, hunksOf, splitPatch, unquote } from '../../../electron/core/git/patch';
import { parseGitVersion, parseRawNumstat, parseStatusV2, parseWorktreeList } from '../../../electron/core/git/porcelain';
import { GitRunner, nulFields, text } from '../../../electron/core/git/runner';
import { lines, tempRepos } from '../../support/git-repo';

const repos = tempRepos();

describe('git porcelain', () => {
  it('reads status v2 with a branch, a rename, an unmerged path and names with spaces', async () => {
    const repo = repos({ files: { 'a b.txt': 'x\n', 'c.txt': lines(5) } });
    repo.git(['checkout', '-q', '-b', 'side']);
    repo.write('c.txt', lines(5).replace('line 1', 'side'));
    repo.commit('side');
    repo.git(['checkout', '-q', 'main']);
    repo.write('c.txt', lines(5).replace('line 1', 'main'));
    repo.commit('main');
    try {
      repo.git(['merge', 'side']);
    } catch {
      // conflicts, as intended
    }
    repo.git(['mv', 'a b.txt', 'd e.txt']);
    repo.write('new file.txt', 'n\n');
    const git = new GitRunner({ env: repo.env });
    const out = await git.run(['status', '--porcelain=v2', '-z', '--branch', '--untracked-files=all'], { cwd: repo.root });
    const s = parseStatusV2(nulFields(out));
    expect(s.branch).toBe('main');
    expect(s.head).toMatch(/^[0-9a-f]{40}$/);
    expect(s.entries).toEqual(
      expect.arrayContaining([
        { path: 'd e.txt', origPath: 'a b.txt', x: 'R', y: '.', kind: 'renamed' },
        { path: 'c.txt', x: 'U', y: 'U', kind: 'unmerged' },
        { path: 'new file.txt', x: '?', y: '?', kind: 'untracked' },
      ]),
    );
  });

  it('reads raw and numstat records together, renames and binaries included', () => {
    const fields = [
      ':100644 100644 aaa bbb M',
      'm.txt',
      ':100644 100644 ccc ddd R087',
      'old.txt',
      'new.txt',
      ':000000 100644 000 eee A',
      'pic.bin',
      '3\t1\tm.txt',
      '2\t0\t',
      'old.txt',
      'new.txt',
      '-\t-\tpic.bin',
    ];
    expect(parseRawNumstat(fields)).toEqual([
      { path: 'm.txt', status: 'M', added: 3, removed: 1, binary: false },
      { path: 'new.txt', oldPath: 'old.txt', status: 'R', added: 2, removed: 0, binary: false },
      { path: 'pic.bin', status: 'A', binary: true },
    ]);
  });

  it('reads the worktree list and the git version', () => {
    const list =
      'worktree /r\nHEAD abc\nbranch refs/heads/main\n\nworktree /w\nHEAD def\ndetached\n\nworktree /gone\nHEAD 123\nbranch refs/heads/clide/x-1\nprunable gitdir file points to non-existent location\n';
    expect(parseWorktreeList(list)).toEqual([
      { path: '/r', head: 'abc', branch: 'main', bare: false, detached: false, prunable: false },
      { path: '/w', head: 'def', bare: false, detached: true, prunable: false },
      { path: '/gone', head: '123', branch: 'clide/x-1', bare: false, detached: false, prunable: true },
    ]);
    expect(parseGitVersion('git version 2.39.5\n')).toEqual([2, 39, 5]);
    expect(parseGitVersion('git version 2.45.1.windows.1')).toEqual([2, 45, 1]);
    expect(parseGitVersion('nonsense')).toBeUndefined();
  });
});

describe('patches', () => {
  it('splits one diff of many files by name, quoted names included, and cuts hunks a patch applies', async () => {
    const repo = repos({ files: { 'tab\there.txt': lines(30), 'é.txt': 'x\n', 'plain.txt': lines(30) } });
    repo.write('tab\there.txt', lines(30).replace('line 1\n', 'one\n').replace('line 29\n', 'twenty-nine\n'));
    repo.write('é.txt', 'y\n');
    repo.write('plain.txt', lines(30).replace('line 15\n', 'fifteen\n'));
    const git = new GitRunner({ env: repo.env });
    const patch = text(await git.run(['diff', '--no-color', '--src-prefix=a/', '--dst-prefix=b/'], { cwd: repo.root }));
    const files = splitPatch(patch);
    expect(files.map((f) => f.path).sort()).toEqual(['plain.txt', 'tab\there.txt', 'é.txt']);
    const tabbed = files.find((f) => f.path === 'tab\there.txt')!;
    const hunks = hunksOf(tabbed);
    expect(hunks.map((h) => [h.oldStart, h.newStart])).toEqual([
      [1, 1],
      [26, 26],
    ]);
    // The second hunk alone, reversed, applies to the file as it is.
    await git.run(['apply', '-R', '-'], { cwd: repo.root, input: hunkPatch(tabbed, hunks[1]!, false) });
    expect(repo.read('tab\there.txt')).toBe(lines(30).replace('line 1\n', 'one\n'));
    // And described as an in-place edit (what a renamed file's hunk uses) it applies too.
    await git.run(['apply', '-R', '-'], { cwd: repo.root, input: hunkPatch(tabbed, hunks[0]!, true) });
    expect(repo.read('tab\there.txt')).toBe(lines(30));
  });

  it("undoes git's C quoting", () => {
    expect(unquote('"a/\\303\\251t\\303\\251.txt"')).toBe('a/été.txt');
    expect(unquote('"x\\ty\\"z\\\\"')).toBe('x\ty"z\\');
    expect(unquote('plain name.txt')).toBe('plain name.txt');
  });
});
