import { describe, expect, it } from 'vitest';
import { hasInvisible, makeVisible, visibleSegments } from '../../../renderer/src/lib/visible-chars';

describe('visible characters', () => {
  it('marks a right-to-left override so a reordered command cannot hide', () => {
    // "Trojan Source": the override makes "rm -rf ~ #" display reversed.
    const cmd = 'echo safe \u202E# ~ fr- mr';
    expect(makeVisible(cmd)).toBe('echo safe ⟨U+202E⟩# ~ fr- mr');
    const marker = visibleSegments(cmd).find((s) => 'marker' in s);
    expect(marker).toMatchObject({ codePoint: 0x202e, name: 'RIGHT-TO-LEFT OVERRIDE' });
  });

  it.each([
    ['\u200B', 'U+200B'],
    ['\u2066', 'U+2066'],
    ['\u2069', 'U+2069'],
    ['\u061C', 'U+061C'],
    ['\u001B', 'U+001B'],
    ['\r', 'U+000D'],
    ['\u0085', 'U+0085'],
    ['\u00A0', 'U+00A0'],
    ['\u00AD', 'U+00AD'],
    ['\uFEFF', 'U+FEFF'],
    ['\u2028', 'U+2028'],
    ['\u{E0041}', 'U+E0041'],
    ['\uD800', 'U+D800'],
  ])('marks %j as %s', (ch, label) => {
    expect(makeVisible(`a${ch}b`)).toBe(`a⟨${label}⟩b`);
  });

  it('keeps ordinary text, tabs, newlines and non-Latin scripts untouched', () => {
    const text = 'npm test\t--watch\nשלום مرحبا 你好 café 👍';
    expect(makeVisible(text)).toBe(text);
    expect(hasInvisible(text)).toBe(false);
    expect(visibleSegments(text)).toEqual([{ text }]);
  });

  it('answers hasInvisible consistently across calls', () => {
    expect(hasInvisible('a\u202Eb')).toBe(true);
    expect(hasInvisible('a\u202Eb')).toBe(true);
    expect(hasInvisible('ab')).toBe(false);
  });
});
