// The split view's layout, as pure functions over the tab order: two panes side by side, each
// holding some of the tabs and showing one of them. The store's `activeId` stays "the tab in the
// focused pane", so every key and command that acts on the current tab acts on the focused pane
// without knowing about panes. The tab order is kept grouped (the left pane's tabs, then the
// right pane's), so the one tab strip reads as two groups and Ctrl/Cmd+1..9 count along it.
import type { SplitLayout } from '../../../shared/split';

export type { SplitLayout };
export type PaneSide = 'left' | 'right';

export const MIN_RATIO = 0.2;
export const MAX_RATIO = 0.8;

export interface LayoutState {
  order: string[];
  activeId: string | undefined;
  split: SplitLayout | undefined;
}

export function clampRatio(r: number): number {
  if (!Number.isFinite(r)) return 0.5;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, r));
}

export function otherSide(side: PaneSide): PaneSide {
  return side === 'left' ? 'right' : 'left';
}

export function sideOf(split: SplitLayout, id: string): PaneSide {
  return split.right.includes(id) ? 'right' : 'left';
}

/** The tabs of one pane, in tab order. */
export function paneTabs(order: readonly string[], split: SplitLayout, side: PaneSide): string[] {
  return order.filter((id) => sideOf(split, id) === side);
}

/** The tabs on screen: the shown one, or one per pane. */
export function shownTabs(s: Pick<LayoutState, 'activeId' | 'split'>): string[] {
  if (s.split) return [s.split.shown.left, s.split.shown.right];
  return s.activeId ? [s.activeId] : [];
}

/** The focused pane (the one holding the current tab). */
export function focusedSide(s: Pick<LayoutState, 'activeId' | 'split'>): PaneSide {
  return s.split && s.activeId ? sideOf(s.split, s.activeId) : 'left';
}

/** A neighbour to show in a pane when its shown tab leaves it: the one after, else the one before. */
function neighbour(before: readonly string[], after: readonly string[], gone: string): string | undefined {
  const at = before.indexOf(gone);
  if (after.length === 0) return undefined;
  return after[Math.min(Math.max(at, 0), after.length - 1)];
}

/**
 * Make every part of a layout agree: the right pane's list is the tabs that exist, the order is
 * grouped, each pane shows one of its own tabs, the current tab is the focused pane's. A pane
 * left empty collapses the split. Returns the same object when nothing changes.
 */
function settle(s: LayoutState, split: SplitLayout | undefined, order: readonly string[], activeId: string | undefined): LayoutState {
  if (!split) return same(s, { order: [...order], activeId, split: undefined });
  const right = order.filter((id) => split.right.includes(id));
  const left = order.filter((id) => !split.right.includes(id));
  if (right.length === 0 || left.length === 0) return same(s, { order: [...order], activeId, split: undefined });
  const pick = (side: PaneSide, list: string[]) => {
    const want = split.shown[side];
    return list.includes(want) ? want : (list[0] as string);
  };
  const shown = { left: pick('left', left), right: pick('right', right) };
  const active = activeId && order.includes(activeId) ? activeId : shown.left;
  shown[right.includes(active) ? 'right' : 'left'] = active;
  return same(s, { order: [...left, ...right], activeId: active, split: { right, shown, ratio: clampRatio(split.ratio) } });
}

function same(s: LayoutState, next: LayoutState): LayoutState {
  const eq = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const splitEq =
    s.split === next.split ||
    (s.split !== undefined &&
      next.split !== undefined &&
      eq(s.split.right, next.split.right) &&
      s.split.shown.left === next.split.shown.left &&
      s.split.shown.right === next.split.shown.right &&
      s.split.ratio === next.split.ratio);
  if (eq(s.order, next.order) && s.activeId === next.activeId && splitEq) return s;
  return { order: eq(s.order, next.order) ? s.order : next.order, activeId: next.activeId, split: splitEq ? s.split : next.split };
}

/**
 * Put tab `id` alone in pane `side` (a new split), or, with a split open, move it to that pane.
 * The tab is then shown and focused. Nothing changes with a single tab.
 */
export function placeTab(s: LayoutState, id: string, side: PaneSide): LayoutState {
  if (!s.order.includes(id)) return s;
  if (!s.split) {
    if (s.order.length < 2) return s;
    const rest = s.order.filter((x) => x !== id);
    // The other pane keeps showing the current tab, or the dragged tab's neighbour.
    const other = s.activeId && s.activeId !== id ? s.activeId : (neighbour(s.order, rest, id) as string);
    const right = side === 'right' ? [id] : rest;
    const shown = side === 'right' ? { left: other, right: id } : { left: id, right: other };
    return settle(s, { right, shown, ratio: 0.5 }, s.order, id);
  }
  const from = sideOf(s.split, id);
  if (from === side) return settle(s, s.split, s.order, id);
  const before = paneTabs(s.order, s.split, from);
  const after = before.filter((x) => x !== id);
  const right = side === 'right' ? [...s.split.right, id] : s.split.right.filter((x) => x !== id);
  const shown = { ...s.split.shown, [side]: id };
  if (shown[from] === id) shown[from] = neighbour(before, after, id) ?? id;
  return settle(s, { ...s.split, right, shown }, s.order, id);
}

/** "Move tab to other pane": a single pane splits, with the tab on the right. */
export function moveToOtherPane(s: LayoutState, id: string): LayoutState {
  return placeTab(s, id, s.split ? otherSide(sideOf(s.split, id)) : 'right');
}

/** "Split right": the current tab moves to a new pane on the right. */
export function splitRight(s: LayoutState): LayoutState {
  if (s.split || !s.activeId) return s;
  return placeTab(s, s.activeId, 'right');
}

/** "Close split": every tab back in one pane, the focused pane's tab shown. */
export function closeSplit(s: LayoutState): LayoutState {
  return s.split ? same(s, { order: s.order, activeId: s.activeId, split: undefined }) : s;
}

/** The tab the other pane shows (to focus it), or undefined without a split. */
export function otherPaneTab(s: LayoutState): string | undefined {
  if (!s.split) return undefined;
  return s.split.shown[otherSide(focusedSide(s))];
}

export function withRatio(s: LayoutState, ratio: number): LayoutState {
  if (!s.split) return s;
  return settle(s, { ...s.split, ratio }, s.order, s.activeId);
}

/** Showing a tab shows it in its own pane and focuses that pane. */
export function showTab(s: LayoutState, id: string): LayoutState {
  if (!s.split || !s.order.includes(id)) return s;
  return settle(s, s.split, s.order, id);
}

/**
 * A tab dragged (or moved from its menu) to position `to` of the strip: dropped among the other
 * pane's tabs, it joins that pane; at the boundary it stays where it was.
 */
export function moveTabTo(s: LayoutState, order: string[], id: string): LayoutState {
  if (!s.split) return order === s.order ? s : { ...s, order };
  const from = sideOf(s.split, id);
  const at = order.indexOf(id);
  const leftCount = paneTabs(s.order, s.split, 'left').filter((x) => x !== id).length;
  const side: PaneSide = at < leftCount ? 'left' : at > leftCount ? 'right' : from;
  if (side === from) return settle(s, s.split, regroup(order, s.split), s.activeId);
  const moved = placeTab(s, id, side);
  // Keep the place it was dropped at within its new pane.
  return moved.split ? settle(moved, moved.split, regroup(order, moved.split), moved.activeId) : { ...moved, order };
}

function regroup(order: readonly string[], split: SplitLayout): string[] {
  return [...paneTabs(order, split, 'left'), ...paneTabs(order, split, 'right')];
}

/**
 * After tabs opened or closed (a pushed batch, a snapshot): new tabs join the pane that was
 * focused, a closed tab's pane shows its neighbour (and keeps focus if it had it), an empty pane
 * collapses the split.
 */
export function fitLayout(before: LayoutState, after: { order: string[]; activeId: string | undefined }): LayoutState {
  const split = before.split;
  const base: LayoutState = { order: after.order, activeId: after.activeId, split };
  if (!split) return base;
  const focused = focusedSide(before);
  const added = after.order.filter((id) => !before.order.includes(id));
  const right = [...split.right.filter((id) => after.order.includes(id)), ...(focused === 'right' ? added : [])];
  const shown = { ...split.shown };
  for (const side of ['left', 'right'] as const) {
    if (after.order.includes(shown[side])) continue;
    const was = paneTabs(before.order, split, side);
    const now = was.filter((id) => after.order.includes(id));
    shown[side] = neighbour(was, now, shown[side]) ?? shown[side];
  }
  let activeId = after.activeId;
  // The focused tab closed: its pane's neighbour takes over, not whatever followed it in order.
  // If that pane is gone, the other pane's tab.
  if (before.activeId && !after.order.includes(before.activeId)) {
    const next = [shown[focused], shown[otherSide(focused)]].find((id) => after.order.includes(id));
    if (next) activeId = next;
  }
  return settle(base, { right, shown, ratio: split.ratio }, after.order, activeId);
}

/** A saved layout, checked against the tabs there are now (missing tabs drop out). */
export function restoreLayout(s: LayoutState, saved: SplitLayout, active: string | undefined): LayoutState {
  const right = saved.right.filter((id) => s.order.includes(id));
  const focus = active && s.order.includes(active) ? active : s.activeId;
  return settle(s, { right, shown: saved.shown, ratio: saved.ratio }, regroup(s.order, { ...saved, right }), focus);
}
