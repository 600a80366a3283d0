// Reverting, staging and committing from the Changes panel, on real git: a hunk is reverted to
// the base in the working tree and comes back with its undo; a stale hunk is refused.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffFiles, listChanges, type Tree } from '../../../electron/core/git/changes';
import { TreeEdits, UndoStore } from '../../../electron/core/git/edits';
import { GitRunner, type RunGit } from '../../../electron/core/git/runner';
import { lines, tempRepos } from '../../support/git-repo';

const repos = tempRepos();

function setup(files: Record<string, string>) {
  const repo = repos({ files });
  const git = new GitRunner({ env: repo.env });
  const run: RunGit = (args, opts) => git.run(args, { cwd: repo.root, ...opts });
  const main = repo.git(['rev-parse', 'HEAD']);
  repo.git(['checkout', '-q', '-b', 'work']);
  const tree: Tree = { cwd: repo.root, base: { name: 'main', commit: main } };
  return { repo, git, run, tree, edits: new TreeEdits(git, new UndoStore()) };
}

/** Two changes far apart in one file: two hunks. */
const twoHunks = (text: string) => text.replace('line 2\n', 'line two\n').replace('line 40\n', 'line forty\n');

describe('reverting from the Changes panel', () => {
  it('reverts one hunk to the base in the working tree, and undo brings it back', async () => {
    const { repo, run, tree, edits } = setup({ 'f.txt': lines(50) });
    repo.write('f.txt', twoHunks(lines(50)));
    const [d] = await diffFiles(run, tree, [{ path: 'f.txt' }], 'base');
    expect(d!.hunks).toHaveLength(2);
    const { undo, files } = await edits.revert(tree, 'f.txt', d!.hunks[1]!);
    expect(files).toEqual(['f.txt']);
    expect(repo.read('f.txt')).toBe(lines(50).replace('line 2\n', 'line two\n'));
    await edits.undoRevert(tree, undo);
    expect(repo.read('f.txt')).toBe(twoHunks(lines(50)));
  });

  it('reverts a hunk of a change already committed on the branch (the commit stays)', async () => {
    const { repo, run, tree, edits } = setup({ 'f.txt': lines(50) });
    repo.write('f.txt', twoHunks(lines(50)));
    repo.commit('session work');
    const [d] = await diffFiles(run, tree, [{ path: 'f.txt' }], 'base');
    await edits.revert(tree, 'f.txt', d!.hunks[0]!);
    expect(repo.read('f.txt')).toBe(lines(50).replace('line 40\n', 'line forty\n'));
    expect(repo.git(['log', '--format=%s', '-1'])).toBe('session work');
  });

  it('reverts an unstaged hunk in the working tree and leaves what is staged', async () => {
    const { repo, run, tree, edits } = setup({ 'f.txt': lines(50) });
    repo.write('f.txt', lines(50).replace('line 2\n', 'line two\n'));
    repo.git(['add', 'f.txt']);
    repo.write('f.txt', twoHunks(lines(50)));
    const [d] = await diffFiles(run, tree, [{ path: 'f.txt' }], 'unstaged');
    expect(d!.hunks).toHaveLength(1);
    await edits.revert(tree, 'f.txt', d!.hunks[0]!, 'unstaged');
    expect(repo.read('f.txt')).toBe(lines(50).replace('line 2\n', 'line two\n'));
    expect(repo.git(['diff', '--cached'])).toContain('+line two');
    expect(repo.git(['diff'])).toBe('');
  });

  it('refuses a hunk that changed since it was shown, and touches nothing', async () => {
    const { repo, run, tree, edits } = setup({ 'f.txt': lines(50) });
    repo.write('f.txt', twoHunks(lines(50)));
    const [d] = await diffFiles(run, tree, [{ path: 'f.txt' }], 'base');
    repo.write('f.txt', twoHunks(lines(50)).replace('line forty\n', 'line 40 again\n'));
    await expect(edits.revert(tree, 'f.txt', d!.hunks[1]!)).rejects.toMatchObject({ info: { kind: 'invalid-input' } });
    expect(repo.read('f.txt')).toContain('line 40 again');
  });

  it('reverts whole files to the base: edited, added, renamed, untracked; undo restores index and tree', async () => {
    const { repo, run, tree, edits } = setup({ 'edit.txt': lines(5), 'old.txt': lines(30, 'm') });
    repo.write('added.txt', 'new\n');
    repo.commit('adds a file');
    repo.write('edit.txt', 'different\n');
    repo.git(['add', 'edit.txt']);
    repo.write('edit.txt', 'different again\n');
    repo.git(['mv', 'old.txt', 'moved.txt']);
    repo.write('scratch.txt', 'untracked\n');
    const before = repo.git(['status', '--porcelain=v1']);

    const r1 = await edits.revert(tree, 'edit.txt');
    expect(repo.read('edit.txt')).toBe(lines(5));
    const r2 = await edits.revert(tree, 'added.txt');
    expect(repo.exists('added.txt')).toBe(false);
    const r3 = await edits.revert(tree, 'moved.txt');
    expect(r3.files.sort()).toEqual(['moved.txt', 'old.txt']);
    expect(repo.exists('moved.txt')).toBe(false);
    expect(repo.read('old.txt')).toBe(lines(30, 'm'));
    const r4 = await edits.revert(tree, 'scratch.txt');
    expect(repo.exists('scratch.txt')).toBe(false);
    expect((await listChanges(run, tree)).files).toEqual([]);

    for (const r of [r4, r3, r2, r1]) await edits.undoRevert(tree, r.undo);
    expect(repo.git(['status', '--porcelain=v1'])).toBe(before);
    expect(repo.read('edit.txt')).toBe('different again\n');
    expect(repo.git(['show', ':edit.txt'])).toBe('different');
  });

  it('does not undo over a file that changed after the revert', async () => {
    const { repo, tree, edits } = setup({ 'f.txt': 'a\n' });
    repo.write('f.txt', 'b\n');
    const { undo } = await edits.revert(tree, 'f.txt');
    repo.write('f.txt', 'c\n');
    await expect(edits.undoRevert(tree, undo)).rejects.toMatchObject({ info: { kind: 'invalid-input' } });
    expect(repo.read('f.txt')).toBe('c\n');
  });

  it('refuses paths that leave the working tree', async () => {
    const { tree, edits } = setup({ 'f.txt': 'a\n' });
    for (const p of ['../outside.txt', '/etc/passwd', 'a/../../x', '.git/config', 'C:/x']) {
      await expect(edits.revert(tree, p), p).rejects.toMatchObject({ info: { kind: 'invalid-input' } });
    }
  });
});

describe('staging and committing', () => {
  it('stages and unstages a file and a single hunk', async () => {
    const { repo, run, tree, edits } = setup({ 'f.txt': lines(50) });
    repo.write('f.txt', twoHunks(lines(50)));
    const [u] = await diffFiles(run, tree, [{ path: 'f.txt' }], 'unstaged');
    await edits.stage(tree, 'f.txt', u!.hunks[0]!);
    expect(repo.git(['diff', '--cached'])).toContain('+line two');
    expect(repo.git(['diff', '--cached'])).not.toContain('+line forty');
    const [s] = await diffFiles(run, tree, [{ path: 'f.txt' }], 'staged');
    await edits.unstage(tree, 'f.txt', s!.hunks[0]!);
    expect(repo.git(['diff', '--cached'])).toBe('');
    await edits.stage(tree, 'f.txt');
    expect(repo.git(['diff'])).toBe('');
    await edits.unstage(tree, 'f.txt');
    expect(repo.git(['diff', '--cached'])).toBe('');
    expect(repo.read('f.txt')).toBe(twoHunks(lines(50)));
  });

  it('stages a deletion', async () => {
    const { repo, tree, edits } = setup({ 'f.txt': 'a\n', 'g.txt': 'b\n' });
    fs.rmSync(path.join(repo.root, 'f.txt'));
    await edits.stage(tree, 'f.txt');
    expect(repo.git(['diff', '--cached', '--name-status'])).toBe('D\tf.txt');
  });

  it("commits with the repository's hooks and returns their output; a failing hook refuses", async () => {
    const { repo, tree, edits } = setup({ 'f.txt': 'a\n' });
    const hook = path.join(repo.root, '.git', 'hooks', 'pre-commit');
    fs.writeFileSync(hook, '#!/bin/sh\necho "hook ran: checks passed"\n', { mode: 0o755 });
    repo.write('f.txt', 'b\n');
    const done = await edits.commit(tree, 'Change f', true);
    expect(done.output).toContain('hook ran: checks passed');
    expect(repo.git(['log', '-1', '--format=%H %s'])).toBe(`${done.commit} Change f`);
    fs.writeFileSync(hook, '#!/bin/sh\necho "lint failed: f.txt" >&2\nexit 1\n', { mode: 0o755 });
    repo.write('f.txt', 'c\n');
    await expect(edits.commit(tree, 'Refused', true)).rejects.toMatchObject({
      info: { kind: 'git-failed', detail: expect.stringContaining('lint failed: f.txt') },
    });
    expect(repo.git(['log', '-1', '--format=%s'])).toBe('Change f');
  });

  it('says so when nothing is staged', async () => {
    const { tree, edits } = setup({ 'f.txt': 'a\n' });
    await expect(edits.commit(tree, 'Empty')).rejects.toMatchObject({ info: { kind: 'git-failed', message: 'Nothing is staged to commit.' } });
  });
});
