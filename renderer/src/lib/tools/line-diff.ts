// Line diffs for the Edit, MultiEdit and Write cards. A finished edit carries the CLI's own
// `structuredPatch` (unified hunks with real line numbers); while it is pending, or when the
// patch is missing, jsdiff computes the same shape here from the old and new strings.
import { structuredPatch } from 'diff';

export type DiffLineKind = 'context' | 'add' | 'del' | 'note';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
  /** Line number in the old file (context and deleted lines), when known. */
  oldNo?: number;
  /** Line number in the new file (context and added lines), when known. */
  newNo?: number;
}

export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: DiffLine[];
}

export interface DiffStats {
  added: number;
  removed: number;
}

/** The CLI's structuredPatch, checked line by line: anything malformed yields undefined. */
export function hunksFromPatch(patch: unknown): DiffHunk[] | undefined {
  if (!Array.isArray(patch)) return undefined;
  const out: DiffHunk[] = [];
  for (const raw of patch) {
    if (!raw || typeof raw !== 'object') return undefined;
    const h = raw as Record<string, unknown>;
    const { oldStart, newStart, oldLines, newLines, lines } = h;
    if (typeof oldStart !== 'number' || typeof newStart !== 'number' || !Array.isArray(lines)) return undefined;
    let o = oldStart;
    let n = newStart;
    const parsed: DiffLine[] = [];
    for (const l of lines) {
      if (typeof l !== 'string') return undefined;
      const mark = l[0];
      const text = l.slice(1);
      if (mark === '+') parsed.push({ kind: 'add', text, newNo: n++ });
      else if (mark === '-') parsed.push({ kind: 'del', text, oldNo: o++ });
      else if (mark === '\\') parsed.push({ kind: 'note', text: l.slice(2) });
      else parsed.push({ kind: 'context', text: mark === ' ' ? text : l, oldNo: o++, newNo: n++ });
    }
    out.push({
      oldStart,
      newStart,
      oldLines: typeof oldLines === 'number' ? oldLines : o - oldStart,
      newLines: typeof newLines === 'number' ? newLines : n - newStart,
      lines: parsed,
    });
  }
  return out;
}

export function diffStats(hunks: readonly DiffHunk[]): DiffStats {
  let added = 0;
  let removed = 0;
  for (const h of hunks) {
    for (const l of h.lines) {
      if (l.kind === 'add') added++;
      else if (l.kind === 'del') removed++;
    }
  }
  return { added, removed };
}

export function countDiffLines(hunks: readonly DiffHunk[]): number {
  let n = 0;
  for (const h of hunks) n += h.lines.length;
  return n;
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  // A final newline ends the last line; it does not start an empty one.
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

// Past this edit distance (differing lines), or this long, an exact diff is not worth its cost
// on the main thread: the change is shown as a plain replacement instead.
const MAX_EDIT_LENGTH = 2000;
const TIMEOUT_MS = 100;

/**
 * Unified hunks between two texts, `context` unchanged lines around each change, in the shape
 * of the CLI's own structuredPatch (jsdiff computes both). Line numbers count from 1 (a whole
 * file); an Edit's fragment, whose place in the file is unknown, passes `numbered: false`.
 * Whether the texts end in a newline does not count as a change.
 */
export function diffTexts(oldText: string, newText: string, opts: { context?: number; numbered?: boolean } = {}): DiffHunk[] {
  const context = opts.context ?? 3;
  const a = splitLines(oldText);
  const b = splitLines(newText);
  // The common head and tail (most of a typical edit) need no diffing: jsdiff gets what lies
  // between them with `context` lines either side, and its hunks move down by what was cut.
  const { head, tail } = commonEnds(a, b);
  if (head === a.length && head === b.length) return [];
  const from = Math.max(0, head - context);
  const keep = Math.min(tail, context);
  const midA = a.slice(from, a.length - tail + keep);
  const midB = b.slice(from, b.length - tail + keep);
  const patch = structuredPatch('', '', joinLines(midA), joinLines(midB), undefined, undefined, {
    context,
    maxEditLength: MAX_EDIT_LENGTH,
    timeout: TIMEOUT_MS,
  });
  const hunks = patch
    ? (hunksFromPatch(patch.hunks.map((h) => ({ ...h, oldStart: h.oldStart + from, newStart: h.newStart + from }))) ?? [])
    : [replacement(midA, midB, head - from, keep, from)];
  if (opts.numbered !== false) return hunks;
  return hunks.map((h) => ({ ...h, lines: h.lines.map(({ kind, text }) => ({ kind, text })) }));
}

/** How many lines two texts share at the start, and after that at the end. */
export function commonEnds(a: readonly string[], b: readonly string[]): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}

function joinLines(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}

/** The diff past the cut-off: between `head` and `tail` common lines, all removed, then all added. */
function replacement(a: readonly string[], b: readonly string[], head: number, tail: number, offset: number): DiffHunk {
  const lines: DiffLine[] = [];
  for (let i = 0; i < head; i++) lines.push({ kind: 'context', text: a[i] ?? '', oldNo: offset + i + 1, newNo: offset + i + 1 });
  for (let i = head; i < a.length - tail; i++) lines.push({ kind: 'del', text: a[i] ?? '', oldNo: offset + i + 1 });
  for (let j = head; j < b.length - tail; j++) lines.push({ kind: 'add', text: b[j] ?? '', newNo: offset + j + 1 });
  for (let t = tail; t > 0; t--)
    lines.push({ kind: 'context', text: a[a.length - t] ?? '', oldNo: offset + a.length - t + 1, newNo: offset + b.length - t + 1 });
  return { oldStart: offset + 1, oldLines: a.length, newStart: offset + 1, newLines: b.length, lines };
}

/** A new file shown as a diff: every line added. */
export function additionHunk(content: string): DiffHunk[] {
  const lines = splitLines(content);
  if (lines.length === 0) return [];
  return [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: lines.length, lines: lines.map((text, i) => ({ kind: 'add', text, newNo: i + 1 })) }];
}
