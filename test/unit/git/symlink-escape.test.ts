// A repository with a committed symbolic link to a folder outside it: no git channel may read,
// write or delete through that link (the path `link/victim.txt` names a file outside the tree),
// while the link itself stays an ordinary entry to revert, stage and commit. Real git, real files;
// the channels are called as the window calls them (gitHandlers), over a stand-in isolation.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { HunkRef } from '../../../electron/core/git/edits';
import { ClideError, type AppError } from '../../../shared/result';
import { type Tree } from '../../../electron/core/git/changes';
import { TreeEdits, UndoStore } from '../../../electron/core/git/edits';
import { gitHandlers, type GitHandlerHost } from '../../../electron/core/git/handlers';
import type { Isolation } from '../../../electron/core/git/isolation';
import { GitRunner } from '../../../electron/core/git/runner';
import { tempRepos } from '../../support/git-repo';

const repos = tempRepos();

/** A repository whose `link` (committed on main) points at `outside/`, a folder beside it. */
function setup(opts: { cwd?: (root: string, base: string) => string } = {}) {
  const repo = repos({ files: { 'README.md': '# test\n', 'dir/victim.txt': 'victim\n' } });
  const outside = path.join(repo.base, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'victim.txt'), 'victim\n');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
  fs.symlinkSync(outside, path.join(repo.root, 'link'));
  const main = repo.commit('a link out of the tree');
  repo.git(['checkout', '-q', '-b', 'work']);
  const git = new GitRunner({ env: repo.env });
  const tree: Tree = { cwd: opts.cwd ? opts.cwd(repo.root, repo.base) : repo.root, base: { name: 'main', commit: main } };
  const isolation = {
    tree: async () => tree,
    runIn: (cwd: string) => (args: string[], o?: object) => git.run(args, { cwd, ...o }),
    edits: new TreeEdits(git, new UndoStore()),
    touched: () => {},
  } as unknown as Isolation;
  const host: GitHandlerHost = {
    isolation,
    send: () => ({}),
    close: async () => {},
    view: () => {
      throw new Error('not used');
    },
  };
  const h = gitHandlers(() => host);
  /** The typed error a call was refused with (a call that answers fails the test). */
  const refused = async (call: () => unknown): Promise<AppError> => {
    const err: unknown = await Promise.resolve()
      .then(call)
      .then(
        (v) => new Error(`expected a refusal, got ${JSON.stringify(v)}`),
        (e: unknown) => e,
      );
    if (!(err instanceof ClideError)) throw err;
    return err.info;
  };
  const victim = path.join(outside, 'victim.txt');
  /** The outside files are as they were: there, with their content. */
  const untouched = () => {
    expect(fs.existsSync(victim)).toBe(true);
    expect(fs.readFileSync(victim, 'utf8')).toBe('victim\n');
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
    expect(fs.readdirSync(outside).sort()).toEqual(['secret.txt', 'victim.txt']);
  };
  return { repo, outside, victim, h, refused, untouched, id: 's1' };
}

const outOfTree = { kind: 'invalid-input', message: expect.stringMatching(/link\/victim\.txt.*symbolic link.*out of the working tree/) };

describe('paths through a committed link to a folder outside the tree', () => {
  it('git:revert refuses link/victim.txt and the outside file stays', async () => {
    const { h, refused, untouched, id } = setup();
    expect(await refused(() => h['git:revert']({ id, path: 'link/victim.txt' }))).toMatchObject(outOfTree);
    untouched();
  });

  it('git:revert of a hunk refuses it too, before any diff is made', async () => {
    const { h, refused, untouched, id } = setup();
    const hunk: HunkRef = { index: 0, digest: 'x' };
    expect(await refused(() => h['git:revert']({ id, path: 'link/victim.txt', hunk }))).toMatchObject(outOfTree);
    untouched();
  });

  it('git:stage and git:unstage refuse it', async () => {
    const { h, refused, untouched, id } = setup();
    expect(await refused(() => h['git:stage']({ id, path: 'link/victim.txt' }))).toMatchObject(outOfTree);
    expect(await refused(() => h['git:unstage']({ id, path: 'link/victim.txt' }))).toMatchObject(outOfTree);
    untouched();
  });

  it('git:diff refuses it, tracked or untracked, and never answers with the outside content', async () => {
    const { h, refused, untouched, id } = setup();
    for (const untracked of [false, true]) {
      for (const scope of ['base', 'unstaged', 'staged'] as const) {
        const err = await refused(() => h['git:diff']({ id, files: [{ path: 'link/secret.txt', untracked }], scope }));
        expect(err).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('out of the working tree') });
      }
    }
    // A rename's old path is checked as well as its new one.
    const err = await refused(() => h['git:diff']({ id, files: [{ path: 'README.md', oldPath: 'link/secret.txt' }] }));
    expect(err.kind).toBe('invalid-input');
    untouched();
  });

  it('git:review refuses a comment on it (the message would send Claude out of the tree)', async () => {
    const { h, refused, untouched, id } = setup();
    const comments = [{ path: 'link/victim.txt', startLine: 1, comment: 'delete this' }];
    expect(await refused(() => h['git:review']({ id, comments }))).toMatchObject(outOfTree);
    untouched();
  });

  it('git:undo refuses to write through a folder that became a link out of the tree since the revert', async () => {
    const { repo, h, refused, untouched, outside, id } = setup();
    repo.write('dir/victim.txt', 'changed\n');
    const { undo } = await h['git:revert']({ id, path: 'dir/victim.txt' });
    expect(repo.read('dir/victim.txt')).toBe('victim\n');
    // The folder is swapped for a link to the outside folder, whose victim.txt matches what the revert left.
    fs.rmSync(path.join(repo.root, 'dir'), { recursive: true });
    fs.symlinkSync(outside, path.join(repo.root, 'dir'));
    const err = await refused(() => h['git:undo']({ id, token: undo }));
    untouched();
    expect(err).toMatchObject({ kind: 'invalid-input', message: expect.stringMatching(/dir\/victim\.txt.*symbolic link.*out of the working tree/) });
  });

  it("refuses a path that a link leads into the repository's .git", async () => {
    const { repo, h, refused, id } = setup();
    fs.symlinkSync('.git', path.join(repo.root, 'g'));
    const config = repo.read('.git/config');
    expect(await refused(() => h['git:revert']({ id, path: 'g/config' }))).toMatchObject({
      kind: 'invalid-input',
      message: expect.stringContaining('.git'),
    });
    expect(repo.read('.git/config')).toBe(config);
  });

  it('reverts, stages and commits the link itself (a blob holding its target), never its target', async () => {
    const { repo, h, untouched, outside, id } = setup();
    const link = path.join(repo.root, 'link');
    fs.rmSync(link);
    fs.symlinkSync(path.join(repo.base, 'elsewhere'), link);
    const { undo } = await h['git:revert']({ id, path: 'link' });
    expect(fs.readlinkSync(link)).toBe(outside);
    untouched();
    await h['git:undo']({ id, token: undo });
    expect(fs.readlinkSync(link)).toBe(path.join(repo.base, 'elsewhere'));
    await h['git:stage']({ id, path: 'link' });
    expect(repo.git(['diff', '--cached', '--name-only'])).toBe('link');
    await h['git:unstage']({ id, path: 'link' });
    expect(repo.git(['diff', '--cached', '--name-only'])).toBe('');
    await h['git:stage']({ id, path: 'link' });
    await h['git:commit']({ id, message: 'the link moves' });
    expect(repo.git(['ls-tree', 'HEAD', 'link'])).toMatch(/^120000 blob /);
    expect(repo.git(['show', 'HEAD:link'])).toBe(path.join(repo.base, 'elsewhere'));
    const [d] = (await h['git:diff']({ id, files: [{ path: 'link' }] })).files;
    expect(d!.patch).toContain(`-${outside}\n`);
    expect(d!.patch).toContain(`+${path.join(repo.base, 'elsewhere')}\n`);
    // Deleting the link and reverting that brings the link back, not the folder's files.
    fs.rmSync(link);
    await h['git:revert']({ id, path: 'link' });
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link)).toBe(outside);
    untouched();
  });

  it('works on the files of a tree reached through a linked folder, and still refuses the link out', async () => {
    const { repo, h, refused, untouched, id } = setup({
      cwd: (root, base) => {
        const alias = path.join(base, 'alias');
        fs.symlinkSync(root, alias);
        return alias;
      },
    });
    repo.write('README.md', 'changed\n');
    repo.write('new/file.txt', 'new\n');
    const [d] = (await h['git:diff']({ id, files: [{ path: 'new/file.txt', untracked: true }] })).files;
    expect(d!.patch).toContain('+new');
    await h['git:stage']({ id, path: 'new/file.txt' });
    await h['git:unstage']({ id, path: 'new/file.txt' });
    const { undo } = await h['git:revert']({ id, path: 'README.md' });
    expect(repo.read('README.md')).toBe('# test\n');
    await h['git:undo']({ id, token: undo });
    expect(repo.read('README.md')).toBe('changed\n');
    await h['git:revert']({ id, path: 'new/file.txt' });
    expect(repo.exists('new/file.txt')).toBe(false);
    expect((await h['git:review']({ id, comments: [{ path: 'README.md', startLine: 1, comment: 'ok' }] })).text).toContain('README.md');
    expect(await refused(() => h['git:revert']({ id, path: 'link/victim.txt' }))).toMatchObject(outOfTree);
    untouched();
  });
});
