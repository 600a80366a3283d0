import { describe, expect, it } from 'vitest';
import { additionHunk, countDiffLines, diffStats, diffTexts, hunksFromPatch } from '../../../renderer/src/lib/tools/line-diff';
import { cpuTime } from '../../support/cpu-time';

describe('hunksFromPatch', () => {
  it('reads the CLI structuredPatch with line numbers on both sides', () => {
    const hunks = hunksFromPatch([{ oldStart: 10, oldLines: 3, newStart: 10, newLines: 3, lines: [' a', '-b', '+c', ' d', '\\ No newline at end of file'] }]);
    expect(hunks?.[0]?.lines).toEqual([
      { kind: 'context', text: 'a', oldNo: 10, newNo: 10 },
      { kind: 'del', text: 'b', oldNo: 11 },
      { kind: 'add', text: 'c', newNo: 11 },
      { kind: 'context', text: 'd', oldNo: 12, newNo: 12 },
      { kind: 'note', text: 'No newline at end of file' },
    ]);
    expect(diffStats(hunks ?? [])).toEqual({ added: 1, removed: 1 });
  });
  it('rejects anything malformed instead of guessing', () => {
    expect(hunksFromPatch(undefined)).toBeUndefined();
    expect(hunksFromPatch([{ oldStart: '1', newStart: 1, lines: [] }])).toBeUndefined();
    expect(hunksFromPatch([{ oldStart: 1, newStart: 1, lines: [1] }])).toBeUndefined();
  });
});

describe('diffTexts', () => {
  it('finds the changed lines and keeps context around them', () => {
    const a = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].join('\n');
    const b = ['1', '2', '3', '4', 'five', '6', '7', '8', '9', '10', '11'].join('\n');
    const hunks = diffTexts(a, b, { context: 1 });
    expect(hunks).toHaveLength(2);
    expect(hunks[0]?.lines.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['c4', 'd5', 'afive', 'c6']);
    expect(hunks[0]?.lines[1]).toEqual({ kind: 'del', text: '5', oldNo: 5 });
    expect(hunks[1]?.lines.map((l) => `${l.kind[0]}${l.text}`)).toEqual(['c10', 'a11']);
  });
  it('is minimal on interleaved changes (Myers, not a naive replace)', () => {
    const hunks = diffTexts('a\nb\nc\nd\ne', 'a\nx\nc\ny\ne');
    expect(diffStats(hunks)).toEqual({ added: 2, removed: 2 });
    expect(hunks[0]?.lines.filter((l) => l.kind === 'context').map((l) => l.text)).toEqual(['a', 'c', 'e']);
  });
  it('leaves line numbers out for a fragment whose place in the file is unknown', () => {
    const [h] = diffTexts('x = 1', 'x = 2', { numbered: false });
    expect(h?.lines).toEqual([
      { kind: 'del', text: 'x = 1' },
      { kind: 'add', text: 'x = 2' },
    ]);
  });
  it('stays fast on large, very different inputs', async () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `old ${i}`).join('\n');
    const b = Array.from({ length: 20_000 }, (_, i) => `new ${i}`).join('\n');
    const { value: hunks, ms } = await cpuTime(() => diffTexts(a, b));
    expect(ms).toBeLessThan(2000);
    expect(diffStats(hunks)).toEqual({ added: 20_000, removed: 20_000 });
  });
  it('numbers each hunk by its place in the whole file', () => {
    const a = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`);
    const b = a.map((l, i) => (i === 49 ? 'changed' : l));
    const [h, more] = diffTexts(a.join('\n'), [...b, 'line 101'].join('\n'));
    expect(h).toMatchObject({ oldStart: 47, oldLines: 7, newStart: 47, newLines: 7 });
    expect(h?.lines.map((l) => [l.kind, l.oldNo, l.newNo])).toEqual([
      ['context', 47, 47],
      ['context', 48, 48],
      ['context', 49, 49],
      ['del', 50, undefined],
      ['add', undefined, 50],
      ['context', 51, 51],
      ['context', 52, 52],
      ['context', 53, 53],
    ]);
    expect(more).toMatchObject({ oldStart: 98, oldLines: 3, newStart: 98, newLines: 4 });
    expect(more?.lines.at(-1)).toEqual({ kind: 'add', text: 'line 101', newNo: 101 });
  });
  it('past the cut-off, replaces what lies between the common head and tail, with context', () => {
    const mid = (p: string) => Array.from({ length: 1500 }, (_, i) => `${p} ${i}`);
    const [h, ...rest] = diffTexts(
      ['s1', 's2', 's3', 's4', ...mid('old'), 'e1', 'e2', 'e3', 'e4'].join('\n'),
      ['s1', 's2', 's3', 's4', ...mid('new'), 'e1', 'e2', 'e3', 'e4'].join('\n'),
    );
    expect(rest).toEqual([]);
    expect(h).toMatchObject({ oldStart: 2, oldLines: 1506, newStart: 2, newLines: 1506 });
    expect(h?.lines.slice(0, 4)).toEqual([
      { kind: 'context', text: 's2', oldNo: 2, newNo: 2 },
      { kind: 'context', text: 's3', oldNo: 3, newNo: 3 },
      { kind: 'context', text: 's4', oldNo: 4, newNo: 4 },
      { kind: 'del', text: 'old 0', oldNo: 5 },
    ]);
    expect(h?.lines.slice(-4)).toEqual([
      { kind: 'add', text: 'new 1499', newNo: 1504 },
      { kind: 'context', text: 'e1', oldNo: 1505, newNo: 1505 },
      { kind: 'context', text: 'e2', oldNo: 1506, newNo: 1506 },
      { kind: 'context', text: 'e3', oldNo: 1507, newNo: 1507 },
    ]);
  });
  it('returns nothing for equal texts and all additions for a new file', () => {
    expect(diffTexts('same\n', 'same\n')).toEqual([]);
    expect(countDiffLines(additionHunk('a\nb\n'))).toBe(2);
  });
});
