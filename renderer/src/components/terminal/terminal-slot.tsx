// The terminal's side of a session pane and of the window, loaded just after the first screen
// (a `soon` part: app.tsx): the panel in its place once opened, and Ctrl+` with the store that
// follows the core's terminals. xterm.js itself comes with the panel, when one first opens.
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import { useTerminals } from './terminal-store';
import { terminalShortcut, useTerminalSync } from './terminal-toggle';

const terminalPanel = lazyPart('the terminal', () => import('./terminal-panel'));

export function TerminalSlot({ sessionId }: { sessionId: string }) {
  const open = useTerminals((s) => s.open[sessionId] === true);
  return (
    <LazyView part={terminalPanel} when={open}>
      {(m) => <m.TerminalPanel sessionId={sessionId} />}
    </LazyView>
  );
}

/** The sync with the core's terminals, for the window. */
export function TerminalShortcut() {
  useTerminalSync();
  return null;
}

/** Ctrl+` and Ctrl+Shift+R, as the first screen hands them over (app.tsx). */
export const onShortcut = terminalShortcut;
