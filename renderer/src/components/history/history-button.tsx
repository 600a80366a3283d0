// History's button and shortcut, and what it keeps in sync from the first screen on (drafts
// kept by the host, the search index's progress). The drawer itself (history-panel.tsx) is a
// part loaded when it first opens.
import { useEffect } from 'react';
import { getApi } from '../../api';
import { lazyPart } from '../../lib/lazy-part';
import { isShortcut, useWindowKeys } from '../../lib/shortcuts';
import { historyStore, useHistoryStore } from '../../store/history-store';
import { startDraftSync } from '../../store/history-drafts';
import { clideStore } from '../../store/store';
import { LazyView } from '../common/lazy-view';
import { HISTORY_KEY_LABEL } from './history-keys';
import { startSearchSync } from './search-store';

const drawer = lazyPart('History', () => import('./history-panel'));

function toggleOnKey(e: globalThis.KeyboardEvent): void {
  if (!isShortcut(e, 'h', { shift: true })) return;
  e.preventDefault();
  const h = historyStore.getState();
  h.setOpen(!h.open);
}

/** Wires what history needs once per window: the shortcut, and drafts kept by the host. */
export function useHistory(): void {
  useEffect(() => startDraftSync(getApi(), clideStore), []);
  useEffect(() => startSearchSync(getApi()), []);
  useWindowKeys(toggleOnKey);
}

export function HistoryButton() {
  const open = useHistoryStore((s) => s.open);
  const setOpen = useHistoryStore((s) => s.setOpen);
  return (
    <button
      type="button"
      className="history-toggle"
      aria-label="History"
      aria-expanded={open}
      aria-haspopup="dialog"
      title={`History: past sessions (${HISTORY_KEY_LABEL})`}
      onClick={() => setOpen(!open)}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path d="M2.5 8a5.5 5.5 0 1 0 1.6-3.9" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        <path d="M2 2.5v2.8h2.8" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M8 5v3.2l2.2 1.4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

export function HistoryPanel() {
  const open = useHistoryStore((s) => s.open);
  return (
    <LazyView part={drawer} when={open}>
      {(m) => <m.HistoryDrawer />}
    </LazyView>
  );
}
