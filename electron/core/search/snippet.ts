// The line of text a hit shows: a window of the matched text around the first match, on one
// line, with the matched words' ranges for highlighting.
import { firstMatch, matchRanges, type QueryTerm } from './query-text';

const BEFORE = 60;
const LENGTH = 200;

export interface Snippet {
  text: string;
  ranges: Array<[number, number]>;
}

export function makeSnippet(full: string, terms: readonly QueryTerm[]): Snippet {
  const first = firstMatch(full, terms);
  let start = first ? Math.max(0, first[0] - BEFORE) : 0;
  // Start at a word boundary when one is near, so the snippet does not open mid-word.
  if (start > 0) {
    const space = full.slice(start, first ? first[0] : start + 20).search(/\s/);
    if (space >= 0) start += space + 1;
  }
  const end = Math.min(full.length, start + LENGTH);
  let text = full.slice(start, end).replace(/\s+/g, ' ').trim();
  if (start > 0) text = `…${text}`;
  if (end < full.length) text = `${text}…`;
  return { text, ranges: matchRanges(text, terms) };
}
