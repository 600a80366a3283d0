import { memo, useState } from 'react';
import type { TranscriptItem } from '../../../../shared/transcript';
import { formatClock } from '../../lib/format';
import { useItem, usePreviousItemType } from '../../store/hooks';
import { Block } from './blocks';

type ItemOf<T extends TranscriptItem['type']> = Extract<TranscriptItem, { type: T }>;

/** One transcript entry, selected by id so that only changed entries re-render. */
export const ItemRow = memo(function ItemRow({ sessionId, id }: { sessionId: string; id: string }) {
  const item = useItem(sessionId, id);
  const previous = usePreviousItemType(sessionId, id);
  if (!item) return null;
  switch (item.type) {
    case 'user':
      return <UserMessage item={item} />;
    case 'assistant':
      return <AssistantMessage sessionId={sessionId} item={item} showAuthor={previous !== 'assistant'} />;
    case 'context':
      return <ContextItem item={item} />;
    case 'notice':
      return <NoticeLine item={item} />;
  }
});

function UserMessage({ item }: { item: ItemOf<'user'> }) {
  return (
    <article className="msg msg-user" aria-label="You">
      <header className="msg-author">
        <span className="author">You</span>
        <span className="author-sep" aria-hidden="true">
          ·
        </span>
        <time dateTime={new Date(item.at).toISOString()}>{formatClock(item.at)}</time>
      </header>
      <div className="user-text">{item.text}</div>
      {item.images ? (
        <div className="user-images">
          {item.images} {item.images === 1 ? 'image' : 'images'} attached
        </div>
      ) : null}
    </article>
  );
}

function AssistantMessage({ sessionId, item, showAuthor }: { sessionId: string; item: ItemOf<'assistant'>; showAuthor: boolean }) {
  return (
    <article className={`msg msg-assistant${item.parentToolUseId ? ' is-subagent' : ''}`} aria-label="Claude">
      {showAuthor && (
        <header className="msg-author">
          <span className="author author-claude">{item.parentToolUseId ? 'Claude · subagent' : 'Claude'}</span>
        </header>
      )}
      <div className="msg-blocks">
        {item.blocks.map((b, i) => (
          <Block key={i} sessionId={sessionId} block={b} />
        ))}
      </div>
      {item.aborted && <div className="msg-aborted">Stopped before the reply was finished.</div>}
    </article>
  );
}

/** Text the CLI added to the conversation (a skill, a reminder, command output): never the person's own words. */
function ContextItem({ item }: { item: ItemOf<'context'> }) {
  const [open, setOpen] = useState(false);
  if (item.source === 'interrupt') return <div className="notice notice-info">Interrupted by you.</div>;
  return (
    <div className="context-item" data-source={item.source}>
      <button type="button" className="disclosure-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="chevron" aria-hidden="true" />
        <span className="context-label">{item.label}</span>
      </button>
      {open && <pre className="context-body">{item.text}</pre>}
    </div>
  );
}

const noticeIcon = { info: 'i', warning: '!', error: '×' } as const;

function NoticeLine({ item }: { item: ItemOf<'notice'> }) {
  return (
    <div className={`notice notice-${item.level}`} data-code={item.code}>
      <span className="notice-icon" aria-hidden="true">
        {noticeIcon[item.level]}
      </span>
      <span>{item.text}</span>
    </div>
  );
}
