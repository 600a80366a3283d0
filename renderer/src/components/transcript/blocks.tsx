import { memo, useState } from 'react';
import type { BlockView } from '../../../../shared/transcript';
import { MarkdownText } from './markdown';
import { ToolCard } from './tool-card';

export const Block = memo(function Block({ sessionId, block }: { sessionId: string; block: BlockView }) {
  switch (block.type) {
    case 'text':
      if (!block.text && !block.streaming) return null;
      return <MarkdownText text={block.text} streaming={block.streaming} />;
    case 'thinking':
      return <ThinkingBlock text={block.text} streaming={block.streaming} />;
    case 'tool_use':
      return <ToolCard sessionId={sessionId} block={block} />;
    case 'other':
      return <OtherBlock label={block.label ?? 'Content'} text={block.text} />;
  }
});

/** Collapsed by default; opens while it is still streaming too. */
function ThinkingBlock({ text, streaming }: { text: string; streaming: boolean }) {
  const [open, setOpen] = useState(false);
  const empty = !text.trim();
  return (
    <div className="thinking" data-open={open || undefined} data-streaming={streaming || undefined}>
      <button
        type="button"
        className="disclosure-toggle thinking-toggle"
        aria-expanded={open}
        disabled={empty && !streaming}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="chevron" aria-hidden="true" />
        <span>{streaming ? 'Thinking…' : 'Thinking'}</span>
        {empty && !streaming && <span className="muted"> (not shown)</span>}
      </button>
      {open && (
        <div className="thinking-body">
          {empty ? <span className="muted">…</span> : <MarkdownText text={text} streaming={streaming} />}
        </div>
      )}
    </div>
  );
}

function OtherBlock({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="context-item">
      <button type="button" className="disclosure-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="chevron" aria-hidden="true" />
        <span>{label}</span>
      </button>
      {open && <pre className="context-body">{text}</pre>}
    </div>
  );
}
