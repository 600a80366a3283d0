// Highlighting finds the query's words as one regular expression over the text would; it is
// done without compiling that expression for every query (see query-text.ts), which this
// checks against the expression itself on many texts and queries.
import { describe, expect, it } from 'vitest';
import { firstMatch, matchRanges, parseQuery, type QueryTerm } from '../../../electron/core/search/query-text';

/** The expression the matcher stands for. */
function reference(text: string, terms: readonly QueryTerm[]): Array<[number, number]> {
  const alternatives: string[] = [];
  for (const t of terms)
    t.words.forEach((w, i) => {
      const open = t.prefix && i === t.words.length - 1;
      alternatives.push(`${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${open ? '[\\p{L}\\p{N}]*' : '(?![\\p{L}\\p{N}])'}`);
    });
  alternatives.sort((a, b) => b.length - a.length);
  if (alternatives.length === 0) return [];
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})`, 'giu');
  return [...text.matchAll(re)].filter((m) => m[0].length > 0).map((m) => [m.index, m.index + m[0].length]);
}

const PIECES = [
  'test',
  'Test',
  'TESTS',
  'testing',
  'tester',
  'te',
  'st',
  ' ',
  '.',
  '_',
  '-',
  'x',
  '9',
  'é',
  'É',
  'ﬁ',
  'İ',
  'ß',
  'ς',
  'Σ',
  '𝐀',
  '😀',
  'ǅ',
  'K',
  'café',
  'CAFÉ',
  '\u0301',
  'ab',
  'abc',
  'a',
  '"',
];

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x100000000;
  };
}

describe('matching the query words in a text', () => {
  it('finds the same ranges as the expression, for words, phrases and prefixes in any case and script', () => {
    const r = rng(11);
    const pick = () => PIECES[Math.floor(r() * PIECES.length)]!;
    const queries = [
      'test',
      'test ',
      'te',
      'TE ',
      '"test tester"',
      'testing test',
      'café',
      'cafe',
      'é',
      'ﬁ',
      'ß',
      'σ',
      '𝐀',
      'ab abc',
      'abc ab',
      'a.b',
      'x9',
      'k',
      'ǆ',
    ];
    for (let n = 0; n < 400; n++) {
      let text = '';
      const len = Math.floor(r() * 30);
      for (let i = 0; i < len; i++) text += pick();
      for (const q of queries) {
        const terms = parseQuery(q);
        const want = reference(text, terms);
        expect(matchRanges(text, terms), `${q} in ${JSON.stringify(text)}`).toEqual(want);
        expect(firstMatch(text, terms)).toEqual(want[0]);
      }
    }
  });
});
