// A search hit to land on: the History asks for a tab and a target, and that tab's transcript
// scrolls there once the entry exists (reveal.ts, reveal-mark.ts).
import { createStore } from 'zustand/vanilla';
import type { SearchTarget } from '../../../../shared/search';

export interface RevealRequest {
  tabId: string;
  target: SearchTarget;
  /** Words to mark in the entry (the search's). */
  words: string[];
  at: number;
}

export const revealStore = createStore<{ request: RevealRequest | undefined }>()(() => ({ request: undefined }));

export function requestReveal(tabId: string, target: SearchTarget, words: string[]): void {
  revealStore.setState({ request: { tabId, target, words, at: Date.now() } });
}
