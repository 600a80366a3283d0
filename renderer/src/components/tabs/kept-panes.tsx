// The panes of the last few tabs shown stay mounted, so switching back to one is a matter of
// showing it again rather than building its transcript anew (R6: a tab switch paints within
// 50 ms).
//
// The tab shown just before the current one is "warm": hidden by CSS only (visibility and
// content-visibility: hidden, inert), so the browser keeps its style and layout and showing it
// again costs a repaint; its effects keep running, and components that must react to coming into
// view follow usePaneShown(). Older kept panes are hidden by React's <Activity>, which takes down
// their effects (observers, timers) while hidden. A hidden tab's streaming text is held outside
// the store meanwhile (store/held-deltas.ts), so hidden panes have little to re-render.
import { Activity, useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import { useClide } from '../../store/store';
import { PaneShownContext } from './pane-shown';

/** How many tabs keep their pane: the shown one and the ones shown just before it. */
export const KEPT_PANES = 4;

interface KeptPanesProps {
  activeId: string;
  render(sessionId: string): ReactNode;
  /** In a split, the tabs of this pane (the others are kept by the other pane). */
  belongs?: (sessionId: string) => boolean;
  /** In a split, whether this pane has focus: only the focused pane's shown tab takes keys. */
  focused?: boolean;
}

export function KeptPanes({ activeId, render, belongs, focused = true }: KeptPanesProps) {
  const order = useClide((s) => s.order);
  const [recent, setRecent] = useState<string[]>([activeId]);
  let list = recent;
  if (list[0] !== activeId) {
    // Adjusting state while rendering (the documented pattern for state derived from props).
    list = [activeId, ...list.filter((id) => id !== activeId)].slice(0, KEPT_PANES);
    setRecent(list);
  }
  const warm = list[1];
  // Tab order keeps each pane's place in the DOM stable; closed tabs drop out.
  const kept = order.filter((id) => list.includes(id) && (!belongs || belongs(id)));
  return (
    <div className="kept-panes">
      {kept.map((id) => {
        const shown = id === activeId;
        const isWarm = id === warm;
        return (
          <Activity key={id} mode={shown || isWarm ? 'visible' : 'hidden'}>
            <div className={isWarm ? 'kept-pane is-warm' : 'kept-pane'} inert={!shown} aria-hidden={shown ? undefined : true}>
              <PaneShownContext value={shown && focused}>
                <KeptScroll>{render(id)}</KeptScroll>
              </PaneShownContext>
            </div>
          </Activity>
        );
      })}
    </div>
  );
}

interface Scrolled {
  el: HTMLElement;
  top: number;
  atBottom: boolean;
}

/**
 * An element hidden by <Activity> (display: none) loses its scroll position, so remember where
 * the person left the pane and put it back when it is shown again (after the transcript's own
 * effects, which run first). A pane left at the bottom is left to follow the bottom.
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
    <div className="kept-scroll" onScrollCapture={onScroll}>
      {children}
    </div>
  );
}
