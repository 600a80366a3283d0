// Pure helpers for the tab strip: order changes, and which tabs finished a turn unseen.
import type { AppEvent } from '../../../shared/ipc';
import type { SessionView } from '../../../shared/transcript';
import { folderName } from '../lib/format';
import { tabState, type TabState } from './selectors';

/** Move `id` to position `to` (clamped); the same array when nothing moves. */
export function moveInOrder(order: readonly string[], id: string, to: number): string[] {
  const from = order.indexOf(id);
  if (from < 0) return order as string[];
  const target = Math.max(0, Math.min(order.length - 1, to));
  if (target === from) return order as string[];
  const next = order.filter((x) => x !== id);
  next.splice(target, 0, id);
  return next;
}

/**
 * Tabs whose turn ended while they were not on screen. A shown tab (the active one, or one per
 * pane of a split) is seen by definition; closed tabs drop out. Returns the same object when
 * nothing changed.
 */
export function noteUnseen(
  unseen: Record<string, true>,
  batch: readonly AppEvent[],
  shown: string | undefined | readonly string[],
  sessions: Record<string, SessionView>,
): Record<string, true> {
  const isShown = (id: string) => (typeof shown === 'string' ? id === shown : shown?.includes(id) === true);
  let next = unseen;
  const change = (f: (u: Record<string, true>) => void) => {
    if (next === unseen) next = { ...unseen };
    f(next);
  };
  for (const e of batch) {
    if (e.type !== 'session-events' || isShown(e.id)) continue;
    const ended = e.events.some((ev) => ev.kind === 'result' && !ev.result.interrupted);
    if (ended && !next[e.id]) change((u) => (u[e.id] = true));
  }
  for (const id of Object.keys(next)) {
    if (isShown(id) || !sessions[id]) change((u) => delete u[id]);
  }
  return next;
}

export type TabDisplayState = TabState | 'unseen';

/** What a tab shows: a prompt or failure first, then work in progress, then "finished, unseen". */
export function tabDisplayState(view: SessionView, unseen: boolean): TabDisplayState {
  const base = tabState(view);
  if (unseen && (base === 'idle' || base === 'ended')) return 'unseen';
  return base;
}

/** Ctrl/Cmd+1..8 go to that tab, 9 to the last one (as in browsers). */
export function tabForDigit(order: readonly string[], digit: number): string | undefined {
  if (digit < 1 || digit > 9) return undefined;
  return digit === 9 ? order[order.length - 1] : order[digit - 1];
}

/** The tab's name: the person's own, else the folder it works in. */
export function tabTitle(view: Pick<SessionView, 'cwd' | 'info'> | undefined): string {
  if (!view) return 'session';
  return view.info.title?.trim() || folderName(view.info.cwd ?? view.cwd) || 'session';
}
