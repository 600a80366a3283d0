// Line diffs for the Edit, MultiEdit and Write cards. A finished edit carries the CLI's own
// `structuredPatch` (unified hunks with real line numbers); while it is pending, or when the
// patch is missing, the diff is computed here from the old and new strings.

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

export type Op = { kind: 'context' | 'add' | 'del'; text: string };

/** Past this many differing lines the exact diff costs too much: show a plain replacement. */
const MAX_EDIT_DISTANCE = 2000;

/**
 * Myers' O((N+M)D) line diff on what remains after the common prefix and suffix are trimmed
 * (which is most of a typical edit). Falls back to "all removed, all added" when the two
 * texts differ in too many lines to be worth an exact answer. Any sequence of strings works:
 * the Changes panel diffs the words of two lines with it.
 */
export function diffOps(a: readonly string[], b: readonly string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head: Op[] = a.slice(0, start).map((text) => ({ kind: 'context', text }));
  const tail: Op[] = a.slice(endA).map((text) => ({ kind: 'context', text }));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  return [...head, ...myers(midA, midB), ...tail];
}

function myers(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  if (n === 0) return b.map((text) => ({ kind: 'add', text }));
  if (m === 0) return a.map((text) => ({ kind: 'del', text }));
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    const next = v;
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && (v[offset + k - 1] ?? 0) < (v[offset + k + 1] ?? 0))) x = v[offset + k + 1] ?? 0;
      else x = (v[offset + k - 1] ?? 0) + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      next[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
    v = next;
  }
  if (!found) return [...a.map((text): Op => ({ kind: 'del', text })), ...b.map((text): Op => ({ kind: 'add', text }))];
  // Walk the trace backwards from (n, m) to recover the edit script.
  const ops: Op[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    const vd = trace[d] ?? new Int32Array(0);
    const k = x - y;
    let prevK: number;
    if (k === -d || (k !== d && (vd[offset + k - 1] ?? 0) < (vd[offset + k + 1] ?? 0))) prevK = k + 1;
    else prevK = k - 1;
    const prevX = d === 0 ? 0 : (vd[offset + prevK] ?? 0);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: 'context', text: a[x - 1] ?? '' });
      x--;
      y--;
    }
    if (d === 0) break;
    if (x === prevX) ops.push({ kind: 'add', text: b[y - 1] ?? '' });
    else ops.push({ kind: 'del', text: a[x - 1] ?? '' });
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    ops.push({ kind: 'context', text: a[x - 1] ?? '' });
    x--;
    y--;
  }
  return ops.reverse();
}

/**
 * Unified hunks between two texts, `context` unchanged lines around each change. Line numbers
 * count from `firstLine` (1 for a whole file; unknown for an Edit's fragment, where the caller
 * passes `numbered: false` to leave them out).
 */
export function diffTexts(oldText: string, newText: string, opts: { context?: number; firstLine?: number; numbered?: boolean } = {}): DiffHunk[] {
  const context = opts.context ?? 3;
  const first = opts.firstLine ?? 1;
  const numbered = opts.numbered !== false;
  const ops = diffOps(splitLines(oldText), splitLines(newText));
  const lines: DiffLine[] = [];
  let o = first;
  let n = first;
  for (const op of ops) {
    if (op.kind === 'context') lines.push({ kind: 'context', text: op.text, oldNo: o++, newNo: n++ });
    else if (op.kind === 'del') lines.push({ kind: 'del', text: op.text, oldNo: o++ });
    else lines.push({ kind: 'add', text: op.text, newNo: n++ });
  }
  const hunks = groupHunks(lines, context);
  if (numbered) return hunks;
  return hunks.map((h) => ({ ...h, lines: h.lines.map(({ kind, text }) => ({ kind, text })) }));
}

function groupHunks(lines: DiffLine[], context: number): DiffHunk[] {
  const changed: number[] = [];
  lines.forEach((l, i) => {
    if (l.kind !== 'context') changed.push(i);
  });
  if (changed.length === 0) return [];
  const hunks: DiffHunk[] = [];
  let from = Math.max(0, (changed[0] ?? 0) - context);
  let to = Math.min(lines.length, (changed[0] ?? 0) + context + 1);
  const flush = () => {
    const slice = lines.slice(from, to);
    const firstOld = slice.find((l) => l.oldNo !== undefined)?.oldNo ?? 0;
    const firstNew = slice.find((l) => l.newNo !== undefined)?.newNo ?? 0;
    hunks.push({
      oldStart: firstOld,
      newStart: firstNew,
      oldLines: slice.filter((l) => l.kind !== 'add').length,
      newLines: slice.filter((l) => l.kind !== 'del').length,
      lines: slice,
    });
  };
  for (const i of changed.slice(1)) {
    if (i - context <= to) to = Math.min(lines.length, i + context + 1);
    else {
      flush();
      from = Math.max(0, i - context);
      to = Math.min(lines.length, i + context + 1);
    }
  }
  flush();
  return hunks;
}

/** A new file shown as a diff: every line added. */
export function additionHunk(content: string): DiffHunk[] {
  const lines = splitLines(content);
  if (lines.length === 0) return [];
  return [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: lines.length, lines: lines.map((text, i) => ({ kind: 'add', text, newNo: i + 1 })) }];
}
