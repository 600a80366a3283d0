// File paths that come from the window name files inside the session's working tree, as git
// prints them. Anything that could reach outside it, or into its .git, is refused before git
// or the file system sees it: first on the text (repoPath), then on the disk (realFilesIn),
// where a folder of the path may be a symbolic link that leads out of the tree.
import fs from 'node:fs/promises';
import path from 'node:path';
import { ClideError } from '../../../shared/result';

const refused = (p: string, why: string) => new ClideError({ kind: 'invalid-input', message: `Refused the path "${p.slice(0, 200)}": ${why}.` });

export function repoPath(p: string): string {
  const bad = (why: string) => refused(p, why);
  if (p.includes('\0')) throw bad('it contains a NUL character');
  if (p.startsWith('/') || p.startsWith('\\') || /^[a-zA-Z]:/.test(p)) throw bad('it is not inside the working tree');
  const parts = p.split(/[/\\]/);
  if (parts.some((s) => s === '..')) throw bad('it leaves the working tree');
  if (parts.some((s) => s === '' || s === '.')) throw bad('it is not a plain path');
  if (parts[0]!.toLowerCase() === '.git') throw bad("it is inside the repository's .git");
  return parts.join('/');
}

/** The absolute file of a repo path, checked on its text only (still inside `root`). */
export function fileIn(root: string, p: string): string {
  const abs = path.resolve(root, repoPath(p));
  if (abs !== root && !abs.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) {
    throw refused(p, 'it is not inside the working tree');
  }
  return abs;
}

/**
 * The absolute files of repo paths, checked on the disk as well: each one's folders, with every
 * symbolic link resolved (a folder not made yet counts as its deepest existing one), lie inside
 * the real `root` and outside its .git. The last part is not followed: a link in the tree is an
 * entry git keeps as a blob holding its target, and reading, writing or deleting it acts on the
 * link itself. The root may itself be reached through links. Call it before anything touches
 * the paths.
 */
export async function realFilesIn(root: string, paths: readonly string[]): Promise<string[]> {
  const realRoot = await fs.realpath(root);
  const folders = new Map<string, Promise<string | undefined>>();
  return Promise.all(
    paths.map(async (p) => {
      const abs = fileIn(root, p);
      const dir = path.dirname(abs);
      if (!folders.has(dir)) folders.set(dir, realFolder(dir));
      const realDir = await folders.get(dir)!;
      if (realDir === undefined) throw refused(p, 'its folder cannot be resolved (a symbolic link that points nowhere, or a folder clide may not read)');
      const inside = path.relative(realRoot, path.join(realDir, path.basename(abs)));
      if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
        throw refused(p, 'it leads through a symbolic link out of the working tree');
      }
      if (inside.split(path.sep)[0]!.toLowerCase() === '.git') throw refused(p, "it leads through a symbolic link into the repository's .git");
      return abs;
    }),
  );
}

/** One path's checked absolute file (see realFilesIn). */
export async function realFileIn(root: string, p: string): Promise<string> {
  return (await realFilesIn(root, [p]))[0]!;
}

/** Repo paths checked on the disk (realFilesIn), as git takes them. */
export async function realRepoPaths(root: string, paths: readonly string[]): Promise<string[]> {
  await realFilesIn(root, paths);
  return paths.map(repoPath);
}

/**
 * A folder's real path: the real path of its deepest ancestor that exists (as an entry: a
 * dangling link counts, and then there is no real path), with the parts not made yet after it.
 */
async function realFolder(dir: string): Promise<string | undefined> {
  const missing: string[] = [];
  let at = dir;
  for (;;) {
    try {
      await fs.lstat(at);
      break;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return undefined;
    }
    const up = path.dirname(at);
    if (up === at) break;
    missing.unshift(path.basename(at));
    at = up;
  }
  try {
    return path.join(await fs.realpath(at), ...missing);
  } catch {
    return undefined;
  }
}
