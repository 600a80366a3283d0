// What the Files panel asks of the host, and what it does with the answers (files-store.ts).
// Unsaved text is never dropped without the person's word: closing the panel or the file, or
// opening another, asks first when the editor holds changes.
import { checkFile, fileMarks, listFolder, readFile, writeFile } from '../../api/files';
import { focusComposer } from '../../lib/focus';
import { clideStore } from '../../store/store';
import { filesStore, type FilesPanel } from './files-store';

const panel = (id: string): FilesPanel | undefined => filesStore.getState().panels[id];

/** Run `then` now, or once the person said what to do with unsaved text. */
function unlessUnsaved(id: string, what: string, then: () => void): void {
  if (panel(id)?.file?.dirty) filesStore.getState().update(id, () => ({ asking: { what, then } }));
  else then();
}

export function answerUnsaved(id: string, discard: boolean): void {
  const asking = panel(id)?.asking;
  filesStore.getState().update(id, () => ({ asking: undefined }));
  if (discard && asking) asking.then();
}

export function openFiles(id: string): void {
  filesStore.getState().update(id, () => ({ open: true }));
  void refresh(id);
}

export function closeFiles(id: string): void {
  unlessUnsaved(id, 'close the Files panel', () => filesStore.getState().update(id, () => ({ open: false, file: undefined })));
}

export function toggleFiles(id: string): void {
  if (panel(id)?.open) closeFiles(id);
  else openFiles(id);
}

async function loadFolder(id: string, dir: string): Promise<void> {
  const r = await listFolder(id, dir);
  filesStore
    .getState()
    .update(id, (p) =>
      r.ok
        ? { root: r.value.root, folders: { ...p.folders, [dir]: r.value.entries }, truncated: r.value.truncated, listError: undefined }
        : { listError: r.error },
    );
}

/** The tree's open folders and git's marks again (the panel opened, or files changed). */
export async function refresh(id: string): Promise<void> {
  const p = panel(id);
  if (!p?.open) return;
  const dirs = ['', ...Object.keys(p.expanded)];
  const [marks] = await Promise.all([fileMarks(id), ...dirs.map((d) => loadFolder(id, d))]);
  if (marks.ok) filesStore.getState().update(id, () => ({ marks: Object.fromEntries(marks.value.marks.map((m) => [m.path, m.mark])) }));
}

export function toggleFolder(id: string, dir: string): void {
  const open = panel(id)?.expanded[dir] === true;
  filesStore.getState().update(id, (p) => {
    const { [dir]: _was, ...rest } = p.expanded;
    return { expanded: open ? rest : { ...rest, [dir]: true } };
  });
  if (!open) void loadFolder(id, dir);
}

export function openFile(id: string, path: string): void {
  if (panel(id)?.file?.path === path) return;
  unlessUnsaved(id, `open ${path}`, () => void load(id, path));
}

export function closeFile(id: string): void {
  unlessUnsaved(id, 'close this file', () => filesStore.getState().update(id, () => ({ file: undefined })));
}

async function load(id: string, path: string, notice?: 'reloaded'): Promise<void> {
  const revision = (panel(id)?.file?.revision ?? 0) + 1;
  filesStore.getState().update(id, () => ({ file: { path, dirty: false, revision, saving: false } }));
  const r = await readFile(id, path);
  filesStore.getState().updateFile(id, (f) => {
    if (f.path !== path || f.revision !== revision) return {};
    if (!r.ok) return { error: r.error };
    const base = r.value.kind === 'text' || r.value.kind === 'image' ? r.value.version : undefined;
    return { content: r.value, base, notice: notice ? { kind: notice } : undefined };
  });
}

/** Read the file again, dropping the person's text (they chose to). */
export function reload(id: string): void {
  const f = panel(id)?.file;
  if (f) void load(id, f.path);
}

/** Keep the person's text over what changed on disk: the next save writes over the file as it is now. */
export function keepMine(id: string): void {
  filesStore.getState().updateFile(id, (f) => ({ base: f.notice && 'version' in f.notice && f.notice.version ? f.notice.version : f.base, notice: undefined }));
}

export function setDirty(id: string, dirty: boolean): void {
  if (panel(id)?.file?.dirty !== dirty) filesStore.getState().updateFile(id, () => ({ dirty }));
}

export async function save(id: string, text: string): Promise<void> {
  const f = panel(id)?.file;
  if (!f?.base || f.saving || f.content?.kind !== 'text' || f.content.readOnly) return;
  filesStore.getState().updateFile(id, () => ({ saving: true, saveError: undefined }));
  const r = await writeFile(id, f.path, text, f.base);
  filesStore.getState().updateFile(id, (now) => {
    if (now.path !== f.path) return {};
    if (!r.ok) return { saving: false, saveError: r.error };
    if (r.value.outcome === 'conflict') return { saving: false, notice: { kind: 'conflict', version: r.value.version, missing: r.value.missing } };
    // What was saved is what the editor holds, unless the person typed on meanwhile.
    const content = now.content?.kind === 'text' ? { ...now.content, text, version: r.value.version } : now.content;
    return { saving: false, base: r.value.version, content, dirty: false, saved: Date.now(), notice: undefined };
  });
  void refresh(id);
}

/**
 * Look whether the open file changed on disk (polled while it is shown, and when the window
 * comes back): with nothing unsaved it is read again, else the person is told and chooses.
 */
export async function checkDisk(id: string): Promise<void> {
  const f = panel(id)?.file;
  if (!f?.base || f.saving || f.notice?.kind === 'changed' || f.notice?.kind === 'conflict') return;
  const r = await checkFile(id, f.path, f.base);
  if (!r.ok || !r.value.changed) return;
  const now = panel(id)?.file;
  if (now?.path !== f.path || now.base !== f.base) return;
  if (!now.dirty && !r.value.missing) return load(id, f.path, 'reloaded');
  filesStore.getState().updateFile(id, () => ({ notice: { kind: 'changed', version: r.value.version, missing: r.value.missing } }));
}

/** `@path#L5-10` for lines `from`..`to` (1-based), as the VS Code extension mentions a selection. */
export function mentionOf(path: string, from: number, to: number): string {
  const lines = from === to ? `L${from}` : `L${from}-${to}`;
  return `@${path}#${lines}`;
}

/** Put a mention of the selected lines into the session's message box. */
export function mentionInComposer(id: string, path: string, from: number, to: number): void {
  const store = clideStore.getState();
  const draft = store.drafts[id] ?? '';
  const mention = mentionOf(path, from, to);
  store.setDraft(id, draft && !/\s$/.test(draft) ? `${draft} ${mention} ` : `${draft}${mention} `);
  focusComposer();
}
