// Closing a tab while Claude works there: asked first (close-tab.tsx decides when).
import { useId, useState } from 'react';
import { useActions } from '../../actions-context';
import { tabTitle } from '../../store/tabs';
import { useClide } from '../../store/store';
import { Modal } from '../common/modal';
import { VisibleText } from '../common/visible-text';

export function CloseConfirmDialog({ sessionId, onDone }: { sessionId: string; onDone(): void }) {
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
