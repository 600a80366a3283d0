// A path from the window names a file inside the session's folder, checked by its real path
// before anything reads or writes it. realFileIn (git/paths.ts) checks its folders, links
// resolved, and leaves the last part alone (git acts on a link itself); a read or a write here
// follows a link to a file, so where that link leads must be inside the folder as well.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ClideError } from '../../../shared/result';
import { realFileIn } from '../git/paths';

const refused = (p: string, why: string) => new ClideError({ kind: 'invalid-input', message: `Refused the path "${p.slice(0, 200)}": ${why}.` });

/** The file a read or write of `p` acts on: the link's target when `p` is a link (inside `root`), else `p` itself. */
export async function checkedFile(root: string, p: string): Promise<string> {
  const abs = await realFileIn(root, p);
  const st = await fs.lstat(abs).catch(() => undefined);
  if (!st?.isSymbolicLink()) return abs;
  const real = await fs.realpath(abs).catch(() => {
    throw refused(p, 'it is a symbolic link that points nowhere');
  });
  const inside = path.relative(await fs.realpath(root), real);
  if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
    throw refused(p, 'it is a symbolic link out of the folder');
  }
  if (inside.split(path.sep)[0]!.toLowerCase() === '.git') throw refused(p, "it is a symbolic link into the repository's .git");
  return real;
}

/** A folder of the tree as the window names it: '' for the top, else `a/b/`. */
export function folderPath(dir: string): string {
  if (dir === '') return '';
  if (!dir.endsWith('/')) throw refused(dir, 'a folder ends with /');
  const inner = dir.slice(0, -1);
  if (inner.includes('\0') || inner.startsWith('/') || inner.split(/[/\\]/).some((s) => s === '..' || s === '' || s === '.')) {
    throw refused(dir, 'it is not a plain path inside the folder');
  }
  return dir;
}
