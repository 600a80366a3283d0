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
