import { memo, useMemo } from 'react';
import type { TranscriptItem } from '../../../../shared/transcript';
import { contextBody, contextTitle } from '../../lib/transcript/context-text';
import { clockTime } from '../../lib/clock';
import { formatTokens } from '../../lib/format';
import { preview } from '../../lib/tools/terminal-text';
import { useClide } from '../../store/store';
import { blocksOf, shownAsTeamCard } from '../../../../shared/transcript';
import { useFindMark } from '../find/find-store';
import { Block } from './blocks';
import type { ItemRowProps } from './card-types';
import { disclosureKey, expandsTo, useDisclosure } from './disclosure';
import { TeamMessageCard } from '../team/team-message-card';
import { MessageActions } from '../history/message-actions';
import { VisibleText } from '../common/visible-text';
import { formatCount } from '../../lib/count';

type ItemOf<T extends TranscriptItem['type']> = Extract<TranscriptItem, { type: T }>;

function useItem(sessionId: string, pos: number): TranscriptItem | undefined {
  return useClide((s) => s.sessions[sessionId]?.items[pos]);
}

/** When an entry happened (its `at` counts from the session's createdAt: shared/transcript.ts). */
function useTime(sessionId: string, at: number): number {
  return useClide((s) => (s.sessions[sessionId]?.createdAt ?? 0) + at);
}

function useItemType(sessionId: string, pos: number | undefined): TranscriptItem['type'] | undefined {
  return useClide((s) => (pos === undefined ? undefined : s.sessions[sessionId]?.items[pos]?.type));
}

/** One transcript entry, selected by position so that only changed entries re-render. */
export const ItemRow = memo(function ItemRow({ sessionId, pos, prevPos, nested }: ItemRowProps) {
  const item = useItem(sessionId, pos);
  const previous = useItemType(sessionId, prevPos);
  const time = useTime(sessionId, item?.at ?? 0);
  if (!item) return null;
  switch (item.type) {
    case 'user':
      return <UserMessage sessionId={sessionId} item={item} pos={pos} time={time} />;
    case 'assistant':
      return <AssistantMessage sessionId={sessionId} item={item} showAuthor={previous !== 'assistant'} nested={nested} />;
    case 'context':
      return <ContextItem sessionId={sessionId} item={item} />;
    case 'notice':
      return <Notice id={item.id} level={item.level} code={item.code} text={item.text} />;
    case 'compaction':
      return <Notice id={item.id} level="info" code="compaction" text={compactionText(item)} />;
    case 'reset':
      return <Notice id={item.id} level="info" code="reset" text="The conversation was cleared; a new one starts here." rule />;
    case 'hook':
      return <HookFailure sessionId={sessionId} item={item} />;
    case 'turn-error':
      return <Notice id={item.id} level="error" code={`turn-${item.subtype}`} text={turnErrorText(item)} />;
    case 'team-message':
      return <TeamMessageCard item={item} time={time} />;
    default:
      return <OtherItem item={item} />;
  }
});

/** An entry of a kind this view has no card for yet: its words, plainly, never lost. */
function OtherItem({ item }: { item: { id: string; type: string } }) {
  const text = (item as { text?: unknown }).text;
  if (typeof text !== 'string' || !text) return null;
  return (
    <div className="notice notice-info" data-code={item.type} role="note" tabIndex={-1}>
      <span className="notice-icon" aria-hidden="true">
        i
      </span>
      <span className="notice-text" data-find-part={item.id}>
        <VisibleText text={text} />
      </span>
    </div>
  );
}

/** Long pasted messages are cut to their first lines until opened. */
const USER_PREVIEW_LINES = 16;

function UserMessage({ sessionId, item, pos, time }: { sessionId: string; item: ItemOf<'user'>; pos: number; time: number }) {
  const short = useMemo(() => preview(item.text, USER_PREVIEW_LINES, 3000), [item.text]);
  const long = short.hiddenLines > 0 || short.truncatedChars > 0;
  const key = disclosureKey(sessionId, item.id);
  const [open, setOpen] = useDisclosure(key);
  const marked = useFindMark(key) && !open;
  return (
    // tabIndex: Alt+Up/Down walks the transcript from entry to entry (use-walk-keys.ts).
    <article className="msg msg-user" aria-label="You" tabIndex={-1}>
      <header className="msg-author">
        <span className="author">You</span>
        <span className="author-sep" aria-hidden="true">
          ·
        </span>
        <time dateTime={new Date(time).toISOString()}>{clockTime(time)}</time>
      </header>
      {/* Plain text, not markdown: a pasted prompt can carry hidden instructions (tag characters), so they show. */}
      <div className="user-text" data-find-part={item.id}>
        <VisibleText text={long && !open ? short.text : item.text} />
      </div>
      {long && (
        <button type="button" className="user-more" aria-expanded={open} data-find-mark={marked || undefined} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : `Show all ${formatCount(short.totalLines)} lines`}
        </button>
      )}
      {item.images ? (
        <div className="user-images">
          {item.images} {item.images === 1 ? 'image' : 'images'} attached
        </div>
      ) : null}
      <MessageActions sessionId={sessionId} item={item} pos={pos} />
    </article>
  );
}

function AssistantMessage({ sessionId, item, showAuthor, nested }: { sessionId: string; item: ItemOf<'assistant'>; showAuthor: boolean; nested?: boolean }) {
  // A message that only sent a team message shows as that message's card (after it), not as an
  // empty reply.
  const blocks = useMemo(() => blocksOf(item), [item]);
  const empty = blocks.some(shownAsTeamCard) && blocks.every((b) => shownAsTeamCard(b) || (b.type === 'text' && !b.text && !b.streaming));
  if (empty && !item.aborted) return null;
  return (
    <article className={`msg msg-assistant${nested ? ' is-nested' : ''}`} aria-label={nested ? 'Subagent' : 'Claude'} tabIndex={nested ? undefined : -1}>
      {showAuthor && (
        <header className="msg-author">
          <span className="author author-claude">{nested ? 'Subagent' : 'Claude'}</span>
        </header>
      )}
      <div className="msg-blocks">
        {blocks.map((b, i) => (
          <Block key={i} sessionId={sessionId} block={b} part={`${item.id}:${i}`} row={ItemRow} />
        ))}
      </div>
      {item.aborted && <div className="msg-aborted">Stopped before the reply was finished.</div>}
    </article>
  );
}

/** Text the CLI added to the conversation (a skill, a reminder, command output): never the person's own words. */
function ContextItem({ sessionId, item }: { sessionId: string; item: ItemOf<'context'> }) {
  const key = disclosureKey(sessionId, item.id);
  const [open, setOpen] = useDisclosure(key);
  const marked = useFindMark(key) && !open;
  const body = useMemo(() => (open ? contextBody(item.text, item.source) : ''), [open, item.text, item.source]);
  if (item.source === 'interrupt') return <Notice id={item.id} level="info" code="interrupt" text="Interrupted by you." />;
  const title = contextTitle(item.source, item.label);
  return (
    <div className="context-item" data-source={item.source} data-find-mark={marked || undefined}>
      <button
        type="button"
        className="disclosure-toggle"
        aria-expanded={open}
        aria-description={open ? undefined : expandsTo.context}
        onClick={() => setOpen(!open)}
      >
        <span className="chevron" aria-hidden="true" />
        <span className="context-kind" aria-hidden="true">
          {contextIcon[item.source] ?? '◇'}
        </span>
        <span className="context-label">
          <VisibleText text={title} />
        </span>
        {marked && <span className="find-mark-badge">match</span>}
      </button>
      {open && (
        <pre className="context-body" data-find-part={item.id}>
          <VisibleText text={body} />
        </pre>
      )}
    </div>
  );
}

const contextIcon: Partial<Record<ItemOf<'context'>['source'], string>> = {
  skill: '✦',
  command: '/',
  reminder: '◷',
  'local-command': '›',
  compaction: '≡',
  memory: '◆',
};

const noticeIcon = { info: 'i', warning: '!', error: '×' } as const;

function Notice({ id, level, code, text, rule }: { id: string; level: 'info' | 'warning' | 'error'; code: string; text: string; rule?: boolean }) {
  return (
    <div className={`notice notice-${level}${rule ? ' notice-rule' : ''}`} data-code={code} role="note" tabIndex={-1}>
      <span className="notice-icon" aria-hidden="true">
        {noticeIcon[level]}
      </span>
      <span className="notice-text" data-find-part={id}>
        <VisibleText text={text} />
      </span>
    </div>
  );
}

function compactionText(item: ItemOf<'compaction'>): string {
  const how = item.trigger === 'manual' ? 'Compacted on request' : 'Compacted automatically';
  const tokens =
    item.preTokens !== undefined
      ? ` · ${formatTokens(item.preTokens)}${item.postTokens !== undefined ? ` → ${formatTokens(item.postTokens)}` : ''} tokens`
      : '';
  return `${how}: earlier messages were summarised to free context${tokens}.`;
}

function turnErrorText(item: ItemOf<'turn-error'>): string {
  const detail = item.errors?.filter(Boolean).join('\n') || item.text || item.subtype;
  const status = item.apiErrorStatus ? ` (HTTP ${item.apiErrorStatus})` : '';
  return `The turn failed${status}: ${detail}`;
}

function HookFailure({ sessionId, item }: { sessionId: string; item: ItemOf<'hook'> }) {
  const [open, setOpen] = useDisclosure(disclosureKey(sessionId, item.id));
  const what = `Hook ${item.name} failed${item.exitCode !== undefined ? ` (exit ${item.exitCode})` : ''}.`;
  return (
    <div className="notice notice-warning hook-failure" data-code="hook" role="note" tabIndex={-1}>
      <span className="notice-icon" aria-hidden="true">
        !
      </span>
      <div className="notice-text">
        <span data-find-part={item.id}>
          <VisibleText text={what} />
        </span>
        {item.output && (
          <>
            {' '}
            <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
              {open ? 'Hide output' : 'Show output'}
            </button>
            {open && (
              <pre className="context-body">
                <VisibleText text={item.output} />
              </pre>
            )}
          </>
        )}
      </div>
    </div>
  );
}
