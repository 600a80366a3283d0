// Closing a tab ends its session. While Claude works (or waits for an answer) that would stop
// the turn, so the person is asked first; an idle tab closes at once.
import { useCallback, useId, useState } from 'react';
import { useActions } from '../../actions-context';
import { isTurnRunning } from '../../store/selectors';
import { tabTitle } from '../../store/tabs';
import { clideStore, useClide } from '../../store/store';
import { Modal } from '../common/modal';
import { VisibleText } from '../common/visible-text';

/** Whether closing this session now would interrupt Claude. */
export function closingInterrupts(sessionId: string): boolean {
  const v = clideStore.getState().sessions[sessionId];
  return Boolean(v && (isTurnRunning(v) || v.pending.length > 0 || v.status === 'starting'));
}

export function useRequestClose(): (sessionId: string) => void {
  const actions = useActions();
  return useCallback(
    (sessionId: string) => {
      if (closingInterrupts(sessionId)) clideStore.getState().askToClose(sessionId);
      else void actions.close(sessionId);
    },
    [actions],
  );
}

export function CloseConfirm() {
  const sessionId = useClide((s) => s.confirmClose);
  const askToClose = useClide((s) => s.askToClose);
  if (!sessionId) return null;
  return <CloseConfirmDialog key={sessionId} sessionId={sessionId} onDone={() => askToClose(undefined)} />;
}

function CloseConfirmDialog({ sessionId, onDone }: { sessionId: string; onDone(): void }) {
  const actions = useActions();
  const name = useClide((s) => tabTitle(s.sessions[sessionId]));
  const waiting = useClide((s) => (s.sessions[sessionId]?.pending.length ?? 0) > 0);
  const exists = useClide((s) => Boolean(s.sessions[sessionId]));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const descId = useId();
  if (!exists) {
    // Closed meanwhile (another window, the session ended): nothing left to confirm.
    queueMicrotask(onDone);
    return null;
  }
  const close = async () => {
    setBusy(true);
    const r = await actions.close(sessionId);
    setBusy(false);
    if (r.ok) onDone();
    else setError(`${r.error.message}${r.error.hint ? ` ${r.error.hint}` : ''}`);
  };
  return (
    <Modal labelledBy={titleId} describedBy={descId} onClose={onDone} alert className="confirm-dialog">
      <h2 id={titleId} className="modal-title">
        <span>
          Close “<VisibleText text={name} />
          ”?
        </span>
      </h2>
      <p id={descId}>
        {waiting
          ? 'Claude is waiting for your answer in this tab. Closing ends the session; the question goes unanswered.'
          : 'Claude is still working in this tab. Closing stops the turn and ends the session.'}
      </p>
      {error && (
        <p className="modal-error" role="alert">
          <VisibleText text={error} />
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" autoFocus onClick={onDone}>
          Keep working
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void close()}>
          Close session
        </button>
      </div>
    </Modal>
  );
}
