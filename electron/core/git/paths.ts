// File paths that come from the window name files inside the session's working tree, as git
// prints them. Anything that could reach outside it, or into its .git, is refused before git
// or the file system sees it.
import path from 'node:path';
import { ClideError } from '../../../shared/result';

export function repoPath(p: string): string {
  const bad = (why: string) => new ClideError({ kind: 'invalid-input', message: `Refused the path "${p.slice(0, 200)}": ${why}.` });
  if (p.includes('\0')) throw bad('it contains a NUL character');
  if (p.startsWith('/') || p.startsWith('\\') || /^[a-zA-Z]:/.test(p)) throw bad('it is not inside the working tree');
  const parts = p.split(/[/\\]/);
  if (parts.some((s) => s === '..')) throw bad('it leaves the working tree');
  if (parts.some((s) => s === '' || s === '.')) throw bad('it is not a plain path');
  if (parts[0]!.toLowerCase() === '.git') throw bad("it is inside the repository's .git");
  return parts.join('/');
}

/** The absolute file of a checked repo path (still inside `root`). */
export function fileIn(root: string, p: string): string {
  const abs = path.resolve(root, repoPath(p));
  if (abs !== root && !abs.startsWith(root.endsWith(path.sep) ? root : root + path.sep)) {
    throw new ClideError({ kind: 'invalid-input', message: `Refused the path "${p.slice(0, 200)}": it is not inside the working tree.` });
  }
  return abs;
}
