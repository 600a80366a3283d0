// A file as it is in the working tree and the index, kept so a revert can be undone: its bytes
// (or link target, or absence) and its index entry. Neither follows a symbolic link: the path's
// folders are checked to lie inside the tree before it is read or replaced (realFileIn), and a
// link at the path itself is read and replaced as a link, not written through.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ClideError } from '../../../shared/result';
import { realFileIn } from './paths';
import { text, type RunGit } from './runner';

export type WorkFile = { kind: 'absent' } | { kind: 'file'; data: Buffer; mode: number } | { kind: 'link'; target: string };

/** A file too large to keep in memory for undo is not reverted (it could not be brought back). */
export const MAX_KEPT_FILE = 64 * 1024 * 1024;

export async function readWorkFile(root: string, p: string): Promise<WorkFile> {
  const abs = await realFileIn(root, p);
  let st: fs.Stats;
  try {
    st = fs.lstatSync(abs);
  } catch {
    return { kind: 'absent' };
  }
  if (st.isSymbolicLink()) return { kind: 'link', target: fs.readlinkSync(abs) };
  if (!st.isFile()) throw new ClideError({ kind: 'invalid-input', message: `${p} is not a file.` });
  if (st.size > MAX_KEPT_FILE) {
    throw new ClideError({
      kind: 'invalid-input',
      message: `${p} is ${Math.round(st.size / 1048576)} MB: too large to keep for undo, so clide does not revert it.`,
    });
  }
  return { kind: 'file', data: fs.readFileSync(abs), mode: st.mode & 0o777 };
}

export function digestOf(f: WorkFile): string {
  const h = createHash('sha1').update(f.kind);
  if (f.kind === 'file') h.update(f.data).update(String(f.mode & 0o111 ? 1 : 0));
  if (f.kind === 'link') h.update(f.target);
  return h.digest('hex');
}

export function sizeOf(f: WorkFile): number {
  return f.kind === 'file' ? f.data.length : f.kind === 'link' ? f.target.length : 0;
}

/** Put a file back as it was; its folder must lie inside the tree (no link leads out), checked before anything is removed. */
export async function writeWorkFile(root: string, p: string, f: WorkFile): Promise<void> {
  const abs = await realFileIn(root, p);
  fs.rmSync(abs, { force: true });
  if (f.kind === 'absent') return;
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  if (f.kind === 'link') fs.symlinkSync(f.target, abs);
  else fs.writeFileSync(abs, f.data, { mode: f.mode });
}

/** The index entries of a path (NUL-ended `mode sha stage<TAB>path` records), empty when it is not in the index. */
export async function readIndexEntry(run: RunGit, p: string): Promise<string> {
  return text(await run(['ls-files', '-s', '-z', '--', p], { readOnly: true }));
}

/** Put a path's index entries back as `readIndexEntry` read them (none: the path leaves the index). */
export async function writeIndexEntry(run: RunGit, p: string, entry: string): Promise<void> {
  await run(['update-index', '--force-remove', '--', p]);
  if (entry) await run(['update-index', '-z', '--index-info'], { input: entry });
}
