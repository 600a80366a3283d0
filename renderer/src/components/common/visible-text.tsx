import { memo } from 'react';
import { visibleSegments } from '../../lib/visible-chars';

/** Text with every invisible or direction-changing character shown as a ⟨U+XXXX⟩ marker. */
export const VisibleText = memo(function VisibleText({ text }: { text: string }) {
  const segments = visibleSegments(text);
  if (segments.length === 1 && 'text' in segments[0]!) return <>{text}</>;
  return (
    <>
      {segments.map((s, i) =>
        'text' in s ? (
          s.text
        ) : (
          <span key={i} className="invisible-char" title={s.name}>
            {s.marker}
          </span>
        ),
      )}
    </>
  );
});
