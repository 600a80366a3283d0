// "Merge into <base>": where it runs (the checkout the session came from) and how
// (fast-forward when possible, else a merge commit; or rebase first), then what happened. A
// refusal says why and names the files in the way. Conflicts are listed with their diffs, and
// never left without a way out: Abort, or "Ask Claude to resolve" in the session's worktree.
import { useEffect, useId, useState } from 'react';
import type { MergeResult } from '../../../../shared/git';
import type { AppError } from '../../../../shared/result';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { tildify } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { refreshChanges } from '../changes/changes-actions';
import { tellClaude } from '../changes/claude-draft';
import { Modal } from '../common/modal';
import { ConflictList, resolvePrompt } from './conflicts';
import { ErrorText } from './error-text';

type Conflicts = { operation: 'merge' | 'rebase'; checkout: string; conflicts: string[]; message: string };
type Phase = { at: 'ask' } | { at: 'running' } | { at: 'done'; result: MergeResult } | { at: 'error'; error: AppError };

export function MergeDialog({ sessionId, resume, onClose }: { sessionId: string; resume?: boolean; onClose(): void }) {
  const titleId = useId();
  const info = useSessionField(sessionId, (v) => v.worktree?.info, undefined);
  const uncommitted = useSessionField(sessionId, (v) => v.gitStatus?.uncommitted === true, false);
  const ahead = useSessionField(sessionId, (v) => v.gitStatus?.ahead, undefined);
  const home = useClide((s) => s.environment?.homeDir);
  const [strategy, setStrategy] = useState<'merge' | 'rebase'>('merge');
  const [phase, setPhase] = useState<Phase>(resume ? { at: 'running' } : { at: 'ask' });

  // Opened on an unfinished merge: show its conflicts as a merge that stopped would.
  useEffect(() => {
    if (!resume) return;
    void guarded(() => getApi().worktree.mergeState({ id: sessionId })).then((r) => {
      if (!r.ok) return setPhase({ at: 'error', error: r.error });
      const op = r.value.operation;
      if (!op) return setPhase({ at: 'done', result: { outcome: 'up-to-date', checkout: info?.repoRoot ?? '' } });
      setPhase({
        at: 'done',
        result: {
          outcome: 'conflicts',
          operation: op.kind,
          checkout: op.checkout,
          conflicts: op.conflicts,
          message: `A ${op.kind} is in progress in ${op.checkout}.`,
        },
      });
    });
  }, [resume, sessionId, info?.repoRoot]);

  if (!info) return null;
  const merge = async () => {
    setPhase({ at: 'running' });
    const r = await guarded(() => getApi().worktree.merge({ id: sessionId, strategy }));
    setPhase(r.ok ? { at: 'done', result: r.value } : { at: 'error', error: r.error });
    void refreshChanges(sessionId);
  };
  const where = tildify(info.repoRoot, home);

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="wt-dialog">
      <h2 id={titleId} className="modal-title">
        Merge <VisibleText text={info.branch} /> into <VisibleText text={info.base} />
      </h2>
      {phase.at === 'ask' && (
        <>
          <p className="wt-lead">
            In{' '}
            <span className="mono">
              <VisibleText text={where} />
            </span>
            , the checkout this session came from. Only commits are merged
            {ahead !== undefined ? ` (${ahead} on this branch)` : ''}.
          </p>
          {uncommitted && <p className="wt-warn">The worktree has changes that are not committed: they stay behind. Commit them first to bring them along.</p>}
          <fieldset className="field">
            <legend className="field-label">How</legend>
            <div className="choice-list">
              <label className="choice">
                <input type="radio" name="merge-strategy" checked={strategy === 'merge'} onChange={() => setStrategy('merge')} />
                <span>
                  Merge <span className="field-help"> · a fast-forward when {info.base} has not moved, else a merge commit</span>
                </span>
              </label>
              <label className="choice">
                <input type="radio" name="merge-strategy" checked={strategy === 'rebase'} onChange={() => setStrategy('rebase')} />
                <span>
                  Rebase, then fast-forward{' '}
                  <span className="field-help"> · the branch's commits replayed on {info.base} in the worktree, for a straight history</span>
                </span>
              </label>
            </div>
          </fieldset>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="btn btn-primary" onClick={() => void merge()}>
              Merge into <VisibleText text={info.base} />
            </button>
          </div>
        </>
      )}
      {phase.at === 'running' && <p className="muted">{resume ? 'Reading the merge…' : 'Merging…'}</p>}
      {phase.at === 'error' && (
        <>
          <ErrorText error={phase.error} />
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
      {phase.at === 'done' &&
        (phase.result.outcome === 'conflicts' ? (
          <ConflictsView sessionId={sessionId} result={phase.result} onClose={onClose} />
        ) : (
          <Outcome result={phase.result} base={info.base} where={where} onClose={onClose} />
        ))}
    </Modal>
  );
}

function Outcome({ result, base, where, onClose }: { result: Exclude<MergeResult, { outcome: 'conflicts' }>; base: string; where: string; onClose(): void }) {
  const short = 'commit' in result ? result.commit.slice(0, 8) : '';
  const text =
    result.outcome === 'fast-forward'
      ? `${base} was fast-forwarded to ${short} in ${where}.`
      : result.outcome === 'merge-commit'
        ? `Merged into ${base} with the merge commit ${short} in ${where}.`
        : result.outcome === 'rebased'
          ? `Rebased onto ${base}, then ${base} was fast-forwarded to ${short} in ${where}.`
          : result.outcome === 'up-to-date'
            ? `${base} already has every commit of this branch: nothing to merge.`
            : result.message;
  return (
    <>
      <p className={result.outcome === 'refused' ? 'wt-warn' : 'wt-ok'} role={result.outcome === 'refused' ? 'alert' : 'status'}>
        {result.outcome === 'refused' && <strong>Not merged. </strong>}
        <VisibleText text={text} />
      </p>
      {result.outcome === 'refused' && result.files && result.files.length > 0 && (
        <ul className="wt-files mono" aria-label="Files in the way">
          {result.files.slice(0, 50).map((f) => (
            <li key={f}>
              <VisibleText text={f} />
            </li>
          ))}
          {result.files.length > 50 && <li className="muted">and {result.files.length - 50} more</li>}
        </ul>
      )}
      {result.outcome === 'merge-commit' && result.output && (
        <details>
          <summary>What git printed</summary>
          <pre className="wt-output mono">
            <VisibleText text={result.output} />
          </pre>
        </details>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </>
  );
}

function ConflictsView({ sessionId, result, onClose }: { sessionId: string; result: Conflicts; onClose(): void }) {
  const info = useSessionField(sessionId, (v) => v.worktree?.info, undefined);
  const home = useClide((s) => s.environment?.homeDir);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (!info) return null;
  const abort = async () => {
    setBusy(true);
    const r = await guarded(() => getApi().worktree.mergeAbort({ id: sessionId }));
    setBusy(false);
    if (r.ok) onClose();
    else setError(r.error.message);
  };
  const askClaude = async () => {
    setBusy(true);
    setError(undefined);
    // A merge stopped in the checkout is aborted first: Claude works in its worktree, and the
    // checkout is never left half merged. A rebase stopped in the worktree is Claude's to finish.
    if (result.operation === 'merge') {
      const a = await guarded(() => getApi().worktree.mergeAbort({ id: sessionId }));
      if (!a.ok) {
        setBusy(false);
        return setError(`The merge could not be aborted, so Claude was not asked: ${a.error.message}`);
      }
    }
    const r = await tellClaude(sessionId, resolvePrompt(info, result));
    setBusy(false);
    if (r.ok) onClose();
    else setError(r.error.message);
  };
  return (
    <>
      <p className="wt-warn" role="alert">
        <VisibleText text={result.message} />
      </p>
      <p className="muted">
        {result.operation === 'merge'
          ? `“Ask Claude to resolve” aborts the merge first, so ${tildify(result.checkout, home)} is left as it was, then asks Claude to merge ${info.base} into its branch in the worktree and resolve the conflicts there; merge again when it is done.`
          : '“Ask Claude to resolve” asks Claude to resolve the conflicts and finish the rebase in its worktree.'}
      </p>
      <ConflictList sessionId={sessionId} files={result.conflicts} />
      {error && (
        <p className="modal-error" role="alert">
          <VisibleText text={error} />
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose} disabled={busy} title="Close this; the notice in the Changes panel keeps the way back">
          Leave it for now
        </button>
        <button type="button" className="btn" onClick={() => void abort()} disabled={busy}>
          Abort the {result.operation}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => void askClaude()} disabled={busy}>
          Ask Claude to resolve
        </button>
      </div>
    </>
  );
}
