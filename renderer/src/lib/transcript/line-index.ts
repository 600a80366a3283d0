// Where the display lines of a possibly huge text start, built a slice at a time so a 4 MB
// tool result can be indexed without holding the main thread. Lines longer than `wrap`
// characters are cut into several display lines: one 4 MB line of minified JSON must not
// become one 4 MB text node.

export interface LineIndex {
  /** Offset of each display line's first character. */
  starts: Uint32Array;
  count: number;
}

export interface LineIndexer {
  /** Index up to `budget` more characters; true when the whole text is indexed. */
  step(budget: number): boolean;
  result(): LineIndex;
}

export function lineIndexer(text: string, wrap = 2000): LineIndexer {
  let starts = new Uint32Array(1024);
  let count = 0;
  let pos = 0;
  const push = (at: number) => {
    if (count === starts.length) {
      const bigger = new Uint32Array(starts.length * 2);
      bigger.set(starts);
      starts = bigger;
    }
    starts[count++] = at;
  };
  if (text.length > 0) push(0);
  let done = text.length === 0;
  // The next newline at or after `pos` (-1: none left), kept across cuts of a long line so
  // that a 4 MB line is scanned once, not once per cut.
  let nextNl = -2;
  return {
    step(budget) {
      if (done) return true;
      const stop = Math.min(text.length, pos + budget);
      while (pos < stop) {
        if (nextNl !== -1 && nextNl < pos) nextNl = text.indexOf('\n', pos);
        const nl = nextNl;
        const lineEnd = nl === -1 ? text.length : nl;
        const lineStart = starts[count - 1] ?? 0;
        if (lineEnd - lineStart > wrap && lineStart + wrap < text.length) {
          // Cut the long line; carry on from the cut. Never between the two halves of an emoji
          // or other astral character: each half alone would show as a hidden-character marker.
          pos = lineStart + wrap;
          const before = text.charCodeAt(pos - 1);
          if (before >= 0xd800 && before <= 0xdbff && pos - 1 > lineStart) pos--;
          push(pos);
          continue;
        }
        if (nl === -1 || nl + 1 >= text.length) {
          pos = text.length;
          break;
        }
        pos = nl + 1;
        push(pos);
      }
      done = pos >= text.length;
      return done;
    },
    result() {
      return { starts: starts.subarray(0, count), count };
    },
  };
}

export function indexLines(text: string, wrap = 2000): LineIndex {
  const ix = lineIndexer(text, wrap);
  ix.step(Number.MAX_SAFE_INTEGER);
  return ix.result();
}

/** The display line that holds character `offset` (binary search). */
export function lineAt(index: LineIndex, offset: number): number {
  let lo = 0;
  let hi = index.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((index.starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/** The text of display line `i`, without its newline. */
export function lineText(text: string, index: LineIndex, i: number): string {
  const start = index.starts[i] ?? 0;
  const next = i + 1 < index.count ? (index.starts[i + 1] ?? text.length) : text.length;
  const end = next > start && text.charCodeAt(next - 1) === 10 ? next - 1 : next;
  return text.slice(start, end);
}
