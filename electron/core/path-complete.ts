// Completion for the working-directory field of the browser host: the sub-folders of the typed
// prefix's folder whose names start with its last part. Bounded (a folder with a million
// entries is read only so far, symlinks are followed only a few hundred times) and read-only:
// it lists names, never contents, and never follows anything but directories.
import fs from 'node:fs';
import path from 'node:path';
import type { PathCompletion } from '../../shared/folders';

export interface CompleteOptions {
  homeDir: string;
  platform?: NodeJS.Platform;
  /** At most this many suggestions. */
  maxEntries?: number;
  /** Read at most this many directory entries. */
  maxScan?: number;
  /** Resolve at most this many symlinks to see whether they point at folders. */
  maxLinks?: number;
}

/** The absolute path a typed folder names: `~` is home, relative paths start at home. */
export function resolveTyped(typed: string, homeDir: string, platform: NodeJS.Platform = process.platform): string {
  const p = platform === 'win32' ? path.win32 : path.posix;
  let t = typed;
  if (t === '~') t = homeDir;
  else if (t.startsWith('~/') || (platform === 'win32' && t.startsWith('~\\'))) t = p.join(homeDir, t.slice(2));
  return p.isAbsolute(t) ? t : p.join(homeDir, t);
}

export async function completePath(typed: string, opts: CompleteOptions): Promise<PathCompletion> {
  const platform = opts.platform ?? process.platform;
  const p = platform === 'win32' ? path.win32 : path.posix;
  const maxEntries = opts.maxEntries ?? 50;
  const maxScan = opts.maxScan ?? 20_000;
  let linksLeft = opts.maxLinks ?? 200;
  if (typed.includes('\0')) {
    return {
      resolved: typed.replace(/\0/g, ''),
      target: 'invalid',
      entries: [],
      truncated: false,
      sep: p.sep,
      error: 'A path cannot contain a NUL character.',
    };
  }
  const text = typed === '' ? '~/' : typed;
  const resolved = resolveTyped(text, opts.homeDir, platform);
  const endsWithSep = /[\\/]$/.test(text) || text === '~';
  const dir = endsWithSep ? resolved : p.dirname(resolved);
  const partial = endsWithSep ? '' : p.basename(resolved);
  const caseless = platform === 'win32' || platform === 'darwin';
  const wanted = caseless ? partial.toLowerCase() : partial;
  const target = await targetOf(resolved);

  const names: string[] = [];
  let truncated = false;
  let error: string | undefined;
  let handle: fs.Dir | undefined;
  try {
    handle = await fs.promises.opendir(dir, { bufferSize: 256 });
    let scanned = 0;
    for await (const entry of handle) {
      if (++scanned > maxScan) {
        truncated = true;
        break;
      }
      const name = entry.name;
      // Hidden folders only when asked for by a leading dot, as shells complete them.
      if (name.startsWith('.') && !partial.startsWith('.')) continue;
      if (!(caseless ? name.toLowerCase() : name).startsWith(wanted)) continue;
      let isDir = entry.isDirectory();
      if (!isDir && entry.isSymbolicLink() && linksLeft > 0) {
        linksLeft -= 1;
        isDir = (await targetOf(p.join(dir, name))) === 'directory';
      }
      if (isDir) names.push(name);
    }
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    error =
      e.code === 'ENOENT'
        ? `${dir} does not exist.`
        : e.code === 'ENOTDIR'
          ? `${dir} is not a folder.`
          : e.code === 'EACCES' || e.code === 'EPERM'
            ? `clide may not read ${dir} (permission denied).`
            : `Could not read ${dir}: ${e.message}`;
  } finally {
    // An early break closes the handle already; closing twice throws.
    await handle?.close().catch(() => undefined);
  }
  names.sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }));
  if (names.length > maxEntries) truncated = true;
  return {
    resolved,
    target,
    dir,
    entries: names.slice(0, maxEntries).map((name) => ({ name, path: p.join(dir, name) })),
    truncated,
    sep: p.sep,
    ...(error ? { error } : {}),
  };
}

async function targetOf(p: string): Promise<PathCompletion['target']> {
  try {
    const st = await fs.promises.stat(p);
    return st.isDirectory() ? 'directory' : 'file';
  } catch {
    return 'missing';
  }
}
