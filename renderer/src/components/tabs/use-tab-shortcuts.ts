// Window-level keys for tabs (the usual desktop keys): Ctrl/Cmd+T new session, Ctrl/Cmd+W close the tab
// (asking first while Claude works), Ctrl/Cmd+1..8 that tab and 9 the last, Ctrl+Tab and
// Ctrl+PageDown/PageUp the next or previous tab, Ctrl/Cmd+, Settings, and Ctrl/Cmd+= / - / 0
// the transcript's text size. A browser keeps some of these for itself (Ctrl+T, Ctrl+W); every
// action also has a button or a palette command.
import { useCallback } from 'react';
import { useActions } from '../../actions-context';
import { hasModifier, useWindowKeys } from '../../lib/shortcuts';
import { tabForDigit } from '../../store/tabs';
import { clideStore } from '../../store/store';
import { useRequestClose } from './close-tab';
import { changeTextSizeSoon, textSizeKey } from '../transcript/text-size';

export function useTabShortcuts(): void {
  const requestClose = useRequestClose();
  const actions = useActions();
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const s = clideStore.getState();
      // A modal dialog owns the keyboard while it is open.
      if ((s.dialog && s.dialog !== 'inbox') || s.confirmClose) return;
      const step = cycleStep(e);
      if (step !== 0) {
        const at = s.activeId ? s.order.indexOf(s.activeId) : -1;
        const next = s.order[(at + step + s.order.length) % s.order.length];
        if (next) {
          e.preventDefault();
          s.setActive(next);
        }
        return;
      }
      if (!hasModifier(e)) return;
      const size = textSizeKey(e);
      if (size) {
        // Taken from the browser, whose own zoom would scale the whole page.
        e.preventDefault();
        changeTextSizeSoon(actions, size);
        return;
      }
      const digit = /^(?:Digit|Numpad)([1-9])$/.exec(e.code)?.[1] ?? (/^[1-9]$/.test(e.key) ? e.key : undefined);
      if (digit && !e.shiftKey) {
        const id = tabForDigit(s.order, Number(digit));
        if (id) {
          e.preventDefault();
          s.setActive(id);
        }
        return;
      }
      const key = e.key.toLowerCase();
      if (key === 't' && !e.shiftKey) {
        e.preventDefault();
        s.openDialog('new-session');
      } else if (key === 'w' && !e.shiftKey && s.activeId) {
        e.preventDefault();
        requestClose(s.activeId);
      } else if (key === ',') {
        e.preventDefault();
        s.openDialog('settings');
      }
    },
    [requestClose, actions],
  );
  useWindowKeys(onKey);
}

/** +1 / -1 for the next / previous tab keys (Ctrl on every platform, as browsers do), else 0. */
function cycleStep(e: KeyboardEvent): number {
  if (!e.ctrlKey || e.altKey || e.metaKey) return 0;
  if (e.key === 'Tab') return e.shiftKey ? -1 : 1;
  if (e.key === 'PageDown' && !e.shiftKey) return 1;
  if (e.key === 'PageUp' && !e.shiftKey) return -1;
  return 0;
}
