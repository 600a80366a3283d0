// A session's git at a glance: on its tab (files changed, a dot for uncommitted changes, the
// branch and ahead/behind in the tooltip), in the status bar (the branch, the counts; a click
// opens the Changes panel), and the transcript toolbar's "Changes" button. A worktree's glance
// is pushed by the host as it changes; a session in a shared folder is asked once whether it
// is in a repository at all.
import { useEffect } from 'react';
import type { GitStatus } from '../../../../shared/git';
import { getApi } from '../../api';
import { formatCount } from '../../lib/count';
import { guarded } from '../../lib/guarded';
import { isShortcut, keyLabel, useWindowKeys } from '../../lib/shortcuts';
import { useSessionField } from '../../store/hooks';
import { clideStore } from '../../store/store';
import { VisibleText } from '../common/visible-text';
import { openChangesSoon as openChanges, toggleChangesSoon as toggleChanges } from '../changes/changes-parts';
import { changesStore, usePanel } from '../changes/changes-store';
import './worktree.css';

export const CHANGES_KEY_LABEL = keyLabel('G', { shift: true });

/** "3 files changed, 2 ahead and 1 behind main, uncommitted changes". */
export function glanceWords(s: GitStatus): string {
  const parts = [`${formatCount(s.filesChanged)} ${s.filesChanged === 1 ? 'file' : 'files'} changed`];
  if (s.ahead || s.behind) parts.push(`${s.ahead} ahead and ${s.behind} behind ${s.base}`);
  if (s.conflicted) parts.push(`${s.conflicted} conflicted`);
  if (s.uncommitted) parts.push('uncommitted changes');
  if (s.operation) parts.push(`a ${s.operation.kind} in progress`);
  return parts.join(', ');
}

/** Sessions whose shared folder is being asked about (the tab and the status bar ask at once). */
const probing = new Set<string>();

/** The glance a tab shows: the worktree's pushed one, or the probe of a shared folder. */
function useGlance(sessionId: string): { status?: GitStatus; isolated: boolean; inRepo: boolean } {
  const pushed = useSessionField(sessionId, (v) => v.gitStatus, undefined);
  const isolated = useSessionField(sessionId, (v) => v.worktree !== undefined, false);
  const probe = usePanel(sessionId, (p) => p.probe);
  useEffect(() => {
    if (isolated || pushed || probing.has(sessionId) || changesStore.getState().panels[sessionId]?.probe !== undefined) return;
    probing.add(sessionId);
    void guarded(() => getApi().git.status({ id: sessionId })).then((r) => {
      probing.delete(sessionId);
      if (clideStore.getState().sessions[sessionId]) changesStore.getState().update(sessionId, () => ({ probe: r.ok ? r.value : null }));
    });
  }, [sessionId, isolated, pushed]);
  const status = pushed ?? probe ?? undefined;
  return { status, isolated, inRepo: isolated || status !== undefined };
}

/** Beside the tab's name: files changed and a dot while something is uncommitted. */
export function TabGlance({ sessionId }: { sessionId: string }) {
  const status = useSessionField(sessionId, (v) => v.gitStatus, undefined);
  const branch = useSessionField(sessionId, (v) => v.worktree?.info.branch, undefined);
  if (!branch || !status) return null;
  return (
    <span
      className="tab-glance"
      data-uncommitted={status.uncommitted || undefined}
      data-conflict={status.conflicted > 0 || status.operation ? true : undefined}
    >
      <BranchGlyph />
      {status.filesChanged > 0 && <span className="tab-glance-count">{formatCount(status.filesChanged)}</span>}
      {status.uncommitted && <span className="tab-glance-dot" aria-hidden="true" />}
      <span className="visually-hidden">, {glanceWords(status)}</span>
    </span>
  );
}

/** The tab's tooltip line about its branch. */
export function tabGlanceTitle(branch: string | undefined, status: GitStatus | undefined): string {
  if (!branch) return '';
  return status ? ` · ${branch}: ${glanceWords(status)}` : ` · ${branch}`;
}

export function BranchGlyph() {
  return (
    <svg className="branch-glyph" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <circle cx="4.5" cy="3.5" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="4.5" cy="12.5" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <circle cx="11.5" cy="5" r="1.6" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M4.5 5.1v5.8M11.5 6.6c0 3-7 2.2-7 4.3" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

/** In the status bar: the branch and what changed; a click opens the Changes panel. */
export function GitStatusItem({ sessionId }: { sessionId: string }) {
  const { status, isolated } = useGlance(sessionId);
  const shared = useSessionField(sessionId, (v) => v.sharedTree !== undefined, false);
  if (!status) return null;
  const branch = status.branch ?? `detached at ${status.head.slice(0, 8)}`;
  return (
    <button
      type="button"
      className="sb-item sb-git"
      data-uncommitted={(isolated && status.uncommitted) || undefined}
      title={`${isolated ? 'Worktree of its own' : 'Shared folder'}: ${branch}${isolated ? ` · ${glanceWords(status)}` : ''}. Show the changes (${CHANGES_KEY_LABEL})`}
      onClick={() => openChanges(sessionId)}
    >
      <BranchGlyph />
      <span className="sb-git-branch">
        <VisibleText text={branch} />
      </span>
      {isolated && (
        <span className="sb-git-counts">
          {formatCount(status.filesChanged)} {status.filesChanged === 1 ? 'file' : 'files'}
          {(status.ahead > 0 || status.behind > 0) && ` ↑${status.ahead} ↓${status.behind}`}
          {status.uncommitted && <span className="tab-glance-dot" aria-label="uncommitted changes" />}
        </span>
      )}
      {shared && <span className="sb-git-shared">shared</span>}
    </button>
  );
}

/** The transcript toolbar's button; absent for a folder that is not in a repository. */
export function ChangesButton({ sessionId }: { sessionId: string }) {
  const { inRepo, status } = useGlance(sessionId);
  const open = usePanel(sessionId, (p) => p.open);
  if (!inRepo) return null;
  const n = status?.filesChanged ?? 0;
  return (
    <button
      type="button"
      className="toolbar-button"
      aria-pressed={open}
      onClick={() => toggleChanges(sessionId)}
      title={`What this session changed (${CHANGES_KEY_LABEL})`}
    >
      Changes{n > 0 ? ` · ${formatCount(n)}` : ''}
    </button>
  );
}

/** Ctrl/Cmd+Shift+G opens and closes the shown session's Changes panel; a closed tab's panel state goes with it. */
export function useChangesShortcut(): void {
  useEffect(
    () =>
      clideStore.subscribe((s, before) => {
        if (s.sessions === before.sessions) return;
        for (const id of Object.keys(changesStore.getState().panels)) if (!s.sessions[id]) changesStore.getState().forget(id);
      }),
    [],
  );
  useWindowKeys(toggleChangesOnKey);
}

function toggleChangesOnKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || e.isComposing || !isShortcut(e, 'g', { shift: true })) return;
  const s = clideStore.getState();
  if ((s.dialog && s.dialog !== 'inbox') || s.confirmClose || !s.activeId) return;
  e.preventDefault();
  toggleChanges(s.activeId);
}
