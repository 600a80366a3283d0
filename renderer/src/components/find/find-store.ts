// State of find in transcript: the query, the matches in the session's data, which one is
// current, and which collapsed parts hold matches (so their heads can say so).
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { FindMatch } from '../../lib/transcript/transcript-search';

export interface FindState {
  open: boolean;
  sessionId: string | undefined;
  query: string;
  matches: FindMatch[];
  total: number;
  capped: boolean;
  /** Index into matches; -1 when there is none. */
  current: number;
  searching: boolean;
  /** Disclosure keys (with the session prefix) of collapsibles that hold at least one match. */
  marks: ReadonlySet<string>;
  /** Bumped on every navigation, so the same match can be revealed again. */
  seq: number;
}

const initial: FindState = {
  open: false,
  sessionId: undefined,
  query: '',
  matches: [],
  total: 0,
  capped: false,
  current: -1,
  searching: false,
  marks: new Set(),
  seq: 0,
};

export const findStore = createStore<FindState>()(() => initial);

export function openFind(sessionId: string): void {
  const s = findStore.getState();
  if (s.sessionId !== sessionId) findStore.setState({ ...initial, open: true, sessionId, seq: s.seq + 1 });
  else findStore.setState({ open: true, seq: s.seq + 1 });
}

export function closeFind(): void {
  findStore.setState({ ...initial, seq: findStore.getState().seq + 1 });
}

export function setFindQuery(query: string): void {
  findStore.setState({ query, searching: query !== '' });
}

/** `reveal`: scroll to the current match (a new query); false when only the data changed. */
export function setFindResults(matches: FindMatch[], total: number, capped: boolean, current: number, marks: ReadonlySet<string>, reveal = true): void {
  const s = findStore.getState();
  findStore.setState({ matches, total, capped, current: matches.length ? current : -1, searching: false, marks, seq: reveal ? s.seq + 1 : s.seq });
}

export function stepFind(delta: 1 | -1): void {
  const s = findStore.getState();
  if (s.matches.length === 0) return;
  const n = s.matches.length;
  findStore.setState({ current: (((s.current + delta) % n) + n) % n, seq: s.seq + 1 });
}

export function useFind<T>(pick: (s: FindState) => T): T {
  return useStore(findStore, pick);
}

/** True when find is open and this collapsible (a disclosure key) holds a match. */
export function useFindMark(key: string): boolean {
  return useStore(findStore, (s) => s.open && s.marks.has(key));
}
