// A committed symbolic link to a folder outside the repository, against the real host: the
// channels, called through the same dispatch (and contracts) the window uses, refuse every path
// through the link before it is touched, and still treat the link itself as a file of the tree.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileDiff } from '../../shared/git';
import { tempRepos } from '../support/git-repo';
import { realCliHosts } from '../support/real-cli-hosts';
import { worktreeLabs } from '../support/worktree-host';

const repos = tempRepos();
const lab = worktreeLabs(realCliHosts(), repos);

/** A lab whose repository has `link` -> `outside/` (beside it) committed on main. */
async function withLink() {
  const l = await lab();
  const outside = path.join(l.repo.base, 'outside');
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(outside, 'victim.txt'), 'victim\n');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
  fs.symlinkSync(outside, path.join(l.repo.root, 'link'));
  l.repo.commit('a link out of the repository');
  const untouched = () => {
    expect(fs.readdirSync(outside).sort()).toEqual(['secret.txt', 'victim.txt']);
    expect(fs.readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('victim\n');
    expect(fs.readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('secret\n');
  };
  return { ...l, outside, untouched };
}

const outOfTree = { kind: 'invalid-input', message: expect.stringContaining('symbolic link out of the working tree') };

describe('a path through a committed link out of the repository', () => {
  it('is refused by every channel of an isolated session, and the link itself is still reverted', async () => {
    const { refused, call, isolated, untouched, outside } = await withLink();
    const { id, dir } = await isolated();
    expect(fs.readlinkSync(path.join(dir, 'link'))).toBe(outside);

    expect(await refused('git:revert', { id, path: 'link/victim.txt' })).toMatchObject(outOfTree);
    expect(await refused('git:stage', { id, path: 'link/victim.txt' })).toMatchObject(outOfTree);
    expect(await refused('git:unstage', { id, path: 'link/victim.txt' })).toMatchObject(outOfTree);
    expect(await refused('git:diff', { id, files: [{ path: 'link/secret.txt', untracked: true }] })).toMatchObject(outOfTree);
    expect(await refused('git:diff', { id, files: [{ path: 'link/secret.txt' }] })).toMatchObject(outOfTree);
    expect(await refused('git:review', { id, comments: [{ path: 'link/victim.txt', startLine: 1, comment: 'remove' }] })).toMatchObject(outOfTree);
    untouched();

    fs.rmSync(path.join(dir, 'link'));
    const { files } = await call<{ files: FileDiff[] }>('git:diff', { id, files: [{ path: 'link' }] });
    expect(files[0]!.patch).toContain(`-${outside}`);
    await call('git:revert', { id, path: 'link' });
    expect(fs.readlinkSync(path.join(dir, 'link'))).toBe(outside);
    untouched();
  });

  it('works in a shared folder opened through a linked path, and still refuses the link out', async () => {
    const { repo, host, refused, call, untouched } = await withLink();
    const alias = path.join(repo.base, 'alias');
    fs.symlinkSync(repo.root, alias);
    const { id } = host.create({ cwd: alias });
    repo.write('README.md', 'changed\n');
    await call('git:revert', { id, path: 'README.md' });
    expect(repo.read('README.md')).toBe('# test\n');
    expect(await refused('git:revert', { id, path: 'link/victim.txt' })).toMatchObject(outOfTree);
    untouched();
  });
});
