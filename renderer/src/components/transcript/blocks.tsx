import { memo, useMemo } from 'react';
import type { BlockView } from '../../../../shared/transcript';
import { useFindMark } from '../find/find-store';
import { disclosureKey, expandsTo, useDisclosure } from './disclosure';
import { MarkdownText } from './markdown';
import { ToolCard } from './tool-card';
import type { RowComponent } from './card-types';
import { VisibleText } from '../common/visible-text';
import { formatCount } from '../../lib/count';

export interface BlockProps {
  sessionId: string;
  block: BlockView;
  /** `${itemId}:${index}`: the block's key for find and disclosure. */
  part: string;
  /** The row component, for a subagent's card (see card-types.ts). */
  row: RowComponent;
}

export const Block = memo(function Block({ sessionId, block, part, row }: BlockProps) {
  switch (block.type) {
    case 'text':
      if (!block.text && !block.streaming) return null;
      return (
        <div data-find-part={part}>
          <MarkdownText text={block.text} streaming={block.streaming} cacheKey={disclosureKey(sessionId, part)} />
        </div>
      );
    case 'thinking':
      return <ThinkingBlock sessionId={sessionId} part={part} text={block.text} streaming={block.streaming} />;
    case 'tool_use':
      return <ToolCard sessionId={sessionId} block={block} row={row} />;
    case 'other':
      return <OtherBlock sessionId={sessionId} part={part} label={block.label ?? 'Content'} text={block.text} />;
  }
});

function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 9 || c === 13;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** Collapsed by default; opens while it is still streaming too. */
function ThinkingBlock({ sessionId, part, text, streaming }: { sessionId: string; part: string; text: string; streaming: boolean }) {
  const key = disclosureKey(sessionId, part);
  const [open, setOpen] = useDisclosure(key);
  const marked = useFindMark(key) && !open;
  const empty = !text.trim();
  const words = useMemo(() => (!streaming && !empty && text.length < 200_000 ? wordCount(text) : undefined), [streaming, empty, text]);
  return (
    <div className="thinking" data-open={open || undefined} data-streaming={streaming || undefined} data-find-mark={marked || undefined}>
      <button
        type="button"
        className="disclosure-toggle thinking-toggle"
        aria-expanded={open}
        aria-description={open ? undefined : expandsTo.thinking}
        disabled={empty && !streaming}
        onClick={() => setOpen(!open)}
      >
        <span className="chevron" aria-hidden="true" />
        <span>{streaming ? 'Thinking…' : 'Thinking'}</span>
        {empty && !streaming && <span className="muted"> (not shown)</span>}
        {words !== undefined && <span className="thinking-size"> · {formatCount(words)} words</span>}
        {marked && <span className="find-mark-badge">match</span>}
      </button>
      {open && (
        <div className="thinking-body" data-find-part={part}>
          {empty ? <span className="muted">…</span> : <MarkdownText text={text} streaming={streaming} cacheKey={key} />}
        </div>
      )}
    </div>
  );
}

function OtherBlock({ sessionId, part, label, text }: { sessionId: string; part: string; label: string; text: string }) {
  const [open, setOpen] = useDisclosure(disclosureKey(sessionId, part));
  return (
    <div className="context-item">
      <button
        type="button"
        className="disclosure-toggle"
        aria-expanded={open}
        aria-description={open ? undefined : expandsTo.output}
        onClick={() => setOpen(!open)}
      >
        <span className="chevron" aria-hidden="true" />
        <span>
          <VisibleText text={label} />
        </span>
      </button>
      {open && (
        <pre className="context-body" data-find-part={part}>
          <VisibleText text={text} />
        </pre>
      )}
    </div>
  );
}
