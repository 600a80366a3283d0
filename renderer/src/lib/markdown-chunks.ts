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
  if (text.length < 200 || NEEDS_WHOLE.test(text)) return [text];
  const lines = text.split('\n');
  const chunks: string[] = [];
  let start = 0;
  let fence: { char: string; len: number } | undefined;
  let inList = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
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
    chunks.push(lines.slice(start, i).join('\n'));
    start = i + 1;
  }
  chunks.push(lines.slice(start).join('\n'));
  return chunks.filter((c) => c.trim() !== '');
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
