// The split view's keys. Ctrl/Cmd+\ opens the split (the current tab moves to a new right pane)
// or closes it; F6 and Shift+F6 move focus to the other pane (the usual "next pane" key of
// desktop apps); Ctrl/Cmd+Shift+\ moves the current tab to the other pane. None of these is a
// key of Claude Code's terminal UI, and the app uses none of them elsewhere. A browser keeps F6
// for its address bar: there the palette's "Focus other pane" does the same.
import { useCallback } from 'react';
import { hasModifier, useWindowKeys } from '../../lib/shortcuts';
import { clideStore } from '../../store/store';

/** The backslash key, by its place on the keyboard (Shift turns it into "|" on many layouts). */
function isBackslash(e: KeyboardEvent): boolean {
  return e.code === 'Backslash' || e.key === '\\';
}

export function useSplitShortcuts(): void {
  const onKey = useCallback((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.isComposing) return;
    const s = clideStore.getState();
    // A modal dialog owns the keyboard while it is open.
    if ((s.dialog && s.dialog !== 'inbox') || s.confirmClose) return;
    if (e.key === 'F6' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      if (!s.split) return;
      e.preventDefault();
      s.focusOtherPane();
      return;
    }
    if (!hasModifier(e) || !isBackslash(e)) return;
    e.preventDefault();
    if (e.shiftKey) {
      if (s.activeId) s.moveToOtherPane(s.activeId);
    } else if (s.split) s.closeSplit();
    else s.splitRight();
  }, []);
  useWindowKeys(onKey);
}
