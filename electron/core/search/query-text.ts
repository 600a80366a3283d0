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
  const m = matcher(terms);
  const out: Array<[number, number]> = [];
  if (!m) return out;
  for (let from = 0; ;) {
    const r = nextMatch(m, text, from);
    if (!r) return out;
    out.push(r);
    from = r[1];
  }
}

/** The first match only (a snippet needs no more of a long tool output). */
export function firstMatch(text: string, terms: readonly QueryTerm[]): [number, number] | undefined {
  const m = matcher(terms);
  return m ? nextMatch(m, text, 0) : undefined;
}

// What matches is what this expression would, with `w` a word of the query:
//   /(?<![\p{L}\p{N}])(?:w1(?![\p{L}\p{N}])|w2[\p{L}\p{N}]*|...)/giu
// (longest alternative first, so "test" does not stop "testing" from being marked whole; a
// prefix word is marked whole: typing "plat" marks "platypus"). Compiling a pattern with those
// Unicode classes and the `iu` flags costs milliseconds, and every query has its own words: so
// the classes are compiled once, below, and a query's pattern has only its words: it finds
// where one of them starts, and each alternative is then tried there in the same order.
const NOT_AFTER_WORD = /(?<![\p{L}\p{N}])/iuy;
const NOT_BEFORE_WORD = /(?![\p{L}\p{N}])/iuy;
const REST_OF_WORD = /[\p{L}\p{N}]*/iuy;
const OPEN_TAIL = String.raw`[\p{L}\p{N}]*`;
const CLOSED_TAIL = String.raw`(?![\p{L}\p{N}])`;

interface Matcher {
  /** Where any of the words starts. */
  any: RegExp;
  /** Each word alone, at a given place, longest first; `open` for a prefix word. */
  words: Array<{ re: RegExp; open: boolean }>;
}

/** One matcher per query (a page of hits runs it a few times per hit). */
const matchers = new WeakMap<readonly QueryTerm[], Matcher | null>();

function matcher(terms: readonly QueryTerm[]): Matcher | null {
  const known = matchers.get(terms);
  if (known !== undefined) return known;
  const words: Array<{ source: string; open: boolean; length: number }> = [];
  for (const t of terms) {
    t.words.forEach((w, i) => {
      const open = t.prefix && i === t.words.length - 1;
      const source = escape(w);
      // The length of the alternative in the expression above, which orders them.
      words.push({ source, open, length: source.length + (open ? OPEN_TAIL : CLOSED_TAIL).length });
    });
  }
  words.sort((a, b) => b.length - a.length);
  const m =
    words.length > 0
      ? { any: new RegExp(words.map((w) => w.source).join('|'), 'giu'), words: words.map((w) => ({ re: new RegExp(w.source, 'iuy'), open: w.open })) }
      : null;
  matchers.set(terms, m);
  return m;
}

function at(re: RegExp, text: string, i: number): number | undefined {
  re.lastIndex = i;
  return re.test(text) ? re.lastIndex : undefined;
}

function nextMatch(m: Matcher, text: string, from: number): [number, number] | undefined {
  for (let i = from; i <= text.length;) {
    m.any.lastIndex = i;
    const found = m.any.exec(text);
    if (!found) return undefined;
    const start = found.index;
    if (at(NOT_AFTER_WORD, text, start) !== undefined) {
      for (const w of m.words) {
        let end = at(w.re, text, start);
        if (end === undefined) continue;
        end = w.open ? at(REST_OF_WORD, text, end) : at(NOT_BEFORE_WORD, text, end);
        if (end !== undefined) return [start, end];
      }
    }
    // Try again one character (code point) on.
    i = start + ((text.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
  }
  return undefined;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
