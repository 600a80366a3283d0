// Bringing an isolated session's work back, from its Changes panel: "Merge into <base>",
// "Create pull request" (or, when gh cannot, what to install or run), "Archive"; and while a
// merge or rebase it started is unfinished, a notice that says where, with its conflicts and
// Abort. Each action opens its own dialog.
import { useEffect, useState } from 'react';
import type { PullRequestCheck } from '../../../../shared/git';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { tildify } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { ArchiveDialog } from './archive-dialog';
import { MergeDialog } from './merge-dialog';
import { PullRequestDialog } from './pull-request-dialog';
import './worktree.css';

type Open = 'merge' | 'conflicts' | 'pr' | 'archive' | undefined;

export function WorktreeActions({ sessionId }: { sessionId: string }) {
  const base = useSessionField(sessionId, (v) => v.worktree?.info.base, undefined);
  const missing = useSessionField(sessionId, (v) => v.worktree?.state === 'missing', false);
  const operation = useSessionField(sessionId, (v) => v.gitStatus?.operation, undefined);
  const [open, setOpen] = useState<Open>();
  const [pr, setPr] = useState<PullRequestCheck | undefined>();

  // Whether gh can open a pull request is asked once per panel opening (it runs gh).
  useEffect(() => {
    let live = true;
    void guarded(() => getApi().worktree.prCheck({ id: sessionId })).then((r) => {
      if (live) setPr(r.ok ? r.value : { available: false, reason: r.error.message, hint: r.error.hint });
    });
    return () => {
      live = false;
    };
  }, [sessionId]);

  if (!base) return null;
  const prNote = pr && !pr.available ? `${pr.reason ?? 'A pull request cannot be created here.'}${pr.hint ? ` ${pr.hint}` : ''}` : undefined;
  return (
    <>
      <span className="wt-actions">
        <button
          type="button"
          className="btn btn-small"
          disabled={missing || operation !== undefined}
          onClick={() => setOpen('merge')}
          title={`Merge this branch into ${base} in the checkout it came from`}
        >
          Merge into <VisibleText text={base} />
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={missing || !pr?.available}
          onClick={() => setOpen('pr')}
          title={prNote ?? (pr ? 'Push the branch and open a pull request' : 'Checking the GitHub CLI…')}
        >
          Create pull request
        </button>
        <button
          type="button"
          className="btn btn-small"
          onClick={() => setOpen('archive')}
          title="Remove this worktree (and optionally its branch), then close the session"
        >
          Archive…
        </button>
      </span>
      {prNote && (
        <p className="wt-pr-note muted" title={prNote}>
          Pull request: <VisibleText text={prNote} />
        </p>
      )}
      {operation && <OperationNotice sessionId={sessionId} onShow={() => setOpen('conflicts')} />}
      {(open === 'merge' || open === 'conflicts') && <MergeDialog sessionId={sessionId} resume={open === 'conflicts'} onClose={() => setOpen(undefined)} />}
      {open === 'pr' && <PullRequestDialog sessionId={sessionId} onClose={() => setOpen(undefined)} />}
      {open === 'archive' && <ArchiveDialog sessionId={sessionId} onClose={() => setOpen(undefined)} />}
    </>
  );
}

/** A merge or rebase left unfinished: where, and the ways out. */
function OperationNotice({ sessionId, onShow }: { sessionId: string; onShow(): void }) {
  const operation = useSessionField(sessionId, (v) => v.gitStatus?.operation, undefined);
  const conflicted = useSessionField(sessionId, (v) => v.gitStatus?.conflicted ?? 0, 0);
  const home = useClide((s) => s.environment?.homeDir);
  const [error, setError] = useState<string | undefined>();
  if (!operation) return null;
  const abort = async () => {
    const r = await guarded(() => getApi().worktree.mergeAbort({ id: sessionId }));
    setError(r.ok ? undefined : r.error.message);
  };
  return (
    <div className="wt-operation" role="status">
      <span>
        A {operation.kind} is in progress in <VisibleText text={tildify(operation.checkout, home)} />
        {conflicted > 0 && operation.kind === 'rebase' ? ` (${conflicted} conflicted ${conflicted === 1 ? 'file' : 'files'})` : ''}. Nothing else can be merged
        until it is finished or aborted.
      </span>
      <span className="wt-operation-actions">
        <button type="button" className="btn btn-small" onClick={onShow}>
          Show conflicts
        </button>
        <button type="button" className="btn btn-small" onClick={() => void abort()}>
          Abort the {operation.kind}
        </button>
      </span>
      {error && <span className="wt-error">{error}</span>}
    </div>
  );
}
