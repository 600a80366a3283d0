// Ctrl/Cmd+K, wired on the first screen; the palette itself (command-palette.tsx) is a part
// loaded when it first opens.
import { isShortcut, useWindowKeys } from '../../lib/shortcuts';
import { clideStore } from '../../store/store';

function toggleOnKey(e: globalThis.KeyboardEvent): void {
  if (e.defaultPrevented || e.isComposing || !isShortcut(e, 'k')) return;
  const s = clideStore.getState();
  if ((s.dialog && s.dialog !== 'palette' && s.dialog !== 'inbox') || s.confirmClose) return;
  e.preventDefault();
  s.openDialog(s.dialog === 'palette' ? undefined : 'palette');
}

/** Ctrl/Cmd+K opens the palette (and closes it again), unless another dialog owns the keyboard. */
export function usePaletteShortcut(): void {
  useWindowKeys(toggleOnKey);
}
