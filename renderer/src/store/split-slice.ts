// The store's split-view actions (the layout itself is pure, in split.ts). Every change goes
// through `layout`, which also brings newly shown tabs up to date: their held streaming text
// (held-deltas.ts) is applied and a finished turn counts as seen.
import type { SplitLayout } from '../../../shared/split';
import type { DeltaHold } from './held-deltas';
import {
  closeSplit,
  moveToOtherPane,
  otherPaneTab,
  placeTab,
  restoreLayout,
  showTab,
  shownTabs,
  splitRight,
  withRatio,
  type LayoutState,
  type PaneSide,
} from './split';

export interface SplitSlice {
  /** Two panes side by side (undefined: one pane). */
  split: SplitLayout | undefined;
  /** Put a tab alone in a pane (a new split), or move it to that pane of the open split. */
  placeTab(id: string, side: PaneSide): void;
  moveToOtherPane(id: string): void;
  splitRight(): void;
  closeSplit(): void;
  /** Move focus to the other pane (its shown tab becomes the current one). */
  focusOtherPane(): void;
  setSplitRatio(ratio: number): void;
  /** A layout kept from before a restart, with `active` the tab that had focus. */
  restoreSplit(saved: SplitLayout, active: string | undefined): void;
}

interface Base extends LayoutState {
  markSeen(id: string): void;
}

type Set = (partial: Partial<LayoutState>) => void;
type Get = () => Base;

/** Apply a new layout: set what changed, then catch up the tabs it put on screen. */
export function applyLayout(
  set: Set,
  get: Get,
  hold: DeltaHold,
  catchUp: (held: NonNullable<ReturnType<DeltaHold['release']>>) => void,
  next: LayoutState,
): void {
  const before = get();
  if (next.order === before.order && next.activeId === before.activeId && next.split === before.split) return;
  const wasShown = shownTabs(before);
  set({ order: next.order, activeId: next.activeId, split: next.split });
  for (const id of shownTabs(next)) {
    if (wasShown.includes(id)) continue;
    const held = hold.release(id);
    if (held) catchUp(held);
    get().markSeen(id);
  }
}

export function splitSlice(change: (f: (s: LayoutState) => LayoutState) => void, get: Get): SplitSlice {
  return {
    split: undefined,
    placeTab: (id, side) => change((s) => placeTab(s, id, side)),
    moveToOtherPane: (id) => change((s) => moveToOtherPane(s, id)),
    splitRight: () => change(splitRight),
    closeSplit: () => change(closeSplit),
    focusOtherPane: () => {
      const id = otherPaneTab(get());
      if (id) change((s) => showTab(s, id));
    },
    setSplitRatio: (ratio) => change((s) => withRatio(s, ratio)),
    restoreSplit: (saved, active) => change((s) => restoreLayout(s, saved, active)),
  };
}
