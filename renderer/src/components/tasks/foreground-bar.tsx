// While a command or subagent runs in the foreground (the turn waits for it), a line above the
// message box says so and offers "Run in background", as the terminal's "ctrl+b to run in
// background" hint does; Ctrl+B does the same from anywhere in the window. What Claude Code
// answered, when there is something to say (it refused, nothing could move), shows there too
// until the turn ends.
import { useEffect } from 'react';
import { foregroundTasks } from '../../../../shared/tasks';
import { useSessionField } from '../../store/hooks';
import { isTurnRunning } from '../../store/selectors';
import { clideStore, useClide } from '../../store/store';
import { useWindowKeys } from '../../lib/shortcuts';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import { clearBackgroundNote, runInBackground, useBackgroundNote } from './task-calls';
import { useShallow } from 'zustand/react/shallow';

/** Ctrl+B on every platform, as in the terminal (Cmd+B is not the terminal's key). */
function isBackgroundKey(e: KeyboardEvent): boolean {
  return e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'b';
}

function onKey(e: KeyboardEvent): void {
  if (e.defaultPrevented || e.isComposing || !isBackgroundKey(e)) return;
  const s = clideStore.getState();
  const id = s.activeId;
  const view = id ? s.sessions[id] : undefined;
  if (!id || !view || (s.dialog && s.dialog !== 'tasks') || s.confirmClose) return;
  // With no turn running there is nothing to move: the key keeps its usual meaning (a text
  // field's "back one character" on macOS).
  if (!isTurnRunning(view) && foregroundTasks(view).length === 0) return;
  e.preventDefault();
  void runInBackground(id);
}

/** Ctrl+B moves the shown session's foreground work to the background. */
export function useBackgroundShortcut(): void {
  useWindowKeys(onKey);
}

/** The part that draws the line (loaded when something first runs in the foreground). */
const line = lazyPart('the foreground task line', () => import('./foreground-line'));

export function ForegroundBar({ sessionId }: { sessionId: string }) {
  const tasks = useClide(useShallow((s) => (s.sessions[sessionId] ? foregroundTasks(s.sessions[sessionId]) : [])));
  const status = useSessionField(sessionId, (v) => v.status, 'starting');
  const note = useBackgroundNote(sessionId);
  // The note answers one attempt in one turn.
  useEffect(() => {
    if (!isTurnRunning({ status })) clearBackgroundNote(sessionId);
  }, [status, sessionId]);
  return (
    <LazyView part={line} when={tasks.length > 0 || note !== undefined}>
      {(m) => <m.ForegroundLine sessionId={sessionId} tasks={tasks} note={note} />}
    </LazyView>
  );
}
