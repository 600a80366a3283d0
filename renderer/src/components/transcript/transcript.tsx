import { useEffect, useState } from 'react';
import { formatDuration } from '../../lib/format';
import { useItemIds, useSessionField } from '../../store/hooks';
import { isTurnRunning } from '../../store/selectors';
import { PermissionPrompt } from '../permission/permission-prompt';
import { EmptyState } from './empty-state';
import { ItemRow } from './items';
import { useStickToBottom } from './use-stick-to-bottom';

export function Transcript({ sessionId }: { sessionId: string }) {
  const { scrollerRef, contentRef, away, jump } = useStickToBottom();
  const ids = useItemIds(sessionId);

  return (
    <div className="transcript-wrap">
      <div className="transcript-scroller" ref={scrollerRef} tabIndex={-1}>
        <div className="transcript-column" ref={contentRef}>
          {ids.length === 0 && <EmptyState sessionId={sessionId} />}
          <div role="log" aria-label="Transcript" className="transcript">
            {ids.map((id) => (
              <ItemRow key={id} sessionId={sessionId} id={id} />
            ))}
          </div>
          <TurnTail sessionId={sessionId} />
          <PermissionPrompt sessionId={sessionId} />
        </div>
      </div>
      {away && (
        <button type="button" className="jump-latest" onClick={jump}>
          <span aria-hidden="true">↓</span> Jump to latest
        </button>
      )}
    </div>
  );
}

/** What happens at the end of the transcript: Claude working, or a turn that ended in an error. */
function TurnTail({ sessionId }: { sessionId: string }) {
  const running = useSessionField(sessionId, (v) => v.status === 'working', false);
  const streaming = useSessionField(
    sessionId,
    (v) => {
      const last = v.items[v.items.length - 1];
      return last?.type === 'assistant' && last.blocks.some((b) => b.streaming && b.type !== 'tool_use');
    },
    false,
  );
  const since = useSessionField(
    sessionId,
    (v) => {
      for (let i = v.items.length - 1; i >= 0; i--) {
        const it = v.items[i];
        if (it?.type === 'user') return it.at;
      }
      return undefined;
    },
    undefined,
  );
  const failedTurn = useSessionField(
    sessionId,
    (v) => {
      const r = v.lastResult;
      if (!r?.isError || r.interrupted || isTurnRunning(v)) return undefined;
      const last = v.items[v.items.length - 1];
      if ((last?.type === 'assistant' && last.aborted) || (last?.type === 'context' && last.source === 'interrupt')) return undefined;
      return r;
    },
    undefined,
  );
  if (running && !streaming) return <WorkingLine since={since} />;
  if (failedTurn) {
    const why = failedTurn.errors?.join('\n') || failedTurn.text || failedTurn.subtype;
    return (
      <div className="notice notice-error turn-error">
        <span className="notice-icon" aria-hidden="true">
          ×
        </span>
        <span>The turn ended with an error: {why}</span>
      </div>
    );
  }
  return null;
}

function WorkingLine({ since }: { since: number | undefined }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const elapsed = since !== undefined ? now - since : undefined;
  return (
    <div className="working-line" aria-live="off">
      <span className="working-dots" aria-hidden="true">
        <i />
        <i />
        <i />
      </span>
      <span>Working{elapsed !== undefined && elapsed >= 2000 ? ` · ${formatDuration(elapsed)}` : '…'}</span>
    </div>
  );
}
