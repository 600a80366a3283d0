// The files a merge back left conflicted, each with its diff (what came in, git's conflict
// markers and all, from the checkout the merge stopped in), and the message that asks Claude
// to resolve them in its own worktree.
import { useEffect, useState } from 'react';
import type { FileDiff, WorktreeInfo } from '../../../../shared/git';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { VisibleText } from '../common/visible-text';
import { hunksOfPatch } from '../changes/patch-lines';
import { DiffView } from '../transcript/diff-view';

/** Lines of a conflicted file's diff shown before "Show all". */
const PEEK = 60;

export function ConflictList({ sessionId, files }: { sessionId: string; files: string[] }) {
  const [diffs, setDiffs] = useState<FileDiff[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [all, setAll] = useState<Record<string, true>>({});
  useEffect(() => {
    let live = true;
    void guarded(() => getApi().worktree.conflictDiffs({ id: sessionId })).then((r) => {
      if (!live) return;
      if (r.ok) setDiffs(r.value.files);
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [sessionId, files.length]);
  return (
    <div className="wt-conflicts">
      <h3 className="modal-subtitle">
        Conflicted {files.length === 1 ? 'file' : 'files'} ({files.length})
      </h3>
      {error && <p className="modal-error">The diffs could not be read: {error}</p>}
      {files.map((f, i) => {
        const d = diffs?.find((x) => x.path === f);
        return (
          <details key={f} className="wt-conflict" open={i === 0}>
            <summary className="mono">
              <VisibleText text={f} />
            </summary>
            {!diffs && !error ? (
              <p className="muted">Reading…</p>
            ) : d && !d.binary ? (
              <div className="tool-diff">
                <DiffView hunks={hunksOfPatch(d.patch)} numbered limit={all[f] ? undefined : PEEK} onShowAll={() => setAll((a) => ({ ...a, [f]: true }))} />
              </div>
            ) : (
              <p className="muted">{d?.binary ? 'A binary file: keep one side or the other.' : 'No diff to show.'}</p>
            )}
          </details>
        );
      })}
    </div>
  );
}

/** What Claude is asked: resolve in its worktree (a merge there, since the checkout's was aborted), or finish the rebase. */
export function resolvePrompt(info: WorktreeInfo, c: { operation: 'merge' | 'rebase'; conflicts: string[] }): string {
  const list = c.conflicts.map((f) => `- ${f}`).join('\n');
  if (c.operation === 'merge') {
    return `Merging ${info.branch} into ${info.base} stopped on conflicts in these files:\n${list}\n\nThat merge was aborted in ${info.repoRoot}, which is unchanged. Please merge ${info.base} into this branch here in the worktree (\`git merge ${info.base}\`), resolve the conflicts in those files keeping what both sides meant, make sure the result builds and its tests pass, and commit the merge. I will merge into ${info.base} again afterwards.`;
  }
  return `Rebasing ${info.branch} onto ${info.base} stopped on conflicts in these files (the rebase is still in progress in this worktree):\n${list}\n\nPlease resolve the conflicts keeping what both sides meant, \`git add\` each file, and continue with \`GIT_EDITOR=true git rebase --continue\` until the rebase is done. Do not abort it.`;
}
