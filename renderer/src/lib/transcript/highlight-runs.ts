// Syntax highlighting crosses from the worker to the page as data, never as HTML: the worker
// turns highlight.js output into runs (a class index and a length per run) over the original
// code, and the page builds the spans itself. Nothing the model wrote is ever parsed as markup
// in the page, and a run table is cheap to transfer (one Int32Array).

export interface HighlightRuns {
  /** Class names used by the runs ('' = plain text). */
  classes: string[];
  /** Pairs of [class index, length in UTF-16 units], covering the code from start to end. */
  runs: Int32Array;
}

export interface Segment {
  text: string;
  cls?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", apos: "'" };

function decode(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (m, e: string) => {
    const known = ENTITIES[e];
    if (known !== undefined) return known;
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return m;
  });
}

/** Only letters, digits, dash, underscore and spaces survive into a class attribute. */
function cleanClass(c: string): string {
  return c.replace(/[^A-Za-z0-9_ -]/g, '').trim();
}

/**
 * Runs from highlight.js HTML (which contains only `<span class="...">`, `</span>` and escaped
 * text). Returns undefined if the markup holds anything else or its text differs from `code`,
 * so a surprise in the highlighter degrades to plain text, never to wrong text.
 */
export function runsFromHtml(html: string, code: string): HighlightRuns | undefined {
  const classes: string[] = [''];
  const classIndex = new Map<string, number>([['', 0]]);
  const runs: number[] = [];
  const stack: string[] = [];
  let rebuilt = 0;
  const tag = /<span class="([^"]*)">|<\/span>/g;
  let last = 0;
  const pushText = (raw: string) => {
    if (!raw) return true;
    if (raw.includes('<')) return false;
    const text = decode(raw);
    const cls = stack[stack.length - 1] ?? '';
    let idx = classIndex.get(cls);
    if (idx === undefined) {
      idx = classes.length;
      classes.push(cls);
      classIndex.set(cls, idx);
    }
    if (code.startsWith(text, rebuilt) === false) return false;
    rebuilt += text.length;
    const prev = runs.length - 2;
    if (prev >= 0 && runs[prev] === idx) runs[prev + 1] = (runs[prev + 1] ?? 0) + text.length;
    else runs.push(idx, text.length);
    return true;
  };
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (!pushText(html.slice(last, m.index))) return undefined;
    last = m.index + m[0].length;
    if (m[1] !== undefined) stack.push(cleanClass(m[1]));
    else if (stack.pop() === undefined) return undefined;
  }
  if (!pushText(html.slice(last))) return undefined;
  if (rebuilt !== code.length || stack.length !== 0) return undefined;
  return { classes, runs: Int32Array.from(runs) };
}

/** The code split into lines, each a list of segments, for the page to render. */
export function linesFromRuns(code: string, h: HighlightRuns): Segment[][] {
  const lines: Segment[][] = [[]];
  let pos = 0;
  for (let i = 0; i + 1 < h.runs.length; i += 2) {
    const cls = h.classes[h.runs[i] ?? 0] || undefined;
    const len = h.runs[i + 1] ?? 0;
    const text = code.slice(pos, pos + len);
    pos += len;
    const parts = text.split('\n');
    parts.forEach((part, j) => {
      if (j > 0) lines.push([]);
      if (part) lines[lines.length - 1]?.push(cls ? { text: part, cls } : { text: part });
    });
  }
  if (pos < code.length) {
    code
      .slice(pos)
      .split('\n')
      .forEach((part, j) => {
        if (j > 0) lines.push([]);
        if (part) lines[lines.length - 1]?.push({ text: part });
      });
  }
  return lines;
}
