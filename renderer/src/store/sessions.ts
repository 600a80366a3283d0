// Pure updates of the sessions slice. The store calls these; tests call them directly.
import type { AppEvent, SessionSnapshot } from '../../../shared/ipc';
import { applyEvents, type SessionView } from '../../../shared/transcript';

export interface SessionsState {
  sessions: Record<string, SessionView>;
  /** Tab order. */
  order: string[];
  activeId: string | undefined;
  /** A session this window asked for and wants to show as soon as it exists. */
  wantActive: string | undefined;
}

export const initialSessions: SessionsState = { sessions: {}, order: [], activeId: undefined, wantActive: undefined };

/** Apply one pushed batch. Returns the same object when nothing changed. */
export function applyBatch(state: SessionsState, batch: readonly AppEvent[]): SessionsState {
  let sessions = state.sessions;
  let order = state.order;
  let activeId = state.activeId;
  let wantActive = state.wantActive;
  const copy = () => {
    if (sessions === state.sessions) sessions = { ...sessions };
  };
  for (const e of batch) {
    switch (e.type) {
      case 'session-events': {
        const view = sessions[e.id];
        // Events for a session this window does not know are late arrivals for a closed tab
        // (the host reports the final status after `session-closed`); never resurrect it.
        if (!view) break;
        const next = applyEvents(view, e.events);
        if (next !== view) {
          copy();
          sessions[e.id] = next;
        }
        break;
      }
      case 'session-created': {
        const { id, view } = e.session;
        if (!sessions[id]) {
          copy();
          sessions[id] = view;
        }
        if (!order.includes(id)) order = [...order, id];
        if (activeId === undefined || !sessions[activeId] || wantActive === id) {
          activeId = id;
          if (wantActive === id) wantActive = undefined;
        }
        break;
      }
      case 'session-closed': {
        if (!sessions[e.id] && !order.includes(e.id)) break;
        copy();
        delete sessions[e.id];
        const at = order.indexOf(e.id);
        order = order.filter((id) => id !== e.id);
        if (activeId === e.id) activeId = order[Math.min(Math.max(at, 0), order.length - 1)];
        if (wantActive === e.id) wantActive = undefined;
        break;
      }
    }
  }
  if (sessions === state.sessions && order === state.order && activeId === state.activeId && wantActive === state.wantActive) return state;
  return { sessions, order, activeId, wantActive };
}

/**
 * Replace every session with the host's snapshot (first load, or after a reconnect: the
 * snapshot carries pending prompts too). After a reconnect, known tabs keep their place and new
 * ones go last. On the first load the host's order is taken as it is: tabs whose creation was
 * pushed before the snapshot came (a window that opens while the host reopens the previous
 * run's tabs) are in the order they happened to finish, not one the person chose.
 */
export function replaceFromSnapshot(state: SessionsState, snapshots: readonly SessionSnapshot[], first = false): SessionsState {
  const sessions: Record<string, SessionView> = {};
  for (const s of snapshots) sessions[s.id] = s.view;
  const kept = first ? [] : state.order.filter((id) => sessions[id]);
  const added = snapshots.map((s) => s.id).filter((id) => !kept.includes(id));
  const order = [...kept, ...added];
  let activeId = !first && state.activeId && sessions[state.activeId] ? state.activeId : undefined;
  let wantActive = state.wantActive;
  if (wantActive && sessions[wantActive]) {
    activeId = wantActive;
    wantActive = undefined;
  }
  return { sessions, order, activeId: activeId ?? order[0], wantActive };
}

/** Show a session now if it exists, else as soon as it does. */
export function activate(state: SessionsState, id: string): SessionsState {
  if (state.sessions[id]) return state.activeId === id && !state.wantActive ? state : { ...state, activeId: id, wantActive: undefined };
  return { ...state, wantActive: id };
}
