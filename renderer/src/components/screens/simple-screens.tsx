import { useSyncExternalStore } from 'react';
import type { AppError } from '../../../../shared/result';
import { useActions } from '../../actions-context';
import { failedParts, onFailedParts, retryFailedParts } from '../../lib/lazy-part';
import { useClide } from '../../store/store';

export function Splash() {
  return (
    <main className="screen screen-quiet" aria-busy="true">
      <div className="splash">Starting clide…</div>
    </main>
  );
}

export function LoadError({ error }: { error: AppError }) {
  const actions = useActions();
  // Turned away for want of room: the page gets in by itself once another window closes.
  const full = useClide((s) => s.connection === 'full');
  return (
    <main className="screen">
      <div className="screen-card" role="alert">
        <h1>{full ? 'Too many windows are connected to clide' : 'clide could not load its sessions'}</h1>
        <p className="screen-lead">{error.message}</p>
        {error.hint && <p>{error.hint}</p>}
        {!full && (
          <div className="screen-actions">
            <button type="button" className="btn btn-primary" onClick={() => void actions.loadSnapshot({ createIfEmpty: true })}>
              Try again
            </button>
          </div>
        )}
      </div>
    </main>
  );
}

export function ConnectionBanner() {
  const connection = useClide((s) => s.connection);
  const error = useClide((s) => s.connectionError);
  if (connection === 'refused') {
    return (
      <div className="connection-banner is-refused" role="status">
        {error?.message ?? 'The clide host refused this window.'}
        {error?.hint ? ` ${error.hint}` : ''}
      </div>
    );
  }
  if (connection === 'full') {
    return (
      <div className="connection-banner" role="status">
        Too many windows are connected to clide. Close one of them; this window connects by itself when there is room.
      </div>
    );
  }
  if (connection !== 'disconnected') return null;
  return (
    <div className="connection-banner" role="status">
      Lost the connection to clide. Reconnecting… Your sessions keep running; prompts waiting for you will come back.
    </div>
  );
}

export function NoSessions() {
  const actions = useActions();
  return (
    <div className="no-sessions">
      <p>No open sessions.</p>
      <button type="button" className="btn btn-primary" onClick={() => void actions.createSession()}>
        Start a session
      </button>
    </div>
  );
}

/**
 * A part of the window that is loaded on demand (a dialog, a panel, the transcript's entries)
 * could not be fetched: most often the host rebuilt clide since this page was opened, so the
 * page asks for files that are gone, and only a reload helps; a dropped connection may pass.
 */
export function PartFailureBanner() {
  const failed = useSyncExternalStore(onFailedParts, failedParts);
  if (failed.length === 0) return null;
  const names = failed.map((p) => p.name).join(', ');
  // The browser's own words (which file, what failed) for whoever looks closer.
  const reason = failed.map((p) => p.failure()?.message).find(Boolean);
  return (
    <div className="connection-banner is-refused part-failure" role="alert" title={reason}>
      <span>Part of clide could not be loaded ({names}). If clide was rebuilt since this page opened, reload it.</span>
      <span className="part-failure-actions">
        <button type="button" className="btn btn-small" onClick={retryFailedParts}>
          Try again
        </button>
        <button type="button" className="btn btn-small" onClick={() => window.location.reload()}>
          Reload
        </button>
      </span>
    </div>
  );
}
