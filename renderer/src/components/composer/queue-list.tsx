// Messages written while Claude works, waiting for the turn to end (the queue lives in the main
// process, so every window shows the same one). Each can be edited, moved, sent now (into the
// running turn) or removed; a queue held after Stop or a failed turn says why and can resume.
import { memo, useState, type KeyboardEvent } from 'react';
import type { QueuedMessage } from '../../../../shared/events';
import type { AppError } from '../../../../shared/result';
import { shownByWindow } from '../../app-actions';
import { useSessionField } from '../../store/hooks';
import { answering } from './api-calls';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';
import { cutText } from '../../lib/format';

const NONE: QueuedMessage[] = [];

export const QueueList = memo(function QueueList({ sessionId }: { sessionId: string }) {
  const queue = useSessionField(sessionId, (v) => v.queue ?? NONE, NONE);
  const hold = useSessionField(sessionId, (v) => v.queueHold, undefined);
  const [error, setError] = useState<AppError | undefined>();
  if (queue.length === 0) return null;
  // A remote host still being reached: the queue goes on by itself, nothing to resume.
  const connecting = hold?.reason === 'connecting';

  const run = async (f: () => Promise<{ ok: true } | { ok: false; error: AppError }>) => {
    setError(undefined);
    const r = await f();
    if (!r.ok) setError(r.error);
    return r.ok;
  };

  return (
    <section className="queue" aria-label="Queued messages">
      <div className="queue-head">
        <span className="queue-title">
          Queued · {connecting ? 'waiting for the connection' : hold ? 'waiting for you' : 'sent one at a time when Claude finishes'} ({queue.length})
        </span>
        {hold && !connecting && (
          <button type="button" className="btn btn-small" onClick={() => void run(() => answering.queueResume(sessionId))}>
            Resume queue
          </button>
        )}
      </div>
      {hold && (
        <div className="queue-hold" role={connecting ? 'status' : undefined}>
          {hold.message}
        </div>
      )}
      <ol className="queue-list">
        {queue.map((m, i) => (
          <QueueItem key={m.id} sessionId={sessionId} m={m} index={i} last={i === queue.length - 1} run={run} />
        ))}
      </ol>
      {error && !shownByWindow(error) && (
        <div className="queue-error" role="alert">
          {error.message}
          {error.hint ? ` ${error.hint}` : ''}
        </div>
      )}
    </section>
  );
});

interface ItemProps {
  sessionId: string;
  m: QueuedMessage;
  index: number;
  last: boolean;
  run(f: () => Promise<{ ok: true } | { ok: false; error: AppError }>): Promise<boolean>;
}

function QueueItem({ sessionId, m, index, last, run }: ItemProps) {
  const [editing, setEditing] = useState<string | undefined>();
  const short = m.text.length > 80 ? `${cutText(m.text, 80)}…` : m.text;
  const name = `queued message ${index + 1}`;

  const save = async () => {
    if (editing === undefined) return;
    if (editing === m.text || (await run(() => answering.queueEdit(sessionId, m.id, editing)))) setEditing(undefined);
  };
  const onEditKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setEditing(undefined);
    }
  };
  const onItemKey = (e: KeyboardEvent<HTMLLIElement>) => {
    // Alt+Up/Down moves the message, like reordering lines in an editor.
    if (!e.altKey || editing !== undefined) return;
    if (e.key === 'ArrowUp' && index > 0) {
      e.preventDefault();
      void run(() => answering.queueMove(sessionId, m.id, index - 1));
    } else if (e.key === 'ArrowDown' && !last) {
      e.preventDefault();
      void run(() => answering.queueMove(sessionId, m.id, index + 1));
    }
  };

  return (
    <li className="queue-item" aria-label={makeVisible(`Queued: ${short}`)} onKeyDown={onItemKey}>
      <span className="queue-pos" aria-hidden="true">
        {index + 1}
      </span>
      {editing === undefined ? (
        <button type="button" className="queue-text" title="Edit" onClick={() => setEditing(m.text)}>
          <VisibleText text={m.text} />
          {m.images ? <span className="chip queue-images">{m.images === 1 ? '1 image' : `${m.images} images`}</span> : null}
        </button>
      ) : (
        <textarea
          className="queue-edit"
          aria-label={`Edit ${name}`}
          value={editing}
          autoFocus
          rows={Math.min(6, editing.split('\n').length)}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={onEditKey}
          onBlur={() => void save()}
        />
      )}
      <span className="queue-actions">
        <button
          type="button"
          className="btn btn-icon"
          aria-label={`Move ${name} up`}
          title="Move up (Alt+↑)"
          disabled={index === 0}
          onClick={() => void run(() => answering.queueMove(sessionId, m.id, index - 1))}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn-icon"
          aria-label={`Move ${name} down`}
          title="Move down (Alt+↓)"
          disabled={last}
          onClick={() => void run(() => answering.queueMove(sessionId, m.id, index + 1))}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn-small"
          aria-label={`Send ${name} now`}
          title="Send now, into the running turn"
          onClick={() => void run(() => answering.queueSendNow(sessionId, m.id))}
        >
          Send now
        </button>
        <button
          type="button"
          className="btn btn-icon"
          aria-label={`Remove ${name}`}
          title="Remove from the queue"
          onClick={() => void run(() => answering.queueRemove(sessionId, m.id))}
        >
          ×
        </button>
      </span>
    </li>
  );
}
