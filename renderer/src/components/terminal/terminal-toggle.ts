// The first screen's side of the terminal: Ctrl+` opens or closes the shown session's panel,
// Ctrl+Shift+R runs the repository's run command in it (the actions come when first used), and
// the store follows the core's terminals from the start (so a reload finds them).
import { useEffect } from 'react';
import { getApi } from '../../api';
import { focusComposer } from '../../lib/focus';
import { clideStore } from '../../store/store';
import { isRunKey, isTerminalKey, startTerminalSync, terminalStore } from './terminal-store';

export function toggleTerminal(sessionId: string): void {
  const s = terminalStore.getState();
  const open = !s.open[sessionId];
  s.setOpen(sessionId, open);
  if (!open) focusComposer();
}

/** The store follows the core's terminals from when this part is drawn. */
export function useTerminalSync(): void {
  useEffect(() => startTerminalSync(getApi()), []);
}

/** Ctrl+` and Ctrl+Shift+R, handed over by the first screen (lib/early-shortcuts.ts). */
export function terminalShortcut(e: KeyboardEvent): void {
  const run = isRunKey(e);
  if (!run && !isTerminalKey(e)) return;
  const id = clideStore.getState().activeId;
  if (!id) return;
  e.preventDefault();
  if (run) void import('./terminal-actions').then((m) => m.runCommand(id));
  else toggleTerminal(id);
}
