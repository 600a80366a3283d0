// The Changes panel of one session, docked beside its transcript: every file that differs from
// the base, the diff of the one picked, review comments sent to Claude as one message, commit,
// and for a worktree of its own, bringing the work back (merge, pull request, archive). It
// lists the files first and reads each diff when it is looked at, and reads them again when
// the session's watcher says files changed (debounced), never on a timer.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { formatCount } from '../../lib/count';
import { useSessionField } from '../../store/hooks';
import { isTurnRunning } from '../../store/selectors';
import { VisibleText } from '../common/visible-text';
import { WorktreeActions } from '../worktree/worktree-actions';
import { closeChanges, refreshChanges, sendReview, undoRevert } from './changes-actions';
import { useChanges, usePanel } from './changes-store';
import { CommitBox } from './commit-box';
import { DiffPane } from './diff-pane';
import { FileList } from './file-list';
import './changes.css';

/** Quiet time after a git-status event before the list is read again. */
const REFRESH_MS = 250;

/** Read the list again when the watcher says files changed, or a turn ended (debounced). */
function useRefreshOnChange(sessionId: string): void {
  const seenAt = useSessionField(sessionId, (v) => v.gitStatus?.at, undefined);
  const running = useSessionField(sessionId, (v) => isTurnRunning(v), false);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const t = setTimeout(() => void refreshChanges(sessionId), REFRESH_MS);
    return () => clearTimeout(t);
  }, [sessionId, seenAt, running]);
}

/** The open panel: a part loaded when Changes first opens (app.tsx shows it while it is open). */
export function ChangesPanel({ sessionId }: { sessionId: string }) {
  const titleId = useId();
  useRefreshOnChange(sessionId);
  const worktree = useSessionField(sessionId, (v) => v.worktree, undefined);
  const status = useSessionField(sessionId, (v) => v.gitStatus, undefined);
  const live = useSessionField(sessionId, (v) => v.status !== 'ended' && v.status !== 'failed', false);
  const changes = usePanel(sessionId, (p) => p.changes);
  const listing = usePanel(sessionId, (p) => p.listing);
  const listError = usePanel(sessionId, (p) => p.listError);
  const notice = usePanel(sessionId, (p) => p.notice);
  const undo = usePanel(sessionId, (p) => p.undo);
  const comments = usePanel(sessionId, (p) => p.comments.length);
  const layout = useChanges((s) => s.layout);
  const setLayout = useChanges((s) => s.setLayout);
  const ref = useRef<HTMLElement>(null);
  const branch = worktree?.info.branch ?? status?.branch;
  const base = changes?.base ?? worktree?.info.base ?? 'HEAD';

  useEffect(() => {
    // Opening moves focus into the panel (the file list), so the keys work at once.
    const el = ref.current?.querySelector<HTMLElement>('.cf-row[tabindex="0"], .changes-close');
    el?.focus({ preventScroll: true });
  }, [changes !== undefined]); // eslint-disable-line react-hooks/exhaustive-deps -- once, when the list first arrives

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    const t = e.target as HTMLElement;
    if (t.closest('textarea, input, dialog')) return;
    e.preventDefault();
    closeChanges(sessionId);
  };

  return (
    <aside className={`changes-panel is-${layout}`} ref={ref} aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <header className="changes-head">
        <h2 id={titleId}>Changes</h2>
        <span className="changes-where mono">
          {branch ? (
            <>
              <VisibleText text={branch} /> <span className="muted">→</span> <VisibleText text={base} />
            </>
          ) : (
            <span className="muted">against {base === 'HEAD' ? 'the last commit' : base}</span>
          )}
        </span>
        {changes && (
          <span className="changes-totals">
            {formatCount(changes.totals.files)} {changes.totals.files === 1 ? 'file' : 'files'}
            {changes.counted !== false && (
              <>
                {' '}
                <span className="cd-plus">+{formatCount(changes.totals.added)}</span> <span className="cd-minus">−{formatCount(changes.totals.removed)}</span>
              </>
            )}
            {status && worktree && (status.ahead > 0 || status.behind > 0) && (
              <span className="muted" title={`${status.ahead} commits ahead of ${base}, ${status.behind} behind`}>
                {' '}
                · ↑{status.ahead} ↓{status.behind}
              </span>
            )}
          </span>
        )}
        <span className="changes-spacer" />
        <div className="segmented changes-layout" role="radiogroup" aria-label="Diff layout">
          {(['unified', 'split'] as const).map((l) => (
            <label key={l} className="segment" data-checked={layout === l || undefined}>
              <input type="radio" name={`layout-${sessionId}`} checked={layout === l} onChange={() => setLayout(l)} />
              {l === 'unified' ? 'Unified' : 'Side by side'}
            </label>
          ))}
        </div>
        <button type="button" className="btn btn-small" onClick={() => void refreshChanges(sessionId)} disabled={listing} title="Read the files again">
          {listing ? 'Reading…' : 'Refresh'}
        </button>
        <button
          type="button"
          className="icon-button changes-close"
          aria-label="Close the Changes panel"
          title="Close (Esc)"
          onClick={() => closeChanges(sessionId)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="changes-bar">
        <button
          type="button"
          className="btn btn-small btn-primary"
          disabled={comments === 0 || !live}
          title={comments === 0 ? 'Comment on lines first (the + beside a line)' : 'Send every comment to Claude as one message'}
          onClick={() => void sendReview(sessionId)}
        >
          Send review{comments > 0 ? ` (${comments})` : ''}
        </button>
        {worktree && <WorktreeActions sessionId={sessionId} />}
      </div>
      {notice && (
        <div className={`changes-notice is-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          <VisibleText text={notice.text} />
          {notice.detail && (
            <details className="changes-detail">
              <summary>Output</summary>
              <pre className="mono">
                <VisibleText text={notice.detail} />
              </pre>
            </details>
          )}
        </div>
      )}
      {undo.length > 0 && (
        <ul className="changes-undo" aria-label="Undo">
          {undo.slice(0, 3).map((u) => (
            <li key={u.token}>
              <VisibleText text={u.label} />
              <button type="button" className="link-button" onClick={() => void undoRevert(sessionId, u.token)}>
                Undo
              </button>
            </li>
          ))}
        </ul>
      )}
      {listError && !changes ? (
        <div className="changes-empty" role="alert">
          <p>The changes could not be read: {listError.message}</p>
          {listError.hint && <p className="muted">{listError.hint}</p>}
          <button type="button" className="btn btn-small" onClick={() => void refreshChanges(sessionId)}>
            Try again
          </button>
        </div>
      ) : !changes ? (
        <div className="changes-empty muted">Reading the changes…</div>
      ) : changes.files.length === 0 ? (
        <div className="changes-empty muted">No changes against {base === 'HEAD' ? 'the last commit' : base} yet.</div>
      ) : (
        <div className="changes-body">
          <div className="changes-files">
            <FileList sessionId={sessionId} branch={branch} />
            <CommitBox sessionId={sessionId} canDraft={live} />
          </div>
          <DiffPane sessionId={sessionId} baseLabel={base} />
        </div>
      )}
    </aside>
  );
}
