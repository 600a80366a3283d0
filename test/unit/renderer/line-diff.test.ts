import { describe, expect, it } from 'vitest';
import { additionHunk, countDiffLines, diffStats, diffTexts, hunksFromPatch } from '../../../renderer/src/lib/line-diff';
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
  it('returns nothing for equal texts and all additions for a new file', () => {
    expect(diffTexts('same\n', 'same\n')).toEqual([]);
    expect(countDiffLines(additionHunk('a\nb\n'))).toBe(2);
  });
});
