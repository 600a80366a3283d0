import { useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { useActions } from '../../actions-context';
import { useSessionField } from '../../store/hooks';
import { VisibleText } from '../common/visible-text';

/** Where a session died: what happened, what to do, the CLI's last words, and a way back. */
export function FailureBanner({ sessionId }: { sessionId: string }) {
  const actions = useActions();
  const failed = useSessionField(sessionId, (v) => v.status === 'failed', false);
  const failure = useSessionField(sessionId, (v) => v.failure, undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  if (!failed || !failure) return null;
  const { error: cause, resumable } = failure;
  // A dropped ssh connection is reconnected (resuming the conversation where there is one).
  const reconnect = cause.kind === 'connection-lost';
  const exit = [cause.exitCode !== undefined && cause.exitCode !== null ? `exit code ${cause.exitCode}` : '', cause.signal ? `signal ${cause.signal}` : '']
    .filter(Boolean)
    .join(', ');

  const resume = async () => {
    setBusy(true);
    setError(undefined);
    const r = await actions.restart(sessionId);
    setBusy(false);
    if (!r.ok) setError(r.error);
  };

  return (
    <div role="alert" className="banner banner-error">
      <span className="banner-icon" aria-hidden="true">
        !
      </span>
      <div className="banner-text">
        <strong>{cause.message}</strong>
        {cause.hint && <p>{cause.hint}</p>}
        {(cause.detail || exit) && (
          <details className="banner-details">
            <summary>Details</summary>
            {exit && <div className="muted">Claude stopped with {exit}.</div>}
            {cause.detail && (
              <pre>
                <VisibleText text={cause.detail} />
              </pre>
            )}
          </details>
        )}
        {error && (
          <p className="banner-action-error">
            {reconnect ? 'Reconnect' : 'Resume'} failed: {error.message}
            {error.hint ? ` ${error.hint}` : ''}
          </p>
        )}
      </div>
      {(resumable || reconnect) && (
        <button type="button" className="btn btn-primary" onClick={() => void resume()} disabled={busy}>
          {reconnect ? (busy ? 'Reconnecting…' : 'Reconnect') : busy ? 'Resuming…' : 'Resume'}
        </button>
      )}
    </div>
  );
}
