// Opening and closing a tab's Ask aside panel, and asking from it (or from the composer's
// `/btw`). The ways in: the palette ("Ask aside"), Ctrl/Cmd+Shift+/, the toolbar under the
// message box, and `/btw <question>` typed in the message box, as in the terminal.
import { useEffect } from 'react';
import type { AppError } from '../../../../shared/result';
import { useWindowKeys } from '../../lib/shortcuts';
import { clideStore } from '../../store/store';
import { answering } from '../composer/api-calls';
import { asideStore } from './aside-store';
import { isAsideKey } from './aside-words';

export { btwQuestion } from './aside-words';

export function openAside(id: string, focus = true): void {
  asideStore.getState().setOpen(id, true, focus);
}

export function closeAside(id: string): void {
  asideStore.getState().setOpen(id, false);
}

/** Ask; the question box is emptied when the host took it, and kept (with the reason) when not. */
export async function askAside(id: string, question: string): Promise<AppError | undefined> {
  // Already there when asked from the panel; from the message box, the cursor stays there.
  openAside(id, false);
  const r = await answering.ask(id, question);
  if (!r.ok) return r.error;
  // Typed in the panel: it is asked now (a /btw from the message box never was in the panel's box).
  if (asideStore.getState().drafts[id]?.trim() === question.trim()) asideStore.getState().setDraft(id, '');
  return undefined;
}

function toggleOnKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || e.isComposing || !isAsideKey(e)) return;
  const s = clideStore.getState();
  if ((s.dialog && s.dialog !== 'inbox') || s.confirmClose || !s.activeId) return;
  e.preventDefault();
  const open = asideStore.getState().open[s.activeId] === true;
  // Open: the key moves the cursor into the panel; pressed there, it closes the panel.
  if (open && (e.target as HTMLElement | null)?.closest?.('.aside-panel')) closeAside(s.activeId);
  else openAside(s.activeId);
}

/** The window key; and tabs that closed leave nothing behind in the panel store. */
export function useAsideShortcut(): void {
  useEffect(
    () =>
      clideStore.subscribe((s, before) => {
        if (s.sessions === before.sessions) return;
        const st = asideStore.getState();
        for (const id of new Set([...Object.keys(st.open), ...Object.keys(st.drafts)])) if (!s.sessions[id]) st.forget(id);
      }),
    [],
  );
  useWindowKeys(toggleOnKey);
}
