// The session area: one pane, or two side by side (the split view). Each pane keeps its own
// tabs' panes mounted (KeptPanes) and, in a split, has its own status line under it; the
// window's status bar serves the single pane. The left pane is always the first child, so
// opening or closing a split never rebuilds the transcripts it already shows.
import { useCallback, type ReactNode } from 'react';
import { StatusBar } from '../status/status-bar';
import { KeptPanes } from '../tabs/kept-panes';
import { sideOf, type PaneSide } from '../../store/split';
import { clideStore, useClide } from '../../store/store';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import { useTabDrop } from './drop-zones';
import { useSplitShortcuts } from './use-split-shortcuts';
import './split.css';

// The divider is a part loaded with the first split.
const divider = lazyPart('the split divider', () => import('./divider'));
// The halves a dragged tab can land in: fetched in the background long before any drag.
const dropZones = lazyPart('the split drop zones', () => import('./drop-zone-view'));

export function Panes({ render }: { render(sessionId: string): ReactNode }) {
  const split = useClide((s) => s.split);
  const activeId = useClide((s) => s.activeId);
  const { ref, zone, handlers } = useTabDrop();
  useSplitShortcuts();
  const left = split ? split.shown.left : activeId;
  if (!left) return null;
  const focus: PaneSide = split && activeId ? sideOf(split, activeId) : 'left';
  return (
    <div className="panes" ref={ref} {...handlers} data-split={split ? true : undefined}>
      <Pane side="left" shown={left} split={split !== undefined} focused={focus === 'left'} grow={split?.ratio} render={render} />
      {split && <LazyView part={divider}>{(m) => <m.Divider ratio={split.ratio} />}</LazyView>}
      {split && <Pane side="right" shown={split.shown.right} split focused={focus === 'right'} grow={1 - split.ratio} render={render} />}
      <LazyView part={dropZones} when={zone !== undefined}>
        {(m) => zone && <m.DropZones over={zone} split={split !== undefined} />}
      </LazyView>
    </div>
  );
}

interface PaneProps {
  side: PaneSide;
  shown: string;
  split: boolean;
  focused: boolean;
  grow: number | undefined;
  render(sessionId: string): ReactNode;
}

function Pane({ side, shown, split, focused, grow, render }: PaneProps) {
  // A click or Tab into the other pane gives it focus (its shown tab becomes the current one).
  const take = useCallback(() => {
    const s = clideStore.getState();
    if (s.split && s.activeId !== shown) s.setActive(shown);
  }, [shown]);
  const belongs = useCallback(
    (id: string) => {
      const s = clideStore.getState().split;
      return !s || sideOf(s, id) === side;
    },
    [side],
  );
  return (
    <section
      className="pane"
      data-side={side}
      data-focused={split && focused ? true : undefined}
      aria-label={split ? `${side === 'left' ? 'Left' : 'Right'} pane${focused ? ', focused' : ''}` : undefined}
      style={grow !== undefined ? { flexGrow: grow } : undefined}
      onPointerDownCapture={split && !focused ? take : undefined}
      onFocusCapture={split && !focused ? take : undefined}
    >
      <KeptPanes activeId={shown} render={render} belongs={split ? belongs : undefined} focused={focused} />
      {split && <StatusBar sessionId={shown} pane={side} />}
    </section>
  );
}
