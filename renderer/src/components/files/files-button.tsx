// The transcript toolbar's Files button and Ctrl/Cmd+P (quick open), apart from what they open:
// the panel and quick open are parts loaded when first wanted (files-parts.ts).
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { LazyView } from '../common/lazy-view';
import { isShortcut, keyLabel } from '../../lib/shortcuts';
import { useSessionField } from '../../store/hooks';
import { clideStore } from '../../store/store';
import { filesStore, useFiles } from './files-store';
import { filesPanelPart, quickOpenPart, toggleFilesSoon } from './files-parts';

export function FilesButton({ sessionId }: { sessionId: string }) {
  const open = useFiles(sessionId, (p) => p.open);
  const remote = useSessionField(sessionId, (v) => v.info.location !== undefined, false);
  return (
    <button
      type="button"
      className="toolbar-button"
      aria-pressed={open}
      onClick={() => toggleFilesSoon(sessionId)}
      title={remote ? 'Files: for now only a session on this computer' : `The session's files (${keyLabel('P')} to open one by name)`}
    >
      Files
    </button>
  );
}

/** Ctrl/Cmd+P opens quick open over the shown session's folder; a closed tab's panel goes with it. */
export function useFilesShortcut(): void {
  useEffect(
    () =>
      clideStore.subscribe((s, before) => {
        if (s.sessions === before.sessions) return;
        for (const id of Object.keys(filesStore.getState().panels)) if (!s.sessions[id]) filesStore.getState().forget(id);
      }),
    [],
  );
}

/** Ctrl/Cmd+P, as the first screen hands it over (app.tsx, lib/early-shortcuts.ts). */
export const onShortcut = quickOpenOnKey;

function quickOpenOnKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || e.isComposing || !isShortcut(e, 'p')) return;
  const s = clideStore.getState();
  // Ctrl+P is taken before the browser's print dialog, which would otherwise open.
  e.preventDefault();
  if ((s.dialog && s.dialog !== 'inbox') || s.confirmClose || !s.activeId) return;
  if (s.sessions[s.activeId]?.info.location) return;
  filesStore.getState().setQuickOpen(s.activeId);
}

/** The session's Files panel, once opened (app.tsx places it beside the transcript). */
export function FilesSlot({ sessionId }: { sessionId: string }) {
  const open = useFiles(sessionId, (p) => p.open);
  return (
    <LazyView part={filesPanelPart} when={open}>
      {(m) => <m.FilesPanel sessionId={sessionId} />}
    </LazyView>
  );
}

/** Quick open, while Ctrl/Cmd+P has it open; it also takes the shortcut. */
export function QuickOpenSlot() {
  useFilesShortcut();
  const sessionId = useStore(filesStore, (s) => s.quickOpen);
  return (
    <LazyView part={quickOpenPart} when={sessionId !== undefined}>
      {(m) => sessionId !== undefined && <m.QuickOpen sessionId={sessionId} />}
    </LazyView>
  );
}
