// The history panel's own small store: whether it is open, what the host listed, the search.
// Kept apart from the main store so the sessions' hot path never re-renders for it.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { HistorySession } from '../../../shared/history';
import type { AppError } from '../../../shared/result';

export interface HistoryState {
  open: boolean;
  /** Undefined until the first list arrived. */
  sessions: HistorySession[] | undefined;
  loading: boolean;
  /** When the list arrived (times in it read relative to this). */
  listedAt: number;
  error: AppError | undefined;
  /** Why the last past session asked for could not be opened (from the list or the palette). */
  openError: AppError | undefined;
  query: string;
  setOpen(open: boolean): void;
  setQuery(query: string): void;
  listing(): void;
  listed(sessions: HistorySession[]): void;
  failed(error: AppError): void;
  openFailed(error: AppError | undefined): void;
}

export function createHistoryStore() {
  return createStore<HistoryState>()((set) => ({
    open: false,
    sessions: undefined,
    loading: false,
    listedAt: 0,
    error: undefined,
    openError: undefined,
    query: '',
    setOpen: (open) => set((s) => (s.open === open ? {} : { open })),
    setQuery: (query) => set({ query }),
    listing: () => set({ loading: true, error: undefined }),
    listed: (sessions) => set({ sessions, loading: false, error: undefined, listedAt: Date.now() }),
    failed: (error) => set({ loading: false, error }),
    openFailed: (openError) => set({ openError }),
  }));
}

export const historyStore = createHistoryStore();

export function useHistoryStore<T>(selector: (s: HistoryState) => T): T {
  return useStore(historyStore, selector);
}
