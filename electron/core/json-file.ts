// Small JSON files the app owns (settings, open tabs): written atomically (temp file, fsync,
// rename) so a crash mid-write never leaves half a file; a corrupt or invalid file is set aside
// under a new name with a warning, never fatal, and the defaults are used instead.
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';

export interface ReadResult<T> {
  value: T;
  /** Set when the file was unreadable and has been moved aside. */
  warning?: string;
}

export function readJsonFile<S extends z.ZodType>(file: string, schema: S, fallback: z.output<S>): ReadResult<z.output<S>> {
  let raw: string;
  try {
    raw = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { value: fallback };
    return { value: fallback, warning: `Could not read ${file}: ${(err as Error).message}. Using defaults.` };
  }
  let problem: string;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    if (parsed.success) return { value: parsed.data };
    const issue = parsed.error.issues[0];
    problem = `invalid content (${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'rejected'})`;
  } catch (err) {
    problem = `corrupt JSON (${(err as Error).message})`;
  }
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    // Could not move it; the next successful write replaces it anyway.
  }
  return { value: fallback, warning: `${path.basename(file)} had ${problem}; it was set aside as ${aside} and defaults are used.` };
}

export function writeJsonFileAtomic(file: string, value: unknown): void {
  const text = `${JSON.stringify(value, null, 2)}\n`; // throws before anything is touched
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    const fd = fs.openSync(tmp, 'w', 0o600);
    try {
      fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}
