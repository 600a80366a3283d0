// A file's unified patch as `git:diff` sends it, turned into the lines the Changes panel shows:
// hunks with old and new line numbers, word-level marks on the lines a change rewrote, and
// the pairs of a side-by-side view. Pure, so it is tested without a page.
import { diffArrays } from 'diff';
import type { DiffHunk, DiffLine } from '../../lib/tools/line-diff';

export interface PatchHunk extends DiffHunk {
  /** Position in the file's patch (what `git:revert` / `git:stage` name with its digest). */
  index: number;
  /** The whole `@@ -a,b +c,d @@ section` line, as the core's hunks name it. */
  header: string;
  /** The `@@ -a,b +c,d @@` part. */
  range: string;
  /** The function or section git named after the header, if any. */
  section: string;
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

/** The hunks of one file's patch (its `diff --git` header lines are skipped). */
export function hunksOfPatch(patch: string): PatchHunk[] {
  const out: PatchHunk[] = [];
  let hunk: PatchHunk | undefined;
  let o = 0;
  let n = 0;
  const lines = patch.split('\n');
  // A patch ends with a newline: the empty string after it is not a line.
  if (lines[lines.length - 1] === '') lines.pop();
  for (const l of lines) {
    const m = l.startsWith('@@') ? HUNK.exec(l) : null;
    if (m) {
      const oldStart = Number(m[1]);
      const newStart = Number(m[3]);
      hunk = {
        index: out.length,
        header: l,
        range: l.slice(0, l.indexOf('@@', 2) + 2),
        section: m[5] ?? '',
        oldStart,
        oldLines: m[2] === undefined ? 1 : Number(m[2]),
        newStart,
        newLines: m[4] === undefined ? 1 : Number(m[4]),
        lines: [],
      };
      out.push(hunk);
      o = oldStart;
      n = newStart;
      continue;
    }
    if (!hunk) continue;
    const mark = l[0];
    if (mark === '+') hunk.lines.push({ kind: 'add', text: l.slice(1), newNo: n++ });
    else if (mark === '-') hunk.lines.push({ kind: 'del', text: l.slice(1), oldNo: o++ });
    else if (mark === ' ') hunk.lines.push({ kind: 'context', text: l.slice(1), oldNo: o++, newNo: n++ });
    else if (mark === '\\') hunk.lines.push({ kind: 'note', text: l.slice(2) });
    // Anything else (a cut patch's partial last line) ends the hunk.
    else hunk = undefined;
  }
  return out;
}

/** Character ranges [start, end) of a line that the change rewrote. */
export type Marks = ReadonlyArray<readonly [number, number]>;

/** Longer lines are marked whole: a word diff of minified code says nothing and costs much. */
const MAX_LINE = 1000;
const MAX_TOKENS = 400;
/** Below this share of unchanged characters the two lines are different lines, not an edit of one. */
const MIN_SHARED = 0.35;

const TOKEN = /[\p{L}\p{N}_]+|\s+|[^\p{L}\p{N}_\s]/gu;

/** Word-level marks for a removed line and the added line that replaced it (undefined: unrelated lines). */
export function wordMarks(oldText: string, newText: string): { old: Marks; new: Marks } | undefined {
  if (oldText === newText || oldText.length > MAX_LINE || newText.length > MAX_LINE) return undefined;
  const a = oldText.match(TOKEN) ?? [];
  const b = newText.match(TOKEN) ?? [];
  if (a.length > MAX_TOKENS || b.length > MAX_TOKENS) return undefined;
  const oldMarks: Array<[number, number]> = [];
  const newMarks: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  let shared = 0;
  const push = (marks: Array<[number, number]>, from: number, to: number) => {
    const last = marks[marks.length - 1];
    if (last && last[1] === from) last[1] = to;
    else marks.push([from, to]);
  };
  for (const change of diffArrays(a, b)) {
    const text = change.value.join('');
    const len = text.length;
    if (change.removed) {
      push(oldMarks, i, i + len);
      i += len;
    } else if (change.added) {
      push(newMarks, j, j + len);
      j += len;
    } else {
      shared += change.value.reduce((n, t) => n + (t.trim() ? t.length : 0), 0);
      i += len;
      j += len;
    }
  }
  const longest = Math.max(oldText.trim().length, newText.trim().length);
  if (longest === 0 || shared / longest < MIN_SHARED) return undefined;
  return { old: oldMarks, new: newMarks };
}

/** The run of removed lines and the added lines right after it that `at` belongs to, if any. */
function blockAt(lines: readonly DiffLine[], at: number): { del: number; add: number; end: number } | undefined {
  const kind = lines[at]?.kind;
  if (kind !== 'del' && kind !== 'add') return undefined;
  let i = at;
  if (kind === 'add') while (i > 0 && lines[i - 1]!.kind === 'add') i--;
  const add0 = kind === 'add' ? i : -1;
  let del = kind === 'del' ? at : add0;
  while (del > 0 && lines[del - 1]!.kind === 'del') del--;
  if (kind === 'add' && del === add0) return undefined; // additions with no removal before them
  let add = kind === 'add' ? add0 : at;
  while (add < lines.length && lines[add]!.kind === 'del') add++;
  let end = add;
  while (end < lines.length && lines[end]!.kind === 'add') end++;
  return { del, add, end };
}

/**
 * Word marks of the lines of a hunk, worked out one run of removed-then-added lines at a time,
 * when a line of that run is first asked for (a 20,000-line hunk pays only for what is shown).
 * In each run the k-th removed line pairs with the k-th added line.
 */
export function lazyMarks(lines: readonly DiffLine[]): (at: number) => Marks | undefined {
  const done = new Map<number, Map<number, Marks>>();
  return (at) => {
    const b = blockAt(lines, at);
    if (!b) return undefined;
    let m = done.get(b.del);
    if (!m) {
      m = new Map();
      const pairs = Math.min(b.add - b.del, b.end - b.add);
      for (let k = 0; k < pairs; k++) {
        const w = wordMarks(lines[b.del + k]!.text, lines[b.add + k]!.text);
        if (!w) continue;
        m.set(b.del + k, w.old);
        m.set(b.add + k, w.new);
      }
      done.set(b.del, m);
    }
    return m.get(at);
  };
}

/** Marks for every line of a hunk that is half of a rewrite (lazyMarks, all at once). */
export function hunkMarks(lines: readonly DiffLine[]): Map<number, Marks> {
  const marks = lazyMarks(lines);
  const out = new Map<number, Marks>();
  lines.forEach((_, i) => {
    const m = marks(i);
    if (m) out.set(i, m);
  });
  return out;
}

/** One row of the side-by-side view: the old line on the left, the new on the right (either may be empty). */
export interface SplitRow {
  left?: { line: DiffLine; at: number };
  right?: { line: DiffLine; at: number };
}

/** A hunk's lines as side-by-side rows: context on both sides, removed lines beside the added ones that replaced them. */
export function splitRows(lines: readonly DiffLine[]): SplitRow[] {
  const rows: SplitRow[] = [];
  let i = 0;
  while (i < lines.length) {
    const l = lines[i]!;
    if (l.kind === 'context' || l.kind === 'note') {
      rows.push({ left: { line: l, at: i }, right: { line: l, at: i } });
      i++;
      continue;
    }
    const dels: number[] = [];
    const adds: number[] = [];
    while (i < lines.length && lines[i]!.kind === 'del') dels.push(i++);
    while (i < lines.length && lines[i]!.kind === 'add') adds.push(i++);
    for (let k = 0; k < Math.max(dels.length, adds.length); k++) {
      const d = dels[k];
      const a = adds[k];
      rows.push({
        left: d === undefined ? undefined : { line: lines[d]!, at: d },
        right: a === undefined ? undefined : { line: lines[a]!, at: a },
      });
    }
  }
  return rows;
}
