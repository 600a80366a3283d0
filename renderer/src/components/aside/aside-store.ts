// Which tabs have their Ask aside panel open, and the question being typed in each. Kept apart
// from the main store so typing a question never re-renders the transcript. The questions and
// answers themselves live in the session view (`asides`), pushed by the main process.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export interface AsideState {
  open: Record<string, true>;
  drafts: Record<string, string>;
  /** Bumped to move focus into a tab's question box (opening it again while open). */
  focusTick: Record<string, number>;
  /** `focus`: move the cursor into its question box (not for a /btw asked from the message box). */
  setOpen(id: string, open: boolean, focus?: boolean): void;
  setDraft(id: string, text: string): void;
  forget(id: string): void;
}

export const asideStore = createStore<AsideState>()((set) => ({
  open: {},
  drafts: {},
  focusTick: {},
  setOpen: (id, open, focus = true) =>
    set((s) => {
      const { [id]: _was, ...rest } = s.open;
      return { open: open ? { ...rest, [id]: true } : rest, focusTick: open && focus ? { ...s.focusTick, [id]: (s.focusTick[id] ?? 0) + 1 } : s.focusTick };
    }),
  setDraft: (id, text) => set((s) => (s.drafts[id] === text ? {} : { drafts: { ...s.drafts, [id]: text } })),
  forget: (id) =>
    set((s) => {
      const { [id]: _open, ...open } = s.open;
      const { [id]: _draft, ...drafts } = s.drafts;
      const { [id]: _tick, ...focusTick } = s.focusTick;
      return { open, drafts, focusTick };
    }),
}));

export function useAside<T>(pick: (s: AsideState) => T): T {
  return useStore(asideStore, pick);
}
