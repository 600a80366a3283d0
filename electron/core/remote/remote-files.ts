// The remote host's files, for the folder field and `@` mentions: the same answers as
// path-complete.ts and file-index.ts give locally, read by a sh script over the host's shared
// connection. Names travel NUL-separated (any byte but NUL can be in a file name), output is
// bounded, and nothing is read but names.
import path from 'node:path';
import type { PathCompletion } from '../../../shared/folders';
import type { FileEntry, FileList } from '../file-index';
import { SKIPPED_DIRS } from '../file-index';
import { resolveTyped } from '../path-complete';
import type { SshMaster } from './ssh-master';
import { shQuote } from './shell-quote';

const p = path.posix;

/** Complete the typed folder on the host (`~` is the remote home). */
export async function completeRemotePath(master: SshMaster, home: string, typed: string, maxEntries = 50): Promise<PathCompletion> {
  if (typed.includes('\0')) {
    return { resolved: typed.replace(/\0/g, ''), target: 'invalid', entries: [], truncated: false, sep: '/', error: 'A path cannot contain a NUL character.' };
  }
  const text = typed === '' ? '~/' : typed;
  const resolved = resolveTyped(text, home, 'linux');
  const endsWithSep = text.endsWith('/') || text === '~';
  const dir = endsWithSep ? resolved : p.dirname(resolved);
  const partial = endsWithSep ? '' : p.basename(resolved);
  const script = `
r=${shQuote(resolved)}
d=${shQuote(dir)}
if [ -d "$r" ]; then t=directory; elif [ -e "$r" ]; then t=file; else t=missing; fi
if [ ! -e "$d" ]; then s=missing; elif [ ! -d "$d" ]; then s=notdir; elif ! cd "$d" 2>/dev/null || [ ! -r . ]; then s=denied; else s=ok; fi
printf '%s\\0%s\\0' "$t" "$s"
[ "$s" = ok ] || exit 0
for f in .* *; do
  case $f in .|..) continue ;; esac
  [ -d "$f" ] && printf '%s\\0' "$f"
done
`;
  const out = await master.exec(script, { timeoutMs: 20_000, maxBytes: 4 * 1024 * 1024 });
  const parts = out.stdout.toString('utf8').split('\0');
  const target = (['directory', 'file', 'missing'] as const).find((t) => t === parts[0]) ?? 'missing';
  const state = parts[1];
  const base = { resolved, target, dir, sep: '/' as const };
  if (out.code !== 0 || state === undefined) {
    return { ...base, entries: [], truncated: false, error: `Could not read ${dir} on the host: ${out.stderr.trim() || `ssh exited with ${out.code}`}` };
  }
  if (state !== 'ok') {
    const error =
      state === 'missing' ? `${dir} does not exist.` : state === 'notdir' ? `${dir} is not a folder.` : `clide may not read ${dir} (permission denied).`;
    return { ...base, entries: [], truncated: false, error };
  }
  const names = parts
    .slice(2, -1)
    .filter((n) => n && (!n.startsWith('.') || partial.startsWith('.')) && n.startsWith(partial))
    .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }));
  return {
    ...base,
    entries: names.slice(0, maxEntries).map((name) => ({ name, path: p.join(dir, name) })),
    truncated: names.length > maxEntries || out.truncated,
  };
}

/** Files and folders under `root` on the host, for `@` mentions, shallow ones first. */
export async function listRemoteFiles(master: SshMaster, root: string, opts: { maxEntries?: number; maxDepth?: number } = {}): Promise<FileList> {
  const maxEntries = opts.maxEntries ?? 30_000;
  const prune = [...SKIPPED_DIRS].map((n) => `-name ${shQuote(n)}`).join(' -o ');
  const script = `
cd ${shQuote(root)} || exit 3
find . -maxdepth ${opts.maxDepth ?? 16} -type d \\( ${prune} \\) -prune -o -type d -exec printf 'd%s\\0' {} + -o -exec printf 'f%s\\0' {} + 2>/dev/null
exit 0
`;
  // About 60 bytes a name: enough for maxEntries, then the walk is cut.
  const out = await master.exec(script, { timeoutMs: 30_000, maxBytes: maxEntries * 120 });
  if (out.code === 3 || (out.code !== 0 && !out.truncated)) {
    throw new Error(out.stderr.trim() || `ssh exited with ${out.code}`);
  }
  const entries: Array<FileEntry & { depth: number }> = [];
  // The last piece is empty, or a name cut off with the output: never an entry.
  for (const item of out.stdout.toString('utf8').split('\0').slice(0, -1)) {
    if (item.length < 3 || (!item.startsWith('d./') && !item.startsWith('f./'))) continue;
    const rel = item.slice(3);
    const folder = item[0] === 'd';
    if (!folder && (rel.endsWith('/.DS_Store') || rel === '.DS_Store')) continue;
    entries.push({ path: folder ? `${rel}/` : rel, folder, depth: rel.split('/').length });
  }
  // The walk is depth first; people mention shallow files most, so they come first (as locally).
  entries.sort((a, b) => a.depth - b.depth || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const truncated = out.truncated || entries.length > maxEntries;
  return { entries: entries.slice(0, maxEntries).map(({ path: rel, folder }) => ({ path: rel, folder })), truncated };
}
