// Per-session selectors as hooks. Each selects the smallest piece it needs so that a
// streaming delta re-renders only the component showing the changed block.
import { useShallow } from 'zustand/react/shallow';
import { positionOf, type SessionView, type TranscriptItem } from '../../../shared/transcript';
import { useClide } from './store';

const NO_IDS: string[] = [];

export function useSessionView(sessionId: string): SessionView | undefined {
  return useClide((s) => s.sessions[sessionId]);
}

export function useSessionField<T>(sessionId: string, pick: (v: SessionView) => T, fallback: T): T {
  return useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? pick(v) : fallback;
  });
}

export function useItemIds(sessionId: string): string[] {
  return useClide(useShallow((s) => s.sessions[sessionId]?.items.map((i) => i.id) ?? NO_IDS));
}

export function useItem(sessionId: string, id: string): TranscriptItem | undefined {
  return useClide((s) => {
    const v = s.sessions[sessionId];
    const at = v ? positionOf(v, id) : undefined;
    return at === undefined ? undefined : v?.items[at];
  });
}

/** The type of the item before this one, to group consecutive replies under one author line. */
export function usePreviousItemType(sessionId: string, id: string): TranscriptItem['type'] | undefined {
  return useClide((s) => {
    const v = s.sessions[sessionId];
    const at = v ? positionOf(v, id) : undefined;
    return at === undefined || at === 0 ? undefined : v?.items[at - 1]?.type;
  });
}
