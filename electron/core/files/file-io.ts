// Reading and saving one file for the editor. A read says what it saw (mtime, size and a hash
// of the bytes); a save first reads the file again and writes only if its bytes are still the
// ones the editor read, so a change on disk or by Claude since is a conflict, never lost under
// the person's text. The save writes a temporary file beside it and renames it over the file
// (a crash leaves the old file whole), with the file's own mode.
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_EDITABLE_BYTES, MAX_IMAGE_BYTES, MAX_VIEW_BYTES, type FileContent, type FileVersion, type SaveResult } from '../../../shared/files';
import { ClideError } from '../../../shared/result';

const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
  '.avif': 'image/avif',
};
/** As git decides: a NUL in the first 8000 bytes makes a file binary. */
const SNIFF = 8000;

const hashOf = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');

/** Read a regular file (never a link: `file` is checkedFile's answer) and what it is now. */
async function readBytes(file: string, cap: number): Promise<{ buf?: Buffer; version: Omit<FileVersion, 'hash'> }> {
  // O_NOFOLLOW: a link put in its place since it was checked is refused, not followed.
  const fh = await fs.open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new ClideError({ kind: 'invalid-input', message: `${path.basename(file)} is not a file.` });
    const version = { mtimeMs: st.mtimeMs, size: st.size };
    return st.size > cap ? { version } : { buf: await fh.readFile(), version };
  } finally {
    await fh.close();
  }
}

export async function readContent(file: string): Promise<FileContent> {
  const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
  const { buf, version } = await readBytes(file, type ? MAX_IMAGE_BYTES : MAX_VIEW_BYTES);
  if (!buf) return type ? { kind: 'binary', size: version.size } : { kind: 'too-large', size: version.size };
  const v = { ...version, size: buf.length, hash: hashOf(buf) };
  if (type) return { kind: 'image', dataUrl: `data:${type};base64,${buf.toString('base64')}`, size: buf.length, version: v };
  if (buf.subarray(0, SNIFF).includes(0)) return { kind: 'binary', size: buf.length };
  // Not valid UTF-8: shown with replacement characters, and read-only so a save cannot write them back.
  let utf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    utf8 = false;
  }
  return { kind: 'text', text: buf.toString('utf8'), version: v, readOnly: buf.length > MAX_EDITABLE_BYTES || !utf8 };
}

/** Whether the file is still `v`: mtime and size alike settle it, else the bytes' hash does. */
export async function checkVersion(file: string, v: FileVersion): Promise<{ changed: boolean; missing?: boolean; version?: FileVersion }> {
  let st;
  try {
    st = await fs.stat(file);
  } catch {
    return { changed: true, missing: true };
  }
  if (st.mtimeMs === v.mtimeMs && st.size === v.size) return { changed: false };
  const { buf, version } = await readBytes(file, MAX_VIEW_BYTES);
  if (!buf) return { changed: true };
  const now = { ...version, size: buf.length, hash: hashOf(buf) };
  return { changed: now.hash !== v.hash, version: now };
}

/** One save at a time per file: two quick Ctrl+S must not both pass the check against the same base. */
const saving = new Map<string, Promise<unknown>>();

export function saveText(file: string, text: string, base: FileVersion): Promise<SaveResult> {
  const before = saving.get(file) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => save(file, text, base));
  saving.set(file, run);
  void run.finally(() => saving.get(file) === run && saving.delete(file)).catch(() => undefined);
  return run;
}

async function save(file: string, text: string, base: FileVersion): Promise<SaveResult> {
  let current;
  try {
    current = await readBytes(file, MAX_EDITABLE_BYTES);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { outcome: 'conflict', missing: true };
    throw err;
  }
  if (!current.buf) return { outcome: 'conflict', version: { ...current.version, hash: '' } };
  const hash = hashOf(current.buf);
  if (hash !== base.hash) return { outcome: 'conflict', version: { ...current.version, hash } };
  const mode = (await fs.stat(file)).mode & 0o7777;
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.clide-${randomBytes(6).toString('hex')}.tmp`);
  const bytes = Buffer.from(text, 'utf8');
  try {
    await fs.writeFile(tmp, bytes, { flag: 'wx', mode });
    await fs.chmod(tmp, mode); // the umask took bits off the mode writeFile was given
    await fs.rename(tmp, file);
  } catch (err) {
    await fs.rm(tmp, { force: true });
    throw err;
  }
  const st = await fs.stat(file);
  return { outcome: 'saved', version: { mtimeMs: st.mtimeMs, size: st.size, hash: hashOf(bytes) } };
}
