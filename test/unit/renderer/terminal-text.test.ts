import { describe, expect, it } from 'vitest';
import { countLines, preview, stripTerminal } from '../../../renderer/src/lib/tools/terminal-text';

describe('stripTerminal', () => {
  it('removes colours, cursor moves and title changes', () => {
    expect(stripTerminal('\u001b[32m✓\u001b[0m ok')).toBe('✓ ok');
    expect(stripTerminal('a\u001b[2K\u001b[1Gb')).toBe('ab');
    expect(stripTerminal('\u001b]0;evil title\u0007text')).toBe('text');
    expect(stripTerminal('\u001b]8;;https://x.example\u001b\\link\u001b]8;;\u001b\\')).toBe('link');
  });
  it('turns carriage returns into new lines and drops other controls', () => {
    expect(stripTerminal('10%\r50%\r100%\r\ndone')).toBe('10%\n50%\n100%\ndone');
    expect(stripTerminal('a\u0007b\u0000c\td')).toBe('abc\td');
  });
});

describe('preview', () => {
  it('shows the first lines and counts the rest', () => {
    const p = preview('1\n2\n3\n4\n5\n', 3);
    expect(p).toEqual({ text: '1\n2\n3', hiddenLines: 2, truncatedChars: 0, totalLines: 5 });
  });
  it('caps one enormous line', () => {
    const p = preview('x'.repeat(10_000), 3, 100);
    expect(p.text).toHaveLength(100);
    expect(p.truncatedChars).toBe(9_900);
    expect(p.hiddenLines).toBe(0);
  });
  it('counts lines without a final newline', () => {
    expect(countLines('')).toBe(0);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\n')).toBe(1);
    expect(countLines('a\nb')).toBe(2);
  });
});
