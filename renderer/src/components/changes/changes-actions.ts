// What the Changes panel asks of the host: the file list first, then a diff per file as it is
// looked at (never every diff at once: 500 files must open at once), and the edits (revert
// with undo, stage, unstage, commit, send review). Every call returns a Result and never
// throws; what changed goes into the panel's store. A list that comes back drops the diffs of
// files that changed since they were fetched.
import type { ChangedFile, Changes, DiffScope, ReviewComment } from '../../../../shared/git';
import type { Result } from '../../../../shared/result';
import type { AppError } from '../../../../shared/result';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { sectionsOf } from './file-groups';
import { changesStore, diffKey, panelOf, sameState, signatureOf, type PanelNotice, type PanelState, type ReviewDraft } from './changes-store';

/** A hunk as the panel last showed it: its position and digest (an edit of a changed hunk is refused). */
export type HunkArg = { index: number; digest: string };

const update = (id: string, f: (p: PanelState) => Partial<PanelState>) => changesStore.getState().update(id, f);

export function fileOf(id: string, path: string): ChangedFile | undefined {
  return panelOf(id).changes?.files.find((f) => f.path === path);
}

/** The scopes a file has a diff in: against the base always; staged and unstaged when it has them. */
export function scopesOf(f: ChangedFile | undefined): DiffScope[] {
  if (!f) return ['base'];
  const out: DiffScope[] = ['base'];
  if (f.staged) out.push('staged');
  if (f.unstaged) out.push('unstaged');
  return out;
}

export function openChanges(id: string): void {
  const wasOpen = panelOf(id).open;
  update(id, () => ({ open: true }));
  if (!wasOpen) void refreshChanges(id);
}

/** Closing ends the undos made while it was open; comments stay until sent or removed. */
export function closeChanges(id: string): void {
  update(id, () => ({ open: false, undo: [], notice: undefined }));
}

export function toggleChanges(id: string): void {
  if (panelOf(id).open) closeChanges(id);
  else openChanges(id);
}

const listing = new Map<string, { again: boolean; done: Promise<void> }>();

/** List the files again (one at a time per session: a request while one runs runs once after it). */
export function refreshChanges(id: string): Promise<void> {
  const running = listing.get(id);
  if (running) {
    running.again = true;
    return running.done;
  }
  const entry = { again: false, done: Promise.resolve() };
  entry.done = (async () => {
    try {
      do {
        entry.again = false;
        await listOnce(id);
      } while (entry.again && panelOf(id).open);
    } finally {
      listing.delete(id);
    }
  })();
  listing.set(id, entry);
  return entry.done;
}

async function listOnce(id: string): Promise<void> {
  update(id, () => ({ listing: true }));
  // Opening: the list without its line counts first (counting diffs every file), then the first
  // file's diff, then the counts. Once the panel has a list, it is read again with its counts.
  const quick = panelOf(id).changes === undefined;
  const r = await guarded(() => getApi().git.changes(quick ? { id, counts: false } : { id }));
  if (!r.ok) {
    update(id, () => ({ listing: false, listError: r.error }));
    return;
  }
  const uncounted = r.value.counted === false;
  applyList(id, r.value, uncounted);
  const p = panelOf(id);
  // The file on screen is read again even when its counts stayed (its lines may not have).
  if (p.selected) await loadDiff(id, p.selected, p.scope, { force: true });
  if (!uncounted) return;
  // After the diff, not beside it: counting is the heavy part, and the diff is what is looked at.
  const counted = await guarded(() => getApi().git.changes({ id }));
  // Without them the list stands as it is (counts missing); the next refresh tries again.
  if (!counted.ok) return update(id, () => ({ listing: false }));
  applyList(id, counted.value, false);
  const after = panelOf(id);
  // A file that changed between the two lists shows its new state.
  if (after.selected) await loadDiff(id, after.selected, after.scope);
}

/** Take a list into the panel; `listing` stays on while its counts are still to come. */
function applyList(id: string, changes: Changes, uncounted: boolean): void {
  const files = changes.files;
  const byPath = new Map(files.map((f) => [f.path, f]));
  update(id, (p) => {
    // Diffs of files that changed (or went away) since they were fetched are dropped; the rest
    // take the new list's signature (one made without counts gets them).
    const diffs: PanelState['diffs'] = {};
    for (const [key, d] of Object.entries(p.diffs)) {
      const f = byPath.get(key.slice(key.indexOf('\u0000') + 1));
      const now = f && signatureOf(f, !uncounted);
      if (now !== undefined && sameState(d.signature, now)) diffs[key] = { ...d, signature: uncounted ? d.signature : now };
    }
    // The first file as the list shows it (conflicts, then what is not committed, then the rest).
    const selected = p.selected && byPath.has(p.selected) ? p.selected : sectionsOf(files)[0]?.files[0]?.path;
    const scope = selected && scopesOf(byPath.get(selected)).includes(p.scope) && selected === p.selected ? p.scope : 'base';
    return { changes, listing: uncounted, listError: undefined, diffs, selected, scope };
  });
}

export function selectFile(id: string, path: string): void {
  update(id, (p) => ({ selected: path, scope: p.selected === path ? p.scope : 'base' }));
  void loadDiff(id, path, panelOf(id).scope);
}

export function setScope(id: string, scope: DiffScope): void {
  update(id, () => ({ scope }));
  const p = panelOf(id);
  if (p.selected) void loadDiff(id, p.selected, scope);
}

/** Fetch one file's diff (kept until the file changes); `full` asks past the panel's size limit. */
export async function loadDiff(id: string, path: string, scope: DiffScope, opts: { force?: boolean; full?: boolean } = {}): Promise<void> {
  const f = fileOf(id, path);
  if (!f) return;
  const key = diffKey(scope, path);
  const signature = signatureOf(f, panelOf(id).changes?.counted !== false);
  const have = panelOf(id).diffs[key];
  if (have && sameState(have.signature, signature) && !opts.force && !opts.full && (have.diff || have.loading)) return;
  update(id, (p) => ({ diffs: { ...p.diffs, [key]: { ...p.diffs[key], loading: true, signature } } }));
  const r = await guarded(() =>
    getApi().git.diff({
      id,
      scope,
      full: opts.full || undefined,
      // Against the commit the list was made against: the same diff, two git commands fewer.
      baseCommit: scope === 'base' ? panelOf(id).changes?.baseCommit : undefined,
      files: [{ path, ...(f.oldPath ? { oldPath: f.oldPath } : {}), ...(f.untracked ? { untracked: true } : {}) }],
    }),
  );
  update(id, (p) => {
    // A newer listing may have changed the file meanwhile: keep the answer only for the same
    // state (the counts a list brought since do not make it another).
    const now = p.diffs[key]?.signature;
    if (now === undefined || !sameState(now, signature)) return {};
    const entry = r.ok
      ? { diff: r.value.files[0], loading: false, signature: now }
      : { error: r.error, loading: false, signature: now, diff: p.diffs[key]?.diff };
    return { diffs: { ...p.diffs, [key]: entry } };
  });
}

export function expandDiff(id: string, path: string): void {
  update(id, (p) => ({ expanded: { ...p.expanded, [path]: true } }));
}

function say(id: string, notice: PanelNotice | undefined): void {
  update(id, () => ({ notice }));
}

function sayError(id: string, what: string, error: AppError): void {
  say(id, { tone: 'error', text: `${what}: ${error.message}${error.hint ? ` ${error.hint}` : ''}`, detail: error.detail });
}

/** After an edit: the list (and the file on screen) again. */
async function edited<T>(id: string, what: string, r: Result<T>): Promise<Result<T>> {
  if (!r.ok) sayError(id, what, r.error);
  await refreshChanges(id);
  return r;
}

export async function revert(id: string, path: string, hunk?: HunkArg, scope?: 'base' | 'unstaged'): Promise<Result<unknown>> {
  const r = await guarded(() => getApi().git.revert({ id, path, ...(hunk ? { hunk } : {}), ...(scope ? { scope } : {}) }));
  if (r.ok) {
    const label = hunk ? `Reverted a change in ${path}` : `Reverted ${path}`;
    update(id, (p) => ({ undo: [{ token: r.value.undo, label }, ...p.undo].slice(0, 20), notice: undefined }));
  }
  return edited(id, hunk ? 'The change could not be reverted' : `${path} could not be reverted`, r);
}

export async function undoRevert(id: string, token: string): Promise<Result<unknown>> {
  const r = await guarded(() => getApi().git.undo({ id, token }));
  if (r.ok) update(id, (p) => ({ undo: p.undo.filter((u) => u.token !== token), notice: undefined }));
  return edited(id, 'Undo failed', r);
}

export async function stage(id: string, path: string, hunk?: HunkArg): Promise<Result<unknown>> {
  const r = await guarded(() => getApi().git.stage({ id, path, ...(hunk ? { hunk } : {}) }));
  return edited(id, `${path} could not be staged`, r);
}

export async function unstage(id: string, path: string, hunk?: HunkArg): Promise<Result<unknown>> {
  const r = await guarded(() => getApi().git.unstage({ id, path, ...(hunk ? { hunk } : {}) }));
  return edited(id, `${path} could not be unstaged`, r);
}

export async function commit(id: string, message: string, all: boolean): Promise<Result<{ commit: string; output: string }>> {
  say(id, undefined);
  const r = await guarded(() => getApi().git.commit({ id, message, ...(all ? { all: true } : {}) }));
  if (r.ok) say(id, { tone: 'ok', text: `Committed ${r.value.commit.slice(0, 8)}.`, detail: r.value.output || undefined });
  return edited(id, 'Not committed', r);
}

// ---- review comments ------------------------------------------------------------------------

let nextComment = 0;

export function addComment(id: string, draft: Omit<ReviewDraft, 'id'>): void {
  nextComment += 1;
  update(id, (p) => ({ comments: [...p.comments, { ...draft, id: `c${nextComment}` }] }));
}

export function editComment(id: string, commentId: string, text: string): void {
  update(id, (p) => ({ comments: p.comments.map((c) => (c.id === commentId ? { ...c, text } : c)) }));
}

export function removeComment(id: string, commentId: string): void {
  update(id, (p) => ({ comments: p.comments.filter((c) => c.id !== commentId) }));
}

/** The comments as the core's review message takes them. */
export function reviewComments(drafts: readonly ReviewDraft[]): ReviewComment[] {
  return drafts.map((c) => ({
    path: c.path,
    startLine: c.startLine,
    ...(c.endLine > c.startLine ? { endLine: c.endLine } : {}),
    ...(c.side === 'old' ? { side: 'old' as const } : {}),
    comment: c.text,
  }));
}

/** "Send review": every comment to Claude as one message (queued while a turn runs); sent comments go. */
export async function sendReview(id: string): Promise<Result<unknown>> {
  const drafts = panelOf(id).comments;
  if (drafts.length === 0) return { ok: true, value: {} };
  const r = await guarded(() => getApi().git.review({ id, comments: reviewComments(drafts) }));
  if (r.ok) {
    const sent = new Set(drafts.map((d) => d.id));
    const n = drafts.length;
    update(id, (p) => ({
      comments: p.comments.filter((c) => !sent.has(c.id)),
      notice: { tone: 'ok', text: `Review sent to Claude: ${n} ${n === 1 ? 'comment' : 'comments'}${r.value.queued ? ' (queued until the turn ends)' : ''}.` },
    }));
  } else sayError(id, 'The review was not sent', r.error);
  return r;
}
