// The disk check of a window's path (realFilesIn): a path's folders, links resolved, lie inside
// the tree's real folder; the last part is never followed; folders not made yet are fine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { realFileIn, realFilesIn } from '../../../electron/core/git/paths';
import { ClideError } from '../../../shared/result';

let base = '';
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

/** base/root (the tree, with a folder `sub`) and base/out beside it. */
function tree() {
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'clide-paths-')));
  const root = path.join(base, 'root');
  fs.mkdirSync(path.join(root, 'sub'), { recursive: true });
  fs.mkdirSync(path.join(root, '.git'));
  fs.mkdirSync(path.join(base, 'out'));
  fs.writeFileSync(path.join(root, 'file.txt'), 'x');
  const link = (name: string, target: string) => fs.symlinkSync(target, path.join(root, name));
  return { root, link };
}

const why = async (root: string, p: string) => {
  const err: unknown = await realFileIn(root, p).then(
    () => undefined,
    (e: unknown) => e,
  );
  return err instanceof ClideError ? err.info : err;
};

describe('realFileIn', () => {
  it('gives the file in the tree for plain paths, new folders and links that stay inside', async () => {
    const { root, link } = tree();
    link('inner', 'sub');
    link('to-out', '../out');
    expect(await realFilesIn(root, ['file.txt', 'new/deeper/file.txt', 'inner/a.txt', 'to-out', 'file.txt/below'])).toEqual(
      ['file.txt', 'new/deeper/file.txt', 'inner/a.txt', 'to-out', 'file.txt/below'].map((p) => path.join(root, p)),
    );
  });

  it('refuses a path through a link out of the tree, into .git, to the root itself, or through a link to nowhere', async () => {
    const { root, link } = tree();
    link('to-out', '../out');
    link('up', '..');
    link('g', '.git');
    link('nowhere', '../missing');
    expect(await why(root, 'to-out/new/file.txt')).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('out of the working tree') });
    expect(await why(root, 'up/root')).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('out of the working tree') });
    expect(await why(root, 'g/config')).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('.git') });
    // A folder made under a dangling link would be made where it points.
    expect(await why(root, 'nowhere/new/file.txt')).toMatchObject({ kind: 'invalid-input', message: expect.stringContaining('points nowhere') });
  });

  it('takes a root reached through a link, compared by its real folder', async () => {
    const { root, link } = tree();
    link('to-out', '../out');
    const alias = path.join(base, 'alias');
    fs.symlinkSync(root, alias);
    expect(await realFileIn(alias, 'sub/new.txt')).toBe(path.join(alias, 'sub/new.txt'));
    expect(await why(alias, 'to-out/x')).toMatchObject({ kind: 'invalid-input' });
  });
});
