// What happens at the end of the transcript: Claude working, an API call being retried, the
// conversation being compacted, or a turn that ended in an error with no entry of its own.
import { useEffect, useState } from 'react';
import { formatDuration } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { isTurnRunning } from '../../store/selectors';
import { VisibleText } from '../common/visible-text';
import { blocksOf, itemTime } from '../../../../shared/transcript';

export function TurnTail({ sessionId }: { sessionId: string }) {
  const running = useSessionField(sessionId, (v) => v.status === 'working', false);
  const streaming = useSessionField(
    sessionId,
    (v) => {
      const last = v.items[v.items.length - 1];
      return last?.type === 'assistant' && blocksOf(last).some((b) => b.streaming && b.type !== 'tool_use');
    },
    false,
  );
  const since = useSessionField(
    sessionId,
    (v) => {
      for (let i = v.items.length - 1; i >= 0; i--) {
        const it = v.items[i];
        if (it?.type === 'user') return itemTime(v, it);
      }
      return undefined;
    },
    undefined,
  );
  const retry = useSessionField(sessionId, (v) => v.retry, undefined);
  const compacting = useSessionField(sessionId, (v) => v.activity === 'compacting', false);
  const failedTurn = useSessionField(
    sessionId,
    (v) => {
      const r = v.lastResult;
      if (!r?.isError || r.interrupted || isTurnRunning(v)) return undefined;
      const last = v.items[v.items.length - 1];
      // The reducer adds a turn-error entry for results it can place; it shows there.
      if (last?.type === 'turn-error') return undefined;
      if ((last?.type === 'assistant' && last.aborted) || (last?.type === 'context' && last.source === 'interrupt')) return undefined;
      return r;
    },
    undefined,
  );
  return (
    <>
      {retry && (
        <div className="notice notice-warning" data-code="api-retry" role="status">
          <span className="notice-icon" aria-hidden="true">
            !
          </span>
          <span>
            The API call failed
            {retry.httpStatus
              ? ` (HTTP ${retry.httpStatus}${retry.error ? `, ${retry.error.replace(/_/g, ' ')}` : ''})`
              : retry.error
                ? ` (${retry.error.replace(/_/g, ' ')})`
                : ''}
            ; retrying
            {retry.maxRetries ? `, attempt ${retry.attempt} of ${retry.maxRetries}` : ` (attempt ${retry.attempt})`}
            {retry.delayMs ? ` in ${formatDuration(retry.delayMs)}` : ''}.
          </span>
        </div>
      )}
      {compacting && (
        <div className="notice notice-info" data-code="compacting" role="status">
          <span className="notice-icon" aria-hidden="true">
            i
          </span>
          <span>Compacting the conversation…</span>
        </div>
      )}
      {running && !streaming && <WorkingLine since={since} />}
      {!running && failedTurn && (
        <div className="notice notice-error turn-error">
          <span className="notice-icon" aria-hidden="true">
            ×
          </span>
          <span>
            The turn ended with an error: <VisibleText text={failedTurn.errors?.join('\n') || failedTurn.text || failedTurn.subtype} />
          </span>
        </div>
      )}
    </>
  );
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
