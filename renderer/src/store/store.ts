// The app's main zustand store: typed slices for the environment, the sessions and tabs, the
// team and the workspace. Actions are plain functions on the state, callable from outside React:
// the API wiring pushes event batches in with `getState().apply(batch)`. Reducers only compute
// state; anything that talks to the host lives in ../app-actions.ts.
//
// A few small stores are kept apart on purpose, each beside what it serves, so a keystroke in
// one of them never re-renders the transcript: history-store.ts here (the History drawer),
// components/history/search-store.ts (search results), components/find/find-store.ts (the find
// bar), components/composer/attachments.ts (images waiting to be sent),
// components/modes/mode-requests.ts (mode changes on their way to the CLI),
// components/transcript/reveal.ts (the entry to scroll to) and components/aside/aside-store.ts
// (which Ask aside panels are open, and the question being typed). Eight stores in all.
//
// The split view (split.ts, split-slice.ts) keeps `activeId` as the focused pane's tab, so
// whatever acts on the current tab acts on the focused pane.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppEvent, AppSnapshot, ClaudeCheck, Environment } from '../../../shared/ipc';
import type { AppError } from '../../../shared/result';
import { activate, applyBatch, initialSessions, replaceFromSnapshot, type SessionsState } from './sessions';
import { teamFromBatch, teamSlice, type TeamSlice } from './team';
import { DeltaHold } from './held-deltas';
import { workspaceSlice, type WorkspaceSlice } from './workspace';
import { fitLayout, showTab, shownTabs, type LayoutState } from './split';
import { applyLayout, splitSlice, type SplitSlice } from './split-slice';

/**
 * 'refused': the host turned this window away (a stale access token); retrying will not help.
 * 'full': it has as many windows connected as it allows; this one gets in when one closes.
 */
export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'refused' | 'full';
export type LoadState = { phase: 'loading' } | { phase: 'ready' } | { phase: 'error'; error: AppError };

export interface EnvironmentSlice {
  environment: Environment | undefined;
  load: LoadState;
  setLoad(load: LoadState): void;
  setClaude(check: ClaudeCheck): void;
}

export interface SessionsSlice extends SessionsState {
  apply(batch: readonly AppEvent[]): void;
  /** Take the host's snapshot: environment and every session (replacing what was there). */
  loadSnapshot(snapshot: AppSnapshot): void;
  setActive(id: string): void;
}

export interface ConnectionSlice {
  connection: ConnectionState;
  /** Why the host refused this window, when it did. */
  connectionError: AppError | undefined;
  setConnection(state: ConnectionState, error?: AppError): void;
}

export interface ComposerSlice {
  /** Unsent text per session, kept across tab switches and reconnects. */
  drafts: Record<string, string>;
  setDraft(sessionId: string, text: string): void;
}

export type ClideState = EnvironmentSlice & SessionsSlice & ConnectionSlice & TeamSlice & ComposerSlice & WorkspaceSlice & SplitSlice;
export type ClideStore = StoreApi<ClideState>;

type Set = StoreApi<ClideState>['setState'];
type Get = StoreApi<ClideState>['getState'];

const environmentSlice = (set: Set): EnvironmentSlice => ({
  environment: undefined,
  load: { phase: 'loading' },
  setLoad: (load) => set({ load }),
  setClaude: (claude) => set((s) => (s.environment ? { environment: { ...s.environment, claude } } : {})),
});

function sessionsOf(s: SessionsState): SessionsState {
  return { sessions: s.sessions, order: s.order, activeId: s.activeId, wantActive: s.wantActive };
}

function layoutOf(s: ClideState): LayoutState {
  return { order: s.order, activeId: s.activeId, split: s.split };
}

/** Apply a layout change, catching up any tab it brings on screen. */
function relayout(set: Set, get: Get, hold: DeltaHold, next: LayoutState): void {
  applyLayout(
    set,
    get,
    hold,
    (held) => {
      const current = sessionsOf(get());
      const caughtUp = applyBatch(current, [held]);
      if (caughtUp !== current) set(caughtUp);
    },
    next,
  );
}

const sessionsSlice = (set: Set, get: Get, hold: DeltaHold): SessionsSlice => ({
  ...initialSessions,
  apply: (incoming) => {
    // Hidden tabs' streaming text waits a little (held-deltas.ts); everything else applies now.
    const batch = hold.take(incoming, shownTabs(get()));
    if (batch.length === 0) return;
    const before = sessionsOf(get());
    const layoutBefore = layoutOf(get());
    const after = applyBatch(before, batch);
    if (after !== before) {
      set(after);
      // Tabs opened or closed: the split's panes follow.
      if (after.order !== before.order || after.activeId !== before.activeId) relayout(set, get, hold, fitLayout(layoutBefore, after));
    }
    const team = teamFromBatch(batch);
    if (team) set({ team });
    get().noteBatch(batch);
  },
  loadSnapshot: (snapshot) => {
    hold.clear();
    const layoutBefore = layoutOf(get());
    set((s) => ({
      ...replaceFromSnapshot(sessionsOf(s), snapshot.sessions, s.load.phase !== 'ready'),
      environment: snapshot.environment,
      load: { phase: 'ready' },
      ...(snapshot.team ? { team: snapshot.team } : {}),
    }));
    set(fitLayout(layoutBefore, get()));
  },
  setActive: (id) => {
    const held = hold.release(id);
    if (held) {
      const current = sessionsOf(get());
      const caughtUp = applyBatch(current, [held]);
      if (caughtUp !== current) set(caughtUp);
    }
    const before = sessionsOf(get());
    const after = activate(before, id);
    if (after !== before) set(after);
    // In a split, the tab shows in its own pane, which takes focus.
    relayout(set, get, hold, showTab(layoutOf(get()), id));
    get().markSeen(id);
  },
});

const connectionSlice = (set: Set): ConnectionSlice => ({
  connection: 'connected',
  connectionError: undefined,
  setConnection: (connection, error) => set({ connection, connectionError: error }),
});

const composerSlice = (set: Set): ComposerSlice => ({
  drafts: {},
  setDraft: (sessionId, text) => set((s) => (s.drafts[sessionId] === text ? {} : { drafts: { ...s.drafts, [sessionId]: text } })),
});

export function createClideStore(): ClideStore {
  return createStore<ClideState>()((set, get) => {
    const hold = new DeltaHold();
    return {
      ...environmentSlice(set),
      ...sessionsSlice(set, get, hold),
      ...splitSlice((f) => relayout(set, get, hold, f(layoutOf(get()))), get),
      ...connectionSlice(set),
      ...composerSlice(set),
      ...teamSlice(set),
      ...workspaceSlice(set, get),
    };
  });
}

/** The window's store. */
export const clideStore = createClideStore();

export function useClide<T>(selector: (state: ClideState) => T): T {
  return useStore(clideStore, selector);
}
