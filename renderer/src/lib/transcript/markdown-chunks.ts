// Streaming a long reply re-renders its markdown on every flush. Splitting the text into
// top-level chunks at blank lines lets each finished chunk keep its rendered output, so a
// flush costs the size of the last chunk, not of the whole reply. The split is conservative:
// only where a blank line is followed by an unindented line that does not continue a list,
// never inside a code fence, and not at all when the text uses reference links or footnotes
// (their definitions must be in the same document as their uses).

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;
const NEEDS_WHOLE = /\[\^[^\]]+\]|^ {0,3}\[[^\]]+\]:/m;

export function splitMarkdown(text: string): string[] {
  return splitWithOffsets(text).chunks;
}

/** The chunks and where each starts in `text`. */
export function splitWithOffsets(text: string, minLength = 200): { chunks: string[]; starts: number[] } {
  if (text.length < minLength || NEEDS_WHOLE.test(text)) return { chunks: [text], starts: [0] };
  const lines = text.split('\n');
  const chunks: string[] = [];
  const starts: number[] = [];
  let start = 0;
  let startOffset = 0;
  let offset = 0;
  let fence: { char: string; len: number } | undefined;
  let inList = false;
  const push = (from: number, to: number, at: number) => {
    const chunk = lines.slice(from, to).join('\n');
    if (chunk.trim() === '') return;
    chunks.push(chunk);
    starts.push(at);
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const lineOffset = offset;
    offset += line.length + 1;
    const f = FENCE.exec(line);
    if (f?.[1]) {
      const marker = f[1];
      if (!fence) fence = { char: marker[0] ?? '`', len: marker.length };
      else if (marker[0] === fence.char && marker.length >= fence.len && line.trim() === marker) fence = undefined;
      continue;
    }
    if (fence) continue;
    if (line.trim() !== '') {
      if (!/^\s/.test(line)) inList = LIST_ITEM.test(line);
      continue;
    }
    const next = lines[i + 1];
    if (next === undefined || next === '' || /^\s/.test(next) || (inList && LIST_ITEM.test(next))) continue;
    push(start, i, startOffset);
    start = i + 1;
    startOffset = lineOffset + line.length + 1;
  }
  push(start, lines.length, startOffset);
  if (chunks.length === 0) return { chunks: [text], starts: [0] };
  return { chunks, starts };
}

export interface SplitState {
  text: string;
  /** Finished chunks: the same array until another one finishes. */
  settled: string[];
  settledStarts: number[];
  /** The last chunk, still growing while the text streams. */
  last: string;
  lastStart: number;
}

/**
 * Split text that grows at its end (a streaming reply) without re-scanning what is settled:
 * only the last chunk and what was appended are split again, so a flush at 30 KB costs what a
 * flush at 3 KB does. Any other change (or reference links, which need the whole text) starts
 * over.
 */
export function splitGrowing(prev: SplitState | undefined, text: string): SplitState {
  const whole = (): SplitState => {
    const { chunks, starts } = splitWithOffsets(text);
    return {
      text,
      settled: chunks.slice(0, -1),
      settledStarts: starts.slice(0, -1),
      last: chunks[chunks.length - 1] ?? '',
      lastStart: starts[starts.length - 1] ?? 0,
    };
  };
  if (!prev || text.length < prev.text.length || !text.startsWith(prev.text)) return whole();
  if (text.length === prev.text.length) return prev;
  const tail = text.slice(prev.lastStart);
  if (NEEDS_WHOLE.test(tail)) return whole();
  const { chunks, starts } = splitWithOffsets(tail, prev.settled.length === 0 ? 200 : 0);
  if (chunks.length === 1) return { ...prev, text, last: chunks[0] ?? '' };
  return {
    text,
    settled: [...prev.settled, ...chunks.slice(0, -1)],
    settledStarts: [...prev.settledStarts, ...starts.slice(0, -1).map((s) => s + prev.lastStart)],
    last: chunks[chunks.length - 1] ?? '',
    lastStart: prev.lastStart + (starts[starts.length - 1] ?? 0),
  };
}

const OPEN_FENCE = /^( {0,3})(`{3,}|~{3,})([^\n]*)$/;

export interface FenceOnly {
  code: string;
  /** The info string's first word, if it looks like a language name. */
  lang?: string;
}

/**
 * If `chunk` is exactly one fenced code block, its code and language: such a chunk is shown
 * without a markdown parse (a 2,000-line block would otherwise cost hundreds of milliseconds of
 * micromark). Anything else, including a fence still open, gives undefined.
 */
export function fenceOnly(chunk: string): FenceOnly | undefined {
  const lines = chunk.replace(/\n+$/, '').split('\n');
  if (lines.length < 2) return undefined;
  const open = OPEN_FENCE.exec(lines[0] ?? '');
  if (!open?.[2]) return undefined;
  const indent = open[1]?.length ?? 0;
  const marker = open[2];
  const char = marker[0] ?? '`';
  const info = (open[3] ?? '').trim();
  if (char === '`' && info.includes('`')) return undefined;
  const isClose = (line: string) => {
    const t = line.replace(/^ {0,3}/, '');
    const run = /^(`+|~+)\s*$/.exec(t)?.[1];
    return !!run && run[0] === char && run.length >= marker.length;
  };
  const last = lines.length - 1;
  if (!isClose(lines[last] ?? '')) return undefined;
  for (let i = 1; i < last; i++) if (isClose(lines[i] ?? '')) return undefined;
  const strip = new RegExp(`^ {0,${indent}}`);
  const code = lines
    .slice(1, last)
    .map((l) => (indent ? l.replace(strip, '') : l))
    .join('\n');
  const lang = /^[A-Za-z0-9_+#.-]{1,32}$/.exec(info.split(/\s+/)[0] ?? '')?.[0];
  return { code, lang };
}
