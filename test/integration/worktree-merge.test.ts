// Bringing an isolated session's work back, on real git with the real CLI running in the
// worktree: the Changes panel's view, revert of a hunk with its undo, merge (fast-forward, merge
// commit, rebase, conflicts and abort, refusals), archive with its exact list, the pull-request
// check, commands of many tabs at once, and paths the core refuses.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArchiveResult, Changes, FileDiff, MergeResult, MergeState, PullRequestCheck } from '../../shared/git';
import { lines, tempRepos } from '../support/git-repo';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';
import { worktreeLabs, type WorktreeLab } from '../support/worktree-host';

const repos = tempRepos();
const lab = worktreeLabs(realCliHosts(), repos);

/** A session whose worktree has committed work ("feature.txt") on its branch. */
async function withWork(files: Record<string, string> = { 'README.md': '# r\n', 'shared.txt': lines(20) }) {
  const l = await lab([], { files });
  const s = await l.isolated();
  fs.writeFileSync(path.join(s.dir, 'feature.txt'), 'the feature\n');
  await l.call('git:commit', { id: s.id, message: 'Add the feature', all: true });
  return { ...l, ...s };
}

const write = (dir: string, file: string, content: string) => fs.writeFileSync(path.join(dir, file), content);

describe('the Changes panel on an isolated session', () => {
  it('lists committed, staged, unstaged and untracked changes; reverts a hunk and undoes it', async () => {
    const { id, dir, call } = await withWork({ 'README.md': '# r\n', 'notes.txt': lines(40), 'staged.txt': 'a\n' });
    write(dir, 'staged.txt', 'b\n');
    await call('git:stage', { id, path: 'staged.txt' });
    write(dir, 'notes.txt', lines(40).replace('line 2\n', 'line two\n').replace('line 35\n', 'line thirty-five\n'));
    write(dir, 'scratch.txt', 'new\n');
    const changes = await call<Changes>('git:changes', { id });
    const kinds = Object.fromEntries(changes.files.map((f) => [f.path, [f.kind, f.committed, f.staged, f.unstaged, f.untracked]]));
    expect(kinds).toEqual({
      'feature.txt': ['added', true, false, false, false],
      'notes.txt': ['modified', false, false, true, false],
      'scratch.txt': ['untracked', false, false, false, true],
      'staged.txt': ['modified', false, true, false, false],
    });

    const { files } = await call<{ files: FileDiff[] }>('git:diff', { id, files: [{ path: 'notes.txt' }] });
    expect(files[0]!.hunks).toHaveLength(2);
    // As the panel asks: against the listing's commit, the same diff.
    const asListed = await call<{ files: FileDiff[] }>('git:diff', { id, files: [{ path: 'notes.txt' }], baseCommit: changes.baseCommit });
    expect(asListed.files).toEqual(files);
    const { undo } = await call<{ undo: string }>('git:revert', { id, path: 'notes.txt', hunk: { index: 1, digest: files[0]!.hunks[1]!.digest } });
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe(lines(40).replace('line 2\n', 'line two\n'));
    // The same hunk again is not there any more: refused, nothing changes.
    const stale = await (async () => {
      try {
        await call('git:revert', { id, path: 'notes.txt', hunk: { index: 1, digest: files[0]!.hunks[1]!.digest } });
        return undefined;
      } catch (err) {
        return String(err);
      }
    })();
    expect(stale).toContain('invalid-input');
    await call('git:undo', { id, token: undo });
    expect(fs.readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toContain('line thirty-five');
  });

  it('runs many commands of several tabs on one repository at once without an index.lock error', async () => {
    const l = await lab();
    const a = await l.isolated();
    const b = await l.isolated();
    for (let i = 0; i < 10; i++) {
      write(a.dir, `a${i}.txt`, `${i}\n`);
      write(b.dir, `b${i}.txt`, `${i}\n`);
    }
    const calls: Array<Promise<unknown>> = [];
    for (let i = 0; i < 10; i++) {
      calls.push(l.call('git:stage', { id: a.id, path: `a${i}.txt` }), l.call('git:stage', { id: b.id, path: `b${i}.txt` }));
      calls.push(l.call('git:status', { id: a.id }), l.call('git:changes', { id: b.id }));
    }
    calls.push(l.call('git:commit', { id: a.id, message: 'a', all: true }));
    await Promise.all(calls);
    expect(l.repo.git(['log', '-1', '--format=%s', a.branch])).toBe('a');
    expect(l.repo.git(['diff', '--cached', '--name-only'], b.dir).split('\n')).toHaveLength(10);
  });

  it('refuses paths outside the session tree and sessions whose folder is not its own worktree', async () => {
    const l = await lab();
    const { id } = await l.isolated();
    l.repo.write('outside.txt', 'keep me\n', l.repo.base);
    for (const p of ['../outside.txt', '/etc/passwd', `${l.repo.base}/outside.txt`, 'a/../../outside.txt', '.git/config']) {
      expect((await l.refused('git:revert', { id, path: p })).kind, p).toBe('invalid-input');
      expect((await l.refused('git:diff', { id, files: [{ path: p }] })).kind, p).toBe('invalid-input');
    }
    // The listing's commit, handed back with a diff request, is a git argument: a full commit id only.
    for (const c of ['--output=/tmp/clide-diff', 'HEAD', 'main', 'abc123', `${'a'.repeat(40)} `]) {
      expect((await l.refused('git:diff', { id, files: [{ path: 'README.md' }], baseCommit: c })).kind, c).toBe('invalid-input');
    }
    expect(fs.readFileSync(path.join(l.repo.base, 'outside.txt'), 'utf8')).toBe('keep me\n');
    expect((await l.refused('git:changes', { id: 'no-such-session' })).kind).toBe('session-not-found');

    // A tab whose saved worktree is a folder of another repository (a tampered record): refused.
    const other = repos();
    const forged = l.host.create({
      cwd: other.root,
      worktree: { repoRoot: l.repo.root, worktreeDir: other.root, branch: 'x', base: 'main', baseCommit: 'HEAD', createdAt: 0 },
    });
    const err = await l.refused('worktree:merge', { id: forged.id });
    expect(err.message).toContain('does not belong to the repository');
    // A session outside any repository has no Changes to show.
    const plain = l.host.create({ cwd: l.sandbox.cwd });
    expect((await l.refused('git:changes', { id: plain.id })).kind).toBe('not-a-repository');
  });
});

describe('merging back', () => {
  it('fast-forwards the base in the main checkout', async () => {
    const { id, call, repo } = await withWork();
    const r = await call<MergeResult>('worktree:merge', { id });
    expect(r).toMatchObject({ outcome: 'fast-forward', checkout: repo.root });
    expect(repo.read('feature.txt')).toBe('the feature\n');
    expect(repo.git(['log', '-1', '--format=%s'])).toBe('Add the feature');
    expect(await call('worktree:merge', { id })).toMatchObject({ outcome: 'up-to-date' });
  });

  it('makes a merge commit when the base moved on, or rebases when asked', async () => {
    const { id, call, repo, dir } = await withWork();
    repo.write('main-side.txt', 'main moved\n');
    repo.commit('Main moves');
    const r = await call<MergeResult>('worktree:merge', { id });
    expect(r.outcome).toBe('merge-commit');
    expect(repo.git(['rev-list', '--parents', '-1', 'HEAD']).split(' ')).toHaveLength(3);

    repo.write('main-side-2.txt', 'again\n');
    repo.commit('Main moves again');
    write(dir, 'feature-2.txt', 'more\n');
    await call('git:commit', { id, message: 'More feature', all: true });
    const rebased = await call<MergeResult>('worktree:merge', { id, strategy: 'rebase' });
    expect(rebased.outcome).toBe('rebased');
    expect(repo.git(['log', '--format=%s', '-2'])).toBe('More feature\nMain moves again');
    expect(repo.git(['rev-list', '--parents', '-1', 'HEAD']).split(' ')).toHaveLength(2);
  });

  it('stops on conflicts, lists them, says the checkout is mid-merge, and aborts cleanly', async () => {
    const { id, call, repo, dir, host } = await withWork();
    write(dir, 'shared.txt', lines(20).replace('line 5\n', 'line five (session)\n'));
    await call('git:commit', { id, message: 'Session edits line 5', all: true });
    repo.write('shared.txt', lines(20).replace('line 5\n', 'line five (main)\n'));
    repo.commit('Main edits line 5');
    const mainHead = repo.git(['rev-parse', 'HEAD']);
    const r = await call<MergeResult>('worktree:merge', { id });
    expect(r).toMatchObject({ outcome: 'conflicts', operation: 'merge', checkout: repo.root, conflicts: ['shared.txt'] });
    expect(r.outcome === 'conflicts' && r.message).toContain('in the middle of a merge');
    expect(await call<MergeState>('worktree:mergeState', { id })).toEqual({ operation: { kind: 'merge', checkout: repo.root, conflicts: ['shared.txt'] } });
    // The conflicted file as the window shows it: what came in, markers and all, from the checkout.
    const conflicted = await call<{ files: FileDiff[] }>('worktree:conflictDiffs', { id });
    expect(conflicted.files.map((f) => f.path)).toEqual(['shared.txt']);
    expect(conflicted.files[0]!.patch).toMatch(/^\+<<<<<<< HEAD\n line five \(main\)\n\+=======\n\+line five \(session\)\n\+>>>>>>> /m);
    await waitFor(() => host.view(id).gitStatus?.operation, 'the glance to show the merge in progress');
    expect(host.view(id).gitStatus?.operation).toEqual({ kind: 'merge', checkout: repo.root });
    // A second merge is refused while this one is unfinished.
    expect(await call('worktree:merge', { id })).toMatchObject({ outcome: 'refused', reason: 'operation-in-progress' });

    expect(await call<MergeState>('worktree:mergeAbort', { id })).toEqual({ operation: null });
    expect(await call('worktree:conflictDiffs', { id })).toEqual({ files: [] });
    expect(repo.git(['rev-parse', 'HEAD'])).toBe(mainHead);
    expect(repo.git(['status', '--porcelain'])).toBe('');
    await waitFor(() => host.view(id).gitStatus && !host.view(id).gitStatus!.operation, 'the glance to clear');
  });

  it('refuses, touching nothing, when the checkout is on another branch or dirty in the files the merge changes', async () => {
    const { id, call, repo, dir } = await withWork();
    repo.git(['checkout', '-q', '-b', 'elsewhere']);
    expect(await call('worktree:merge', { id })).toMatchObject({
      outcome: 'refused',
      reason: 'wrong-branch',
      branch: 'elsewhere',
      message: expect.stringContaining('is on elsewhere, not main'),
    });
    repo.git(['checkout', '-q', 'main']);

    repo.write('feature.txt', 'someone else started this\n');
    repo.write('README.md', '# unrelated local edit\n');
    const r = await call<MergeResult>('worktree:merge', { id });
    expect(r).toMatchObject({ outcome: 'refused', reason: 'dirty-checkout', files: ['feature.txt'] });
    expect(repo.read('feature.txt')).toBe('someone else started this\n');
    fs.rmSync(path.join(repo.root, 'feature.txt'));
    // A dirty file the merge does not touch is no reason to refuse.
    expect(await call('worktree:merge', { id })).toMatchObject({ outcome: 'fast-forward' });
    expect(repo.read('README.md')).toBe('# unrelated local edit\n');

    write(dir, 'uncommitted.txt', 'not yet\n');
    expect(await call('worktree:merge', { id })).toMatchObject({ outcome: 'refused', reason: 'uncommitted-in-worktree', files: ['uncommitted.txt'] });
  });
});

describe('archiving', () => {
  it('refuses with the exact list of what would be lost, and removes it all once that list is confirmed', async () => {
    const { id, call, repo, dir, branch, host } = await withWork();
    write(dir, 'draft.txt', 'unsaved\n');
    const r = await call<ArchiveResult>('worktree:archive', { id, deleteBranch: true });
    expect(r.outcome).toBe('refused');
    if (r.outcome !== 'refused') return;
    expect(r.losses.uncommitted).toEqual(['draft.txt']);
    expect(r.losses.commits).toEqual([{ commit: repo.git(['rev-parse', branch]), subject: 'Add the feature' }]);
    expect(fs.existsSync(dir)).toBe(true);
    // A token for another list is no confirmation.
    expect(await call('worktree:archive', { id, deleteBranch: true, confirm: 'f'.repeat(32) })).toMatchObject({ outcome: 'refused' });
    // Work added after the list was shown changes the list: the old token no longer confirms it.
    write(dir, 'later.txt', 'more\n');
    const again = await call<ArchiveResult>('worktree:archive', { id, deleteBranch: true, confirm: r.confirm });
    expect(again.outcome === 'refused' && again.losses.uncommitted).toEqual(['draft.txt', 'later.txt']);
    if (again.outcome !== 'refused') return;

    expect(await call('worktree:archive', { id, deleteBranch: true, confirm: again.confirm })).toEqual({ outcome: 'archived', branchDeleted: true });
    expect(fs.existsSync(dir)).toBe(false);
    expect(repo.git(['branch', '--list', branch])).toBe('');
    expect(repo.git(['worktree', 'list', '--porcelain'])).not.toContain(dir);
    expect(host.list().find((s) => s.id === id)).toBeUndefined();
  });

  it('archives at once when nothing would be lost (its work merged into the base)', async () => {
    const { id, call, repo, branch } = await withWork();
    await call('worktree:merge', { id });
    expect(await call('worktree:archive', { id, deleteBranch: true })).toEqual({ outcome: 'archived', branchDeleted: true });
    expect(repo.git(['branch', '--list', branch])).toBe('');
  });
});

describe('the pull request check', () => {
  async function withRemote(l: WorktreeLab) {
    const remote = path.join(l.repo.base, 'remote.git');
    l.repo.git(['init', '-q', '--bare', remote]);
    l.repo.git(['remote', 'add', 'origin', remote]);
  }

  it('says what is missing: a remote, gh, a gh login; creating a PR is refused with that reason', async () => {
    const l = await lab();
    const { id } = await l.isolated();
    expect(await l.call<PullRequestCheck>('worktree:prCheck', { id })).toMatchObject({ available: false, problem: 'no-remote' });
    await withRemote(l);
    // A PATH without gh (git is found by its full path's folder only).
    const bin = path.join(l.repo.base, 'bin');
    fs.mkdirSync(bin);
    fs.symlinkSync('/usr/bin/git', path.join(bin, 'git'));
    const env = l.host.isolation.env;
    const saved = env.PATH;
    env.PATH = bin;
    try {
      expect(await l.call<PullRequestCheck>('worktree:prCheck', { id })).toMatchObject({
        available: false,
        problem: 'gh-missing',
        hint: expect.stringContaining('cli.github.com'),
      });
      const err = await l.refused('worktree:createPr', { id, title: 'Feature', body: 'It adds the feature.' });
      expect(err).toMatchObject({ kind: 'invalid-input', message: 'The GitHub CLI (gh) is not installed.' });
      // A gh that is installed but not logged in (a stand-in: a real gh would need the network).
      fs.writeFileSync(
        path.join(bin, 'gh'),
        '#!/bin/sh\nif [ "$1" = "auth" ]; then echo "You are not logged into any GitHub hosts." >&2; exit 1; fi\necho "gh version 2.0.0"\n',
        { mode: 0o755 },
      );
      expect(await l.call<PullRequestCheck>('worktree:prCheck', { id })).toMatchObject({
        available: false,
        problem: 'gh-logged-out',
        hint: expect.stringContaining('gh auth login'),
      });
    } finally {
      env.PATH = saved;
    }
    // Nothing was pushed.
    expect(l.repo.git(['branch', '--list'], path.join(l.repo.base, 'remote.git'))).toBe('');
  });
});
