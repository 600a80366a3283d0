// The file the person picked in the Changes panel: its name (a rename says from where), where
// its change sits, the file's actions (revert, stage, unstage), which diff is shown (against
// the base, staged, unstaged) and the diff itself. Binary files and pure renames say so; a large
// diff waits collapsed until asked for; a cut one can be loaded in full.
import { useMemo, useState } from 'react';
import type { ChangedFile, DiffScope, FileDiff } from '../../../../shared/git';
import { formatCount } from '../../lib/count';
import { VisibleText } from '../common/visible-text';
import { expandDiff, loadDiff, revert, scopesOf, setScope, stage, unstage, type HunkArg } from './changes-actions';
import { diffKey, useChanges, usePanel } from './changes-store';
import { DiffLines } from './diff-lines';
import type { CommentDraft } from './diff-rows';
import { kindOf, whereOf } from './file-groups';
import { hunksOfPatch, type PatchHunk } from './patch-lines';

const scopeLabel: Record<DiffScope, string> = { base: 'All changes', staged: 'Staged', unstaged: 'Unstaged' };
const NO_COMMENTS: never[] = [];

export function DiffPane({ sessionId, baseLabel }: { sessionId: string; baseLabel: string }) {
  const path = usePanel(sessionId, (p) => p.selected);
  const file = usePanel(sessionId, (p) => p.changes?.files.find((f) => f.path === p.selected));
  if (!path || !file) return <div className="cd-pane cd-empty muted">Pick a file to see its changes.</div>;
  // Keyed by file: a comment being written belongs to the file it was started on.
  return <FileDiffPane key={path} sessionId={sessionId} file={file} baseLabel={baseLabel} />;
}

function FileDiffPane({ sessionId, file, baseLabel }: { sessionId: string; file: ChangedFile; baseLabel: string }) {
  const scope = usePanel(sessionId, (p) => p.scope);
  const entry = usePanel(sessionId, (p) => p.diffs[diffKey(p.scope, file.path)]);
  const expanded = usePanel(sessionId, (p) => p.expanded[file.path] === true);
  const allComments = usePanel(sessionId, (p) => p.comments);
  const counted = usePanel(sessionId, (p) => p.changes?.counted !== false);
  const layout = useChanges((s) => s.layout);
  const [draft, setDraft] = useState<CommentDraft | undefined>();
  const [busy, setBusy] = useState(false);
  const comments = useMemo(() => (scope === 'base' ? allComments.filter((c) => c.path === file.path) : NO_COMMENTS), [allComments, file.path, scope]);
  const diff = entry?.diff;
  const hunks = useMemo(() => (diff ? hunksOfPatch(diff.patch) : []), [diff]);
  const scopes = scopesOf(file);
  const { word } = kindOf(file);

  const run = async (f: () => Promise<unknown>) => {
    setBusy(true);
    await f();
    setBusy(false);
  };
  const ref = (h: PatchHunk): HunkArg | undefined => {
    const known = diff?.hunks[h.index];
    // Only a hunk the core listed with the same header, and never one a cut patch ends inside.
    if (!known || known.header !== h.header || (diff?.truncated && h.index === hunks.length - 1)) return undefined;
    return { index: known.index, digest: known.digest };
  };
  const hunkActions = (h: PatchHunk) => {
    const hunk = ref(h);
    if (!hunk || file.untracked || file.binary || file.kind === 'conflicted') return null;
    return (
      <>
        {scope === 'unstaged' && (
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void run(() => stage(sessionId, file.path, hunk))}>
            Stage
          </button>
        )}
        {scope === 'staged' && (
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void run(() => unstage(sessionId, file.path, hunk))}>
            Unstage
          </button>
        )}
        {scope !== 'staged' && (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            title={`Take this change back (to ${scope === 'base' ? baseLabel : 'the staged version'})`}
            onClick={() => void run(() => revert(sessionId, file.path, hunk, scope))}
          >
            Revert
          </button>
        )}
      </>
    );
  };

  return (
    <section className="cd-pane" aria-label={`Diff of ${file.path}`}>
      <header className="cd-file-head">
        <div className="cd-file-name mono">
          <VisibleText text={file.path} />
          {file.oldPath && (
            <span className="cd-file-from">
              {' '}
              ← <VisibleText text={file.oldPath} />
            </span>
          )}
        </div>
        <div className="cd-file-meta">
          <span className={`cd-kind is-${file.kind}`}>{word}</span>
          {counted && !file.binary && (
            <span className="cd-counts">
              <span className="cd-plus">+{formatCount(file.added)}</span> <span className="cd-minus">−{formatCount(file.removed)}</span>
            </span>
          )}
          <span className="muted">{whereOf(file)}</span>
          <span className="cd-file-actions">
            {(file.unstaged || file.untracked || file.kind === 'conflicted') && (
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                onClick={() => void run(() => stage(sessionId, file.path))}
                title={file.kind === 'conflicted' ? 'Mark the conflict resolved' : 'Stage the whole file'}
              >
                Stage file
              </button>
            )}
            {file.staged && (
              <button type="button" className="btn btn-small" disabled={busy} onClick={() => void run(() => unstage(sessionId, file.path))}>
                Unstage file
              </button>
            )}
            {file.kind !== 'conflicted' && (
              <button
                type="button"
                className="btn btn-small"
                disabled={busy}
                title={
                  file.untracked
                    ? 'Delete this new file (Undo brings it back while the panel is open)'
                    : `Put the file back as it is in ${baseLabel} (Undo while the panel is open)`
                }
                onClick={() => void run(() => revert(sessionId, file.path))}
              >
                {file.untracked || file.kind === 'added' ? 'Delete file' : 'Revert file'}
              </button>
            )}
          </span>
        </div>
        {scopes.length > 1 && (
          <div className="segmented cd-scopes" role="radiogroup" aria-label="Which changes">
            {scopes.map((s) => (
              <label key={s} className="segment" data-checked={scope === s || undefined}>
                <input type="radio" name={`scope-${sessionId}`} checked={scope === s} onChange={() => setScope(sessionId, s)} />
                {scopeLabel[s]}
              </label>
            ))}
          </div>
        )}
      </header>
      <DiffBody
        diff={diff}
        loading={entry?.loading ?? true}
        error={entry?.error?.message}
        file={file}
        expanded={expanded}
        onExpand={() => expandDiff(sessionId, file.path)}
        onFull={() => void loadDiff(sessionId, file.path, scope, { full: true })}
        onRetry={() => void loadDiff(sessionId, file.path, scope, { force: true })}
      >
        <DiffLines
          sessionId={sessionId}
          path={file.path}
          hunks={hunks}
          layout={layout}
          comments={comments}
          commentable={scope === 'base' && !file.binary}
          draft={draft}
          onDraft={setDraft}
          hunkActions={hunkActions}
        />
      </DiffBody>
    </section>
  );
}

interface BodyProps {
  diff: FileDiff | undefined;
  loading: boolean;
  error: string | undefined;
  file: ChangedFile;
  expanded: boolean;
  onExpand(): void;
  onFull(): void;
  onRetry(): void;
  children: React.ReactNode;
}

function DiffBody({ diff, loading, error, file, expanded, onExpand, onFull, onRetry, children }: BodyProps) {
  if (error && !diff) {
    return (
      <div className="cd-state" role="alert">
        The diff could not be read: {error}{' '}
        <button type="button" className="btn btn-small" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (!diff) return <div className="cd-state muted">{loading ? 'Reading the diff…' : 'No diff.'}</div>;
  if (diff.binary || file.binary) return <div className="cd-state muted">Binary file: there is no text diff to show.</div>;
  if (!diff.patch.includes('\n@@')) {
    return (
      <div className="cd-state muted">
        {file.oldPath ? `Renamed from ${file.oldPath}; the content is unchanged.` : 'No line changes (only the file mode or type changed).'}
      </div>
    );
  }
  if (diff.large && !expanded) {
    return (
      <div className="cd-state">
        <p>This diff is large: {formatCount(diff.lines)} lines.</p>
        <button type="button" className="btn btn-small" onClick={onExpand}>
          Show the diff
        </button>
      </div>
    );
  }
  return (
    <>
      {diff.truncated && (
        <div className="cd-cut">
          The diff was cut to keep the panel quick.{' '}
          <button type="button" className="link-button" onClick={onFull}>
            Load all of it
          </button>
        </div>
      )}
      {children}
    </>
  );
}
