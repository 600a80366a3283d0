// Per-session selectors as hooks. Each selects the smallest piece it needs so that a
// streaming delta re-renders only the component showing the changed block.
import type { SessionView } from '../../../shared/transcript';
import { useClide } from './store';

export function useSessionField<T>(sessionId: string, pick: (v: SessionView) => T, fallback: T): T {
  return useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? pick(v) : fallback;
  });
}
