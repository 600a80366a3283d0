// Full-text search in History: how far the host's index has got (pushed as `search-progress`
// events), kept apart from the main store so the sessions' hot path never re-renders for it.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ClideApi } from '../../../../shared/ipc';
import type { SearchProgress } from '../../../../shared/search';

export interface SearchState {
  progress: SearchProgress | undefined;
}

export const searchStore = createStore<SearchState>()(() => ({ progress: undefined }));

export function useSearchStore<T>(pick: (s: SearchState) => T): T {
  return useStore(searchStore, pick);
}

/** Follow the index's progress: its state now, then every pushed change. */
export function startSearchSync(api: ClideApi): () => void {
  const off = api.onEvents((batch) => {
    let progress: SearchProgress | undefined;
    for (const e of batch) if (e.type === 'search-progress') progress = e.progress;
    if (progress) searchStore.setState({ progress });
  });
  void api.history
    .searchStatus({})
    .then((r) => {
      if (r.ok && !searchStore.getState().progress) searchStore.setState({ progress: r.value });
    })
    .catch(() => {});
  return off;
}
