// "Archive": remove the session's worktree (and, if asked, its branch), then close the session.
// When that would lose work the core refuses with the exact list (uncommitted files, commits
// no base or remote has); it goes ahead only once the person confirms that very list.
import { useId, useState } from 'react';
import type { ArchiveLosses } from '../../../../shared/git';
import type { AppError } from '../../../../shared/result';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { tildify } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { Modal } from '../common/modal';
import { ErrorText } from './error-text';

export function ArchiveDialog({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const titleId = useId();
  const info = useSessionField(sessionId, (v) => v.worktree?.info, undefined);
  const home = useClide((s) => s.environment?.homeDir);
  const [deleteBranch, setDeleteBranch] = useState(false);
  const [losses, setLosses] = useState<{ list: ArchiveLosses; token: string; deleteBranch: boolean } | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  if (!info) return null;

  const archive = async (confirm?: string) => {
    setBusy(true);
    setError(undefined);
    const r = await guarded(() =>
      getApi().worktree.archive({ id: sessionId, ...(deleteBranch ? { deleteBranch: true } : {}), ...(confirm ? { confirm } : {}) }),
    );
    setBusy(false);
    if (!r.ok) return setError(r.error);
    // Archived: the host closes the session (and this dialog with its tab).
    if (r.value.outcome === 'archived') return onClose();
    setLosses({ list: r.value.losses, token: r.value.confirm, deleteBranch });
  };
  const shown = losses && losses.deleteBranch === deleteBranch ? losses : undefined;

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="wt-dialog">
      <h2 id={titleId} className="modal-title">
        Archive this worktree
      </h2>
      <p className="wt-lead">
        Removes{' '}
        <span className="mono">
          <VisibleText text={tildify(info.worktreeDir, home)} />
        </span>{' '}
        and closes this session. The conversation stays in History.
      </p>
      <label className="choice">
        <input type="checkbox" checked={deleteBranch} onChange={(e) => setDeleteBranch(e.target.checked)} disabled={busy} />
        <span>
          Also delete the branch{' '}
          <span className="mono">
            <VisibleText text={info.branch} />
          </span>
        </span>
      </label>
      {shown && <LossList losses={shown.list} />}
      {error && <ErrorText error={error} />}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy}>
          Cancel
        </button>
        {shown ? (
          <button type="button" className="btn btn-danger" onClick={() => void archive(shown.token)} disabled={busy}>
            Lose these and archive
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={() => void archive()} disabled={busy}>
            {busy ? 'Checking…' : 'Archive'}
          </button>
        )}
      </div>
    </Modal>
  );
}

function LossList({ losses }: { losses: ArchiveLosses }) {
  return (
    <div className="wt-losses" role="alert">
      <p>
        <strong>This would lose work.</strong> Nothing has been removed. Archiving now loses exactly:
      </p>
      {losses.uncommitted.length > 0 && (
        <>
          <h3 className="modal-subtitle">
            {losses.uncommitted.length} uncommitted {losses.uncommitted.length === 1 ? 'file' : 'files'}
          </h3>
          <ul className="wt-files mono">
            {losses.uncommitted.map((f) => (
              <li key={f}>
                <VisibleText text={f} />
              </li>
            ))}
          </ul>
        </>
      )}
      {losses.commits.length > 0 && (
        <>
          <h3 className="modal-subtitle">
            {losses.commits.length} {losses.commits.length === 1 ? 'commit' : 'commits'} in no other branch or remote
          </h3>
          <ul className="wt-files">
            {losses.commits.map((c) => (
              <li key={c.commit}>
                <span className="mono">{c.commit.slice(0, 8)}</span> <VisibleText text={c.subject} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
