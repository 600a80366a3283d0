// What an entry shows while the list is being flung past it: its author and first words, or
// its tool calls' names, in a handful of nodes. The full entry replaces it once scrolling
// settles; until then it keeps the height the list expects, so nothing jumps. Names, commands
// and the person's words are marked as in the full entry (a plain string: no extra nodes).
import { memo } from 'react';
import { blocksOf, type TranscriptItem } from '../../../../shared/transcript';
import { makeVisible } from '../../../../shared/visible-chars';
import { cutText } from '../../lib/format';
import { summarizeToolInput } from '../../lib/tools/tool-summary';
import { useClide } from '../../store/store';

const PREVIEW = 280;

function short(text: string): string {
  return text.length > PREVIEW ? `${cutText(text, PREVIEW)}…` : text;
}

function lines(item: TranscriptItem): { author?: string; text: string[] } {
  switch (item.type) {
    case 'user':
      return { author: 'You', text: [makeVisible(short(item.text))] };
    case 'assistant':
      return {
        author: 'Claude',
        text: blocksOf(item).map((b) => {
          if (b.type === 'tool_use' && b.tool)
            return makeVisible(`${b.tool.displayName ?? b.tool.name}  ${summarizeToolInput(b.tool.name, b.tool.input).text.split('\n')[0] ?? ''}`);
          if (b.type === 'thinking') return 'Thinking';
          return short(b.text);
        }),
      };
    case 'context':
      return { text: [makeVisible(item.label)] };
    default: {
      const t = (item as { text?: unknown }).text;
      return { text: [typeof t === 'string' ? short(t) : ''] };
    }
  }
}

/** `pos`: the entry's position in the session's items. */
export const ItemLite = memo(function ItemLite({ sessionId, pos }: { sessionId: string; pos: number }) {
  const item = useClide((s) => s.sessions[sessionId]?.items[pos]);
  if (!item) return null;
  const { author, text } = lines(item);
  return (
    <div className="item-lite" aria-hidden="true">
      {author && <div className="item-lite-author">{author}</div>}
      {text.map((t, i) => (
        <div key={i} className="item-lite-line">
          {t}
        </div>
      ))}
    </div>
  );
});
