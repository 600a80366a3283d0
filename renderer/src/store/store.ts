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
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AppEvent, AppSnapshot, ClaudeCheck, Environment } from '../../../shared/ipc';
import type { AppError } from '../../../shared/result';
import { activate, applyBatch, initialSessions, replaceFromSnapshot, type SessionsState } from './sessions';
import { teamFromBatch, teamSlice, type TeamSlice } from './team';
import { DeltaHold } from './held-deltas';
import { workspaceSlice, type WorkspaceSlice } from './workspace';

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

export type ClideState = EnvironmentSlice & SessionsSlice & ConnectionSlice & TeamSlice & ComposerSlice & WorkspaceSlice;
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

const sessionsSlice = (set: Set, get: Get, hold: DeltaHold): SessionsSlice => ({
  ...initialSessions,
  apply: (incoming) => {
    // Hidden tabs' streaming text waits a little (held-deltas.ts); everything else applies now.
    const batch = hold.take(incoming, get().activeId);
    if (batch.length === 0) return;
    const before = sessionsOf(get());
    const after = applyBatch(before, batch);
    if (after !== before) set(after);
    const team = teamFromBatch(batch);
    if (team) set({ team });
    get().noteBatch(batch);
  },
  loadSnapshot: (snapshot) => {
    hold.clear();
    set((s) => ({
      ...replaceFromSnapshot(sessionsOf(s), snapshot.sessions),
      environment: snapshot.environment,
      load: { phase: 'ready' },
      ...(snapshot.team ? { team: snapshot.team } : {}),
    }));
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
  return createStore<ClideState>()((set, get) => ({
    ...environmentSlice(set),
    ...sessionsSlice(set, get, new DeltaHold()),
    ...connectionSlice(set),
    ...composerSlice(set),
    ...teamSlice(set),
    ...workspaceSlice(set, get),
  }));
}

/** The window's store. */
export const clideStore = createClideStore();

export function useClide<T>(selector: (state: ClideState) => T): T {
  return useStore(clideStore, selector);
}
