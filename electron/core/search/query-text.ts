// A person's search box text as a query for SQLite FTS5, and the same words for highlighting.
// Whatever is typed (quotes, brackets, AND/OR/NOT, a stray `"` or `*`) becomes plain words and
// quoted phrases, so no input is ever an FTS5 syntax error. The last word is matched as a
// prefix while it is being typed (no space after it yet).

export interface QueryTerm {
  /** Lowercased words; more than one is a phrase (words typed in quotes, or joined by punctuation). */
  words: string[];
  /** The last word matches any word starting with it. */
  prefix: boolean;
}

/** Runs of letters and digits: the words SQLite's unicode61 tokenizer makes of a text. */
const WORD = /[\p{L}\p{N}\p{Mn}\p{Co}]+/gu;
const MAX_TERMS = 16;
/** A one-letter prefix would match most of the index; it is matched as a whole word instead. */
const MIN_PREFIX = 2;

export function parseQuery(input: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  const text = input.normalize('NFC');
  // Quoted phrases first; an unmatched quote reads as plain text.
  const parts = text.split('"');
  const closed = parts.length % 2 === 1;
  parts.forEach((part, i) => {
    const quoted = i % 2 === 1 && (closed || i < parts.length - 1);
    if (quoted) {
      const words = wordsOf(part);
      if (words.length > 0) terms.push({ words, prefix: false });
      return;
    }
    for (const chunk of part.split(/\s+/)) {
      const words = wordsOf(chunk);
      if (words.length > 0) terms.push({ words, prefix: false });
    }
  });
  const last = terms[terms.length - 1];
  const typingLast = !/[\s"]$/.test(text);
  if (last && typingLast && (last.words[last.words.length - 1]?.length ?? 0) >= MIN_PREFIX) last.prefix = true;
  return terms.slice(0, MAX_TERMS);
}

function wordsOf(s: string): string[] {
  return (s.match(WORD) ?? []).map((w) => w.toLowerCase());
}

/** The FTS5 MATCH expression: every term must appear (implicit AND). Undefined when nothing is left to search. */
export function ftsExpression(terms: readonly QueryTerm[]): string | undefined {
  if (terms.length === 0) return undefined;
  return terms.map((t) => `"${t.words.join(' ')}"${t.prefix ? ' *' : ''}`).join(' ');
}

/**
 * Where the query's words occur in `text`: [start, end) ranges, in order, not overlapping.
 * A word matches at the start of a word of the text (a prefix term also inside one that goes on).
 */
export function matchRanges(text: string, terms: readonly QueryTerm[]): Array<[number, number]> {
  const re = pattern(terms);
  if (!re) return [];
  re.lastIndex = 0;
  const out: Array<[number, number]> = [];
  for (const m of text.matchAll(re)) {
    if (m[0].length === 0) continue;
    out.push([m.index, m.index + m[0].length]);
  }
  return out;
}

/** The first match only (a snippet needs no more of a long tool output). */
export function firstMatch(text: string, terms: readonly QueryTerm[]): [number, number] | undefined {
  const re = pattern(terms);
  if (!re) return undefined;
  re.lastIndex = 0;
  const m = re.exec(text);
  return m ? [m.index, m.index + m[0].length] : undefined;
}

/** One pattern per query (a page of hits runs it a few times per hit). */
const patterns = new WeakMap<readonly QueryTerm[], RegExp | null>();

function pattern(terms: readonly QueryTerm[]): RegExp | null {
  const known = patterns.get(terms);
  if (known !== undefined) return known;
  const alternatives: string[] = [];
  for (const t of terms) {
    t.words.forEach((w, i) => {
      const open = t.prefix && i === t.words.length - 1;
      // A prefix word is marked whole (typing "plat" marks "platypus").
      alternatives.push(`${escape(w)}${open ? '[\\p{L}\\p{N}]*' : '(?![\\p{L}\\p{N}])'}`);
    });
  }
  // Longest first, so "test" does not stop "testing" from being marked whole.
  alternatives.sort((a, b) => b.length - a.length);
  const re = alternatives.length > 0 ? new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})`, 'giu') : null;
  patterns.set(terms, re);
  return re;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
