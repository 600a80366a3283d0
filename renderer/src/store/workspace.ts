// The store's slice for everything around the sessions: settings pushed by the host, tabs that
// finished unseen, tab order changes, the context-usage breakdowns fetched for the status bar,
// and which window-level dialog is open. Pure state; the API calls live in workspace-actions.
import type { ContextUsage } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';
import type { Settings } from '../../../shared/settings';
import type { SessionView } from '../../../shared/transcript';
import { moveInOrder, noteUnseen } from './tabs';
import { moveTabTo, shownTabs, type SplitLayout } from './split';

export type WindowDialog = 'new-session' | 'settings' | 'inbox' | 'palette' | 'mcp' | 'rules' | 'tasks' | 'usage';

export interface WorkspaceSlice {
  /** The host's settings (undefined until first fetched). */
  settings: Settings | undefined;
  /** A problem with the stored settings, shown until dismissed. */
  settingsWarning: string | undefined;
  setSettings(settings: Settings, warning?: string): void;
  dismissSettingsWarning(): void;
  /** Tabs whose turn ended while another tab was shown. */
  unseen: Record<string, true>;
  markSeen(id: string): void;
  /** Bookkeeping after a pushed batch was applied (called by the sessions slice). */
  noteBatch(batch: readonly AppEvent[]): void;
  moveTab(id: string, to: number): void;
  /** The latest get_context_usage answer per session (the status bar's breakdown). */
  contextUsage: Record<string, ContextUsage>;
  setContextUsage(id: string, usage: ContextUsage): void;
  dialog: WindowDialog | undefined;
  openDialog(dialog: WindowDialog | undefined): void;
  /** The tab whose close waits for the person's confirmation. */
  confirmClose: string | undefined;
  askToClose(id: string | undefined): void;
}

interface Base {
  order: string[];
  activeId: string | undefined;
  sessions: Record<string, SessionView>;
  split: SplitLayout | undefined;
}

type State = WorkspaceSlice & Base;
type Set = (partial: Partial<State> | ((s: State) => Partial<State>)) => void;
type Get = () => State;

export const workspaceSlice = (set: Set, get: Get): WorkspaceSlice => ({
  settings: undefined,
  settingsWarning: undefined,
  setSettings: (settings, warning) => set((s) => ({ settings, settingsWarning: warning ?? s.settingsWarning })),
  dismissSettingsWarning: () => set({ settingsWarning: undefined }),
  unseen: {},
  markSeen: (id) => {
    if (!get().unseen[id]) return;
    const { [id]: _seen, ...rest } = get().unseen;
    set({ unseen: rest });
  },
  noteBatch: (batch) => {
    const s = get();
    let settings = s.settings;
    for (const e of batch) if (e.type === 'settings-changed') settings = e.settings;
    const unseen = noteUnseen(s.unseen, batch, shownTabs(s), s.sessions);
    let contextUsage = s.contextUsage;
    for (const e of batch) {
      if (e.type === 'session-closed' && contextUsage[e.id]) {
        const { [e.id]: _gone, ...rest } = contextUsage;
        contextUsage = rest;
      }
    }
    if (settings !== s.settings || unseen !== s.unseen || contextUsage !== s.contextUsage) set({ settings, unseen, contextUsage });
  },
  moveTab: (id, to) => {
    const s = get();
    const order = moveInOrder(s.order, id, to);
    if (order === s.order) return;
    // In a split, a tab moved among the other pane's tabs joins that pane.
    const next = moveTabTo(s, order, id);
    set({ order: next.order, activeId: next.activeId, split: next.split });
  },
  contextUsage: {},
  setContextUsage: (id, usage) => set((s) => ({ contextUsage: { ...s.contextUsage, [id]: usage } })),
  dialog: undefined,
  openDialog: (dialog) => set({ dialog }),
  confirmClose: undefined,
  askToClose: (id) => set({ confirmClose: id }),
});
