// Characters that change how text looks without being seen: bidirectional overrides that
// reorder a command ("Trojan Source"), zero-width characters, terminal controls, tag
// characters that smuggle hidden text, look-alike spaces. Wherever the app shows a name, a
// path, a command or tool text, the person must see exactly what is there, so each one becomes
// a visible marker such as ⟨U+202E⟩. One rule for the whole app (renderer and main process):
// the permission dialog, the transcript, tabs, history and the link confirmation all use it.

export type VisibleSegment = { text: string } | { marker: string; codePoint: number; name: string };

// Tab and newline are kept: they are layout, and pre-wrapped text shows them honestly.
// Matching control, combining and format characters is the point of this expression.
/* eslint-disable no-control-regex, no-misleading-character-class */
const INVISIBLE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u00A0\u00AD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB\uD800-\uDFFF]|[\u{1D173}-\u{1D17A}\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}]/gu;
/* eslint-enable no-control-regex, no-misleading-character-class */

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

// Emoji are built with two of these characters, and tool output, names and commit messages
// carry emoji: "⚠️" is U+26A0 + VARIATION SELECTOR-16, "👨‍👩‍👧" is three people joined by
// ZERO WIDTH JOINER. Neither can hide or reorder text, so they stay as they are when they sit
// where an emoji puts them: one selector right after a pictograph (or a keycap digit), a
// joiner between two pictographs. A run of selectors (the way to smuggle bytes behind an emoji)
// and a selector or joiner anywhere else are still marked.
const PICTOGRAPH = /^[\p{Extended_Pictographic}#*0-9]$/u;
const SKIN_TONE = /^[\u{1F3FB}-\u{1F3FF}]$/u;

function codePointBefore(text: string, at: number): string {
  if (at <= 0) return '';
  const low = text.charCodeAt(at - 1);
  const high = at >= 2 ? text.charCodeAt(at - 2) : 0;
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? text.slice(at - 2, at) : text.slice(at - 1, at);
}

function isEmojiPart(text: string, at: number, ch: string): boolean {
  if (ch === '\uFE0F' || ch === '\uFE0E') {
    const next = text.charCodeAt(at + 1);
    return PICTOGRAPH.test(codePointBefore(text, at)) && next !== 0xfe0f && next !== 0xfe0e;
  }
  if (ch !== '\u200D') return false;
  // Before the joiner: a pictograph, perhaps with its selector or skin tone.
  let back = at;
  let prev = codePointBefore(text, back);
  if (prev === '\uFE0F' || SKIN_TONE.test(prev)) {
    back -= prev.length;
    prev = codePointBefore(text, back);
  }
  const next = String.fromCodePoint(text.codePointAt(at + 1) ?? 0);
  return PICTOGRAPH.test(prev) && /\p{Extended_Pictographic}/u.test(next);
}

/** Split text into plain runs and markers for every invisible or direction-changing character. */
export function visibleSegments(text: string): VisibleSegment[] {
  const out: VisibleSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(INVISIBLE)) {
    const at = m.index;
    if (isEmojiPart(text, at, m[0])) continue;
    if (at > last) out.push({ text: text.slice(last, at) });
    const cp = m[0].codePointAt(0) ?? 0;
    out.push({ marker: `⟨${codePointLabel(cp)}⟩`, codePoint: cp, name: nameOf(cp) });
    last = at + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** The same, flattened to a string (titles, labels, notifications, option lists). */
export function makeVisible(text: string): string {
  if (!anyCandidate(text)) return text;
  return visibleSegments(text)
    .map((s) => ('text' in s ? s.text : s.marker))
    .join('');
}

/** One scan, no allocation: the common answer for clean text. */
function anyCandidate(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  const found = INVISIBLE.test(text);
  INVISIBLE.lastIndex = 0;
  return found;
}

export function hasInvisible(text: string): boolean {
  // The second look is rare: it tells an emoji's own selector or joiner from a hidden character.
  return anyCandidate(text) && visibleSegments(text).some((s) => 'marker' in s);
}

export interface HiddenChar {
  marker: string;
  name: string;
  count: number;
}

/** Each kind of marked character in the text once, in order of first appearance (for a note beside a field). */
export function hiddenChars(text: string): HiddenChar[] {
  if (!hasInvisible(text)) return [];
  const seen = new Map<string, HiddenChar>();
  for (const s of visibleSegments(text)) {
    if (!('marker' in s)) continue;
    const known = seen.get(s.marker);
    if (known) known.count++;
    else seen.set(s.marker, { marker: s.marker, name: s.name, count: 1 });
  }
  return [...seen.values()];
}

// One percent-encoded UTF-8 character: decoded on its own, so a malformed escape elsewhere in
// the URL (left as written by the parser) cannot stop the rest from being read.
const ESCAPED_CHAR = /%[0-7][0-9a-f]|%[c-d][0-9a-f]%[89ab][0-9a-f]|%e[0-9a-f](?:%[89ab][0-9a-f]){2}|%f[0-7](?:%[89ab][0-9a-f]){3}/gi;

/**
 * A URL as a person reads it, when it hides such characters: parsing percent-encodes them
 * (`%E2%80%AE`), which is safe but unreadable, so this decodes the escapes (reserved ones such
 * as %2F stay encoded). The result still holds the raw characters: show it through makeVisible
 * or <VisibleText>. Undefined when the URL hides nothing.
 */
export function hiddenInUrl(url: string): string | undefined {
  const decoded = url.replace(ESCAPED_CHAR, (esc) => {
    try {
      return decodeURI(esc);
    } catch {
      return esc; // an overlong or surrogate encoding: read it as written
    }
  });
  return hasInvisible(decoded) ? decoded : undefined;
}
