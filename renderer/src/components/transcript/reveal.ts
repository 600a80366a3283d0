// Opening a search hit lands on its message: the History asks for a tab and a target (an
// entry, or the tool card of a tool call; reveal-store.ts), and the tab's transcript scrolls
// there once the entry exists (a resumed session's earlier conversation arrives after the tab
// opens), then marks it and the searched words for a moment. The finding and marking are a
// part loaded when a request first comes (reveal-mark.ts).
import { useEffect } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { revealStore } from './reveal-store';

const marking = lazyPart('landing on a search hit', () => import('./reveal-mark'));

/**
 * Scroll to a pending reveal for this tab when its row is there; `rows` are the positions of the
 * rows' entries (top-level-rows.ts), `show` scrolls to a row index.
 */
export function useReveal(tabId: string, rows: readonly number[], list: () => HTMLElement | null, show: (row: number) => void): void {
  useEffect(() => {
    let live = true;
    const check = () => {
      const request = revealStore.getState().request;
      if (!request || request.tabId !== tabId) return;
      const loaded = marking.loaded();
      if (loaded) return loaded.revealNow(tabId, rows, list, show);
      marking.load().then(
        (m) => live && m.revealNow(tabId, rows, list, show),
        () => undefined,
      );
    };
    check();
    const stop = revealStore.subscribe(check);
    return () => {
      live = false;
      stop();
    };
  }, [tabId, rows, list, show]);
}
