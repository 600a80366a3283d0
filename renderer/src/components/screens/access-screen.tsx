import type { AppError } from '../../../../shared/result';

/**
 * Full-window, in the browser host only: the page was opened without its access token, or
 * with one from an earlier start of the host. Nothing works without the printed link, so say
 * where it is; the host keeps refusing until then.
 */
export function AccessScreen({ error }: { error: AppError }) {
  const host = window.location.host;
  return (
    <main className="screen">
      <div className="screen-card" role="alert">
        <div className="screen-icon" aria-hidden="true">
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
            <rect x="4" y="11" width="16" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
        </div>
        <h1>
          This page needs the access link that <code>npm run web</code> printed
        </h1>
        <p className="screen-lead">{error.message}</p>
        <ol className="fix-steps">
          <li>
            <div>In the terminal where the browser host runs, find the line it printed when it started:</div>
            <div className="command-line">
              <code>clide web: http://{host}/#token=…</code>
            </div>
          </li>
          <li>
            <div>
              Open that exact link in this browser. The part after # is the access token: it is never sent to any server, and this tab keeps it when you reload.
            </div>
          </li>
          <li>
            <div>Every start of the host prints a new link; one from an earlier start no longer works.</div>
          </li>
        </ol>
      </div>
    </main>
  );
}
