// Characters that change how text looks without being seen: bidirectional overrides that
// reorder a command ("Trojan Source"), zero-width characters, terminal controls, tag
// characters that smuggle hidden text, look-alike spaces. In a permission prompt the person
// must see exactly what will run, so each one becomes a visible marker such as ⟨U+202E⟩.

export type VisibleSegment = { text: string } | { marker: string; codePoint: number; name: string };

// Tab and newline are kept: they are layout, and pre-wrapped text shows them honestly.
// Matching control, combining and format characters is the point of this expression.
// eslint-disable-next-line no-control-regex, no-misleading-character-class
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB\uD800-\uDFFF]|[\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;

const NAMES: Record<number, string> = {
  0x00: 'NULL',
  0x07: 'BELL',
  0x08: 'BACKSPACE',
  0x0b: 'LINE TABULATION',
  0x0c: 'FORM FEED',
  0x0d: 'CARRIAGE RETURN',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0xa0: 'NO-BREAK SPACE',
  0xad: 'SOFT HYPHEN',
  0x061c: 'ARABIC LETTER MARK',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3000: 'IDEOGRAPHIC SPACE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
};

export function codePointLabel(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

function nameOf(cp: number): string {
  const known = NAMES[cp];
  if (known) return known;
  if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return 'control character';
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tag character';
  if (cp >= 0xd800 && cp <= 0xdfff) return 'unpaired surrogate';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef)) return 'variation selector';
  if ((cp >= 0x2000 && cp <= 0x200a) || cp === 0x1680 || cp === 0x205f) return 'unusual space';
  return 'invisible character';
}

/** Split text into plain runs and markers for every invisible or direction-changing character. */
export function visibleSegments(text: string): VisibleSegment[] {
  const out: VisibleSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(INVISIBLE)) {
    const at = m.index;
    if (at > last) out.push({ text: text.slice(last, at) });
    const cp = m[0].codePointAt(0) ?? 0;
    out.push({ marker: `⟨${codePointLabel(cp)}⟩`, codePoint: cp, name: nameOf(cp) });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** The same, flattened to a string (for titles, copy, and tests). */
export function makeVisible(text: string): string {
  return visibleSegments(text)
    .map((s) => ('text' in s ? s.text : s.marker))
    .join('');
}

export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  const found = INVISIBLE.test(text);
  INVISIBLE.lastIndex = 0;
  return found;
}
