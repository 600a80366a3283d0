// The transcript's text size from the keyboard: Ctrl/Cmd+= (or +) larger, Ctrl/Cmd+- smaller,
// Ctrl/Cmd+0 back to the default (the window's keys, use-tab-shortcuts.ts). The change itself is
// done by text-size-change.ts, loaded at the first press: the first screen only knows the keys.
import type { AppActions } from '../../app-actions';
import { lazyPart } from '../../lib/lazy-part';

export type TextSizeChange = 'larger' | 'smaller' | 'reset';

const changer = lazyPart('text size', () => import('./text-size-change'));

/** Which change a key asks for, if any (the command modifier is known to be down). */
export function textSizeKey(e: KeyboardEvent): TextSizeChange | undefined {
  // Plus is Shift+= on many keyboards, and the number pad has its own + and -.
  if (e.key === '=' || e.key === '+') return 'larger';
  if (e.shiftKey) return undefined;
  if (e.key === '-') return 'smaller';
  // By the key's place as well, for layouts where that key types something else (AZERTY's à).
  if (e.key === '0' || e.code === 'Digit0') return 'reset';
  return undefined;
}

/** Two quick presses are applied in order: both wait for the same load. A part that will not
 * load is named by the window (lazy-part.ts); the press then changes nothing. */
export function changeTextSizeSoon(actions: AppActions, change: TextSizeChange): void {
  changer.load().then(
    (m) => m.changeTextSize(actions, change),
    () => undefined,
  );
}
