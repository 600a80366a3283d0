// Where a folder's trust is decided, on this computer: the checkout it is in (a worktree counts
// as its repository's main checkout, so a trusted repository's worktrees are trusted), else the
// folder itself; and the folders Claude Code reads project files from (the checkout's top down
// to the session's folder). Plain file reads: no git process runs before the folder is trusted.
import fs from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from '../rules/settings-files';
import type { FolderFiles } from './scan';

export interface FolderPlace {
  /** The folder's real path. */
  folder: string;
  /** The top of the checkout the folder is in (the folder itself outside a repository). */
  top: string;
  /** The folder the decision is kept for: the main checkout of that repository, or the folder. */
  root: string;
  /** From `top` down to `folder`. */
  dirs: string[];
}

export function locateFolder(cwd: string): FolderPlace {
  const folder = realPath(cwd);
  const root = repositoryRoot(folder);
  if (!root) return { folder, top: folder, root: folder, dirs: [folder] };
  const dirs: string[] = [];
  for (let dir = folder; ; dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (fs.existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) break;
  }
  return { folder, top: dirs[0]!, root: realPath(root), dirs };
}

export const localFiles: FolderFiles = {
  read(abs) {
    try {
      if (!fs.statSync(abs).isFile()) return undefined;
      // Non-blocking: a FIFO put in place of the file after the check must not hang the app.
      const fd = fs.openSync(abs, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
      try {
        if (!fs.fstatSync(fd).isFile()) return undefined;
        // Settings and memory files are small; a huge one is read in part, which is enough to list it.
        const buf = Buffer.alloc(Math.min(fs.fstatSync(fd).size, 1024 * 1024));
        const n = fs.readSync(fd, buf, 0, buf.length, 0);
        return buf.subarray(0, n).toString('utf8');
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return undefined;
    }
  },
  real: realPath,
};

export function realPath(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
