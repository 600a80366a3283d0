// The renderer's side of shared/visible-chars.ts: text with every invisible or
// direction-changing character shown as a ⟨U+XXXX⟩ marker. Names, paths, commands, tool input
// and output, tab and session titles, team messages: anything the CLI, the model, the file
// system or another session wrote goes through here before it is shown. Editable fields keep
// the raw text (what the person typed is what is sent) and show a HiddenCharsNote instead.
import { memo, type ReactNode } from 'react';
import { hasInvisible, hiddenChars, visibleSegments } from '../../../../shared/visible-chars';

/**
 * A text dense with hidden characters (a binary file, a hostile output) would cost an element
 * per character: past this many in one text, the rest are the same markers as plain text.
 */
const MAX_MARKER_SPANS = 200;

/**
 * The text itself when it is clean (no element, no copy), otherwise its runs and marker spans.
 * A plain function so hot paths (every line of a big output, every token of a code block) pay
 * one regular-expression test and no component.
 */
export function visibleNodes(text: string, maxSpans = MAX_MARKER_SPANS): ReactNode {
  if (!hasInvisible(text)) return text;
  const out: ReactNode[] = [];
  let spans = 0;
  let rest = '';
  for (const s of visibleSegments(text)) {
    if ('text' in s) {
      if (spans < maxSpans) out.push(s.text);
      else rest += s.text;
    } else if (spans < maxSpans) {
      out.push(
        <span key={spans} className="invisible-char" title={s.name}>
          {s.marker}
        </span>,
      );
      spans++;
    } else rest += s.marker;
  }
  if (rest) out.push(rest);
  return out;
}

/** Text with every invisible or direction-changing character shown as a ⟨U+XXXX⟩ marker. */
export const VisibleText = memo(function VisibleText({ text }: { text: string }) {
  return <>{visibleNodes(text)}</>;
});

/**
 * Beside a field the person types into: a calm line naming the hidden characters in its value,
 * so a pasted name or prompt cannot carry them unseen. The value itself is left as typed.
 * `compact` (a field inside a tab) shows the markers alone, inline.
 */
export const HiddenCharsNote = memo(function HiddenCharsNote({ text, compact = false }: { text: string; compact?: boolean }) {
  const found = hiddenChars(text);
  if (found.length === 0) return null;
  const one = found.length === 1 && found[0]!.count === 1;
  const words = `Contains hidden ${one ? 'character' : 'characters'}`;
  return (
    <div className={`hidden-chars-note${compact ? ' is-compact' : ''}`} role="status" title={compact ? words : undefined}>
      {compact ? <span className="visually-hidden">{words}: </span> : `${words}: `}
      {found.map((c, i) => (
        <span key={c.marker}>
          {i > 0 && ' '}
          <span className="invisible-char" title={c.name}>
            {c.marker}
          </span>
          {c.count > 1 && <span className="hidden-chars-count">×{c.count}</span>}
        </span>
      ))}
    </div>
  );
});
