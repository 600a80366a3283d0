// The transcript's text size from the keyboard: Ctrl/Cmd+= (or +) larger, Ctrl/Cmd+- smaller,
// Ctrl/Cmd+0 back to the default. The change itself is done by text-size-change.ts, loaded at
// the first press.
import { useCallback } from 'react';
import { useActions } from '../../actions-context';
import { lazyPart } from '../../lib/lazy-part';
import { hasModifier, useWindowKeys } from '../../lib/shortcuts';
import { clideStore } from '../../store/store';

export type TextSizeChange = 'larger' | 'smaller' | 'reset';

const changer = lazyPart('the text size change', () => import('./text-size-change'));

/** Which change a key asks for, if any. */
export function textSizeKey(e: KeyboardEvent): TextSizeChange | undefined {
  if (!hasModifier(e)) return undefined;
  // Plus is Shift+= on many keyboards; the number pad's keys count too.
  if (e.key === '=' || e.key === '+') return 'larger';
  if (e.shiftKey) return undefined;
  if (e.key === '-') return 'smaller';
  // By the key's place as well, for layouts where that key types something else (AZERTY's à).
  if (e.key === '0' || e.code === 'Digit0' || e.code === 'Numpad0') return 'reset';
  return undefined;
}

export function useTextSizeKeys(): void {
  const actions = useActions();
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return;
      const change = textSizeKey(e);
      if (!change) return;
      // A modal dialog owns the keyboard while it is open; the browser's own zoom is not taken then either.
      const s = clideStore.getState();
      if ((s.dialog && s.dialog !== 'inbox') || s.confirmClose) return;
      e.preventDefault();
      // Two quick presses are applied in order: both wait for the same load. A part that will
      // not load is named by the window (lazy-part.ts); the press then changes nothing.
      changer.load().then(
        (m) => m.changeTextSize(actions, change),
        () => undefined,
      );
    },
    [actions],
  );
  useWindowKeys(onKey);
}
