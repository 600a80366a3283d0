// The terminal's keys, apart from its store: the first screen matches them (app.tsx) before the
// terminal's own code has loaded.
import { isShortcut } from '../../lib/shortcuts';

/** Ctrl+Shift+R (Cmd+Shift+R on macOS): Run. */
export function isRunKey(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'key'>): boolean {
  return isShortcut(e, 'r', { shift: true });
}

/** Ctrl+` on every platform (as in other editors: Cmd+` switches windows on macOS). */
export function isTerminalKey(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'code' | 'key'>): boolean {
  return e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey && (e.code === 'Backquote' || e.key === '`');
}
