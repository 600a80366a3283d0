// The panes of the last few tabs shown stay mounted, hidden, so switching back to one is a
// matter of showing it again rather than building its transcript anew (R6: a switch between
// two long tabs paints within 50 ms). React's <Activity> hides them and takes down their
// effects (observers, timers) while hidden; a hidden tab's streaming text is held outside the
// store meanwhile (store/held-deltas.ts), so a hidden pane has nothing to re-render either.
import { Activity, useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useClide } from '../../store/store';

/** How many tabs keep their pane: the shown one and the ones shown just before it. */
export const KEPT_PANES = 4;

export function KeptPanes({ activeId, render }: { activeId: string; render(sessionId: string): ReactNode }) {
  const order = useClide((s) => s.order);
  const [recent, setRecent] = useState<string[]>([activeId]);
  let list = recent;
  if (list[0] !== activeId) {
    // Adjusting state while rendering (the documented pattern for state derived from props).
    list = [activeId, ...list.filter((id) => id !== activeId)].slice(0, KEPT_PANES);
    setRecent(list);
  }
  // Tab order keeps each pane's place in the DOM stable; closed tabs drop out.
  const kept = order.filter((id) => list.includes(id));
  return (
    <>
      {kept.map((id) => (
        <Activity key={id} mode={id === activeId ? 'visible' : 'hidden'}>
          <KeptScroll>{render(id)}</KeptScroll>
        </Activity>
      ))}
    </>
  );
}

interface Scrolled {
  el: HTMLElement;
  top: number;
  atBottom: boolean;
}

/**
 * A hidden element loses its scroll position, so remember where the person left the pane and
 * put it back when it is shown again (after the transcript's own effects, which run first).
 * A pane left at the bottom is left to follow the bottom.
 */
function KeptScroll({ children }: { children: ReactNode }) {
  const last = useRef<Scrolled | undefined>(undefined);
  useLayoutEffect(() => {
    const s = last.current;
    if (s && !s.atBottom && s.el.isConnected) s.el.scrollTop = s.top;
  }, []);
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.target as HTMLElement;
    if (el.clientHeight === 0) return; // being hidden
    last.current = { el, top: el.scrollTop, atBottom: el.scrollHeight - el.scrollTop - el.clientHeight <= 48 };
  };
  return (
    <div className="kept-pane" onScrollCapture={onScroll}>
      {children}
    </div>
  );
}
