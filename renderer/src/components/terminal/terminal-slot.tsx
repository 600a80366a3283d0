// The terminal's side of a session pane and of the window, loaded just after the first screen
// (a `soon` part: app.tsx): the panel in its place once opened, and Ctrl+` with the store that
// follows the core's terminals. xterm.js itself comes with the panel, when one first opens.
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import { useTerminals } from './terminal-store';
import { useTerminalShortcut } from './terminal-toggle';

const terminalPanel = lazyPart('the terminal', () => import('./terminal-panel'));

export function TerminalSlot({ sessionId }: { sessionId: string }) {
  const open = useTerminals((s) => s.open[sessionId] === true);
  return (
    <LazyView part={terminalPanel} when={open}>
      {(m) => <m.TerminalPanel sessionId={sessionId} />}
    </LazyView>
  );
}

/** Ctrl+` for the window, and the sync with the core's terminals. */
export function TerminalShortcut() {
  useTerminalShortcut();
  return null;
}
