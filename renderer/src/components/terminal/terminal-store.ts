// Which tabs have their terminal panel open, their terminals (as tabs) and the one shown. Kept
// apart from the main store, and small: the first screen loads it, the terminal itself (xterm.js)
// is a part loaded when a panel first opens. The shells live in the core: this store follows
// them (terminal:list at start and after a dropped connection, then the terminal events), so a
// reloaded window finds its terminals again; which panels were open is kept for the browser tab.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ClideApi } from '../../../../shared/ipc';
import type { AppError } from '../../../../shared/result';
import type { TerminalExit, TerminalInfo } from '../../../../shared/terminal';

const OPEN_KEY = 'clide.terminal.open';

/** What the panel says about Run: a committed .clide/run to allow (exactly what it runs), or why it did not start. */
export type RunNote = { ask: { file: string; content: string; hash: string } } | { error: AppError };

export interface TerminalState {
  open: Record<string, true>;
  /** Each session's terminals, in tab order. */
  tabs: Record<string, string[]>;
  /** The terminal shown in each session's panel. */
  active: Record<string, string>;
  infos: Record<string, TerminalInfo>;
  /** The core's list has been read: until then a panel cannot tell "no terminal" from "not known yet". */
  synced: boolean;
  /** Bumped to move focus into a session's terminal (Ctrl+` while it is open elsewhere). */
  focusTick: Record<string, number>;
  runNote: Record<string, RunNote>;
  setRunNote(sessionId: string, note: RunNote | undefined): void;
  setOpen(sessionId: string, open: boolean): void;
  setActive(sessionId: string, terminalId: string): void;
  added(info: TerminalInfo): void;
  exited(terminalId: string, exit: TerminalExit): void;
  closed(terminalId: string): void;
  /** What the core has now (a start, a reconnection): terminals it no longer has are dropped. */
  replace(infos: TerminalInfo[]): void;
}

function readOpen(): Record<string, true> {
  try {
    const ids = JSON.parse(sessionStorage.getItem(OPEN_KEY) ?? '[]') as unknown;
    return Array.isArray(ids) ? Object.fromEntries(ids.filter((x): x is string => typeof x === 'string').map((id) => [id, true as const])) : {};
  } catch {
    return {};
  }
}

function saveOpen(open: Record<string, true>): void {
  try {
    sessionStorage.setItem(OPEN_KEY, JSON.stringify(Object.keys(open)));
  } catch {
    // Storage off: the panels just start closed after a reload.
  }
}

export const terminalStore = createStore<TerminalState>()((set) => ({
  open: typeof sessionStorage === 'undefined' ? {} : readOpen(),
  tabs: {},
  active: {},
  infos: {},
  synced: false,
  focusTick: {},
  runNote: {},
  setRunNote: (id, note) =>
    set((s) => {
      const { [id]: _was, ...rest } = s.runNote;
      return { runNote: note ? { ...rest, [id]: note } : rest };
    }),
  setOpen: (id, open) =>
    set((s) => {
      const { [id]: _was, ...rest } = s.open;
      const next = open ? { ...rest, [id]: true as const } : rest;
      saveOpen(next);
      return { open: next, focusTick: open ? { ...s.focusTick, [id]: (s.focusTick[id] ?? 0) + 1 } : s.focusTick };
    }),
  setActive: (id, terminalId) => set((s) => ({ active: { ...s.active, [id]: terminalId } })),
  added: (info) =>
    set((s) => {
      const list = s.tabs[info.sessionId] ?? [];
      const tabs = list.includes(info.terminalId) ? s.tabs : { ...s.tabs, [info.sessionId]: [...list, info.terminalId] };
      return { tabs, infos: { ...s.infos, [info.terminalId]: info }, active: { ...s.active, [info.sessionId]: info.terminalId } };
    }),
  exited: (terminalId, exit) =>
    set((s) => {
      const info = s.infos[terminalId];
      return info ? { infos: { ...s.infos, [terminalId]: { ...info, exit } } } : {};
    }),
  closed: (terminalId) =>
    set((s) => {
      const info = s.infos[terminalId];
      if (!info) return {};
      const { [terminalId]: _gone, ...infos } = s.infos;
      const list = (s.tabs[info.sessionId] ?? []).filter((t) => t !== terminalId);
      const at = (s.tabs[info.sessionId] ?? []).indexOf(terminalId);
      const active = { ...s.active };
      if (active[info.sessionId] === terminalId) {
        const next = list[Math.min(at, list.length - 1)];
        if (next) active[info.sessionId] = next;
        else delete active[info.sessionId];
      }
      return { infos, tabs: { ...s.tabs, [info.sessionId]: list }, active };
    }),
  replace: (all) =>
    set((s) => {
      const tabs: Record<string, string[]> = {};
      const infos: Record<string, TerminalInfo> = {};
      for (const info of all) {
        infos[info.terminalId] = info;
        (tabs[info.sessionId] ??= []).push(info.terminalId);
      }
      const active: Record<string, string> = {};
      for (const [sid, list] of Object.entries(tabs)) active[sid] = s.active[sid] && list.includes(s.active[sid]) ? s.active[sid] : list[0]!;
      return { tabs, infos, active, synced: true };
    }),
}));

export function useTerminals<T>(pick: (s: TerminalState) => T): T {
  return useStore(terminalStore, pick);
}

/** Follow the core's terminals: those alive now (also after a dropped connection), then every change. */
export function startTerminalSync(api: ClideApi): () => void {
  const load = () =>
    void api.terminal
      .list({})
      .then((r) => {
        if (r.ok) terminalStore.getState().replace(r.value.terminals);
      })
      .catch(() => {});
  const off = api.onEvents((batch) => {
    const s = terminalStore.getState();
    for (const e of batch) {
      if (e.type === 'terminal-created') s.added(e.terminal);
      else if (e.type === 'terminal-exit') s.exited(e.terminalId, e.exit);
      else if (e.type === 'terminal-closed') s.closed(e.terminalId);
      else if (e.type === 'session-closed' && s.open[e.id]) s.setOpen(e.id, false);
    }
  });
  const offConnection = api.onConnectionChange?.((state) => {
    if (state === 'connected') load();
  });
  load();
  return () => {
    off();
    offConnection?.();
  };
}

export { isRunKey, isTerminalKey } from './terminal-keys';
