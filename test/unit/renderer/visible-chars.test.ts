import { describe, expect, it } from 'vitest';
import { hasInvisible, hiddenChars, hiddenInUrl, makeVisible, visibleSegments } from '../../../shared/visible-chars';

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

  it.each([
    ['a warning sign with its emoji selector', 'npm WARN ⚠️ deprecated'],
    ['a family joined by zero width joiners', 'team 👨‍👩‍👧 ok'],
    ['a skin tone and a gendered joiner sequence', '👍🏽 🏃🏽‍♀️'],
    ['a keycap', 'step 1️⃣'],
    ['a heart in text style', '❤︎'],
  ])('leaves %s alone', (_what, text) => {
    expect(makeVisible(text)).toBe(text);
    expect(hasInvisible(text)).toBe(false);
  });

  it('still marks selectors and joiners that are not part of an emoji', () => {
    expect(makeVisible('a\uFE0Fb')).toBe('a⟨U+FE0F⟩b');
    expect(makeVisible('a\u200Db')).toBe('a⟨U+200D⟩b');
    expect(makeVisible('👍\u200Db')).toBe('👍⟨U+200D⟩b');
    expect(makeVisible('\uFE0F')).toBe('⟨U+FE0F⟩');
    // Bytes smuggled behind an emoji as a run of variation selectors.
    expect(makeVisible('😀\uFE01\u{E0100}\u{E0142}')).toBe('😀⟨U+FE01⟩⟨U+E0100⟩⟨U+E0142⟩');
    expect(makeVisible('⚠\uFE0F\uFE0F')).toBe('⚠⟨U+FE0F⟩⟨U+FE0F⟩');
    expect(hasInvisible('😀\u{E0100}')).toBe(true);
  });

  it('lists each hidden character once, with how often it occurs', () => {
    expect(hiddenChars('plain')).toEqual([]);
    expect(hiddenChars('a\u202Eb\u200Bc\u202E')).toEqual([
      { marker: '⟨U+202E⟩', name: 'RIGHT-TO-LEFT OVERRIDE', count: 2 },
      { marker: '⟨U+200B⟩', name: 'ZERO WIDTH SPACE', count: 1 },
    ]);
    expect(hiddenChars('ok ⚠️')).toEqual([]);
  });

  it('reads a URL whose escapes hide characters, and leaves an ordinary one alone', () => {
    expect(hiddenInUrl('https://example.com/invoice%E2%80%AEfdp.exe')).toBe('https://example.com/invoice\u202Efdp.exe');
    expect(hiddenInUrl('https://example.com/a%20b?q=caf%C3%A9')).toBeUndefined();
    // A malformed escape beside it does not stop the rest from being read; reserved escapes stay.
    expect(hiddenInUrl('https://example.com/a%2Fb%E2%80%8B%ZZ%FF')).toBe('https://example.com/a%2Fb\u200B%ZZ%FF');
    expect(hiddenInUrl('https://example.com/%FF%e2%80%ae')).toBe('https://example.com/%FF\u202E');
  });
});
