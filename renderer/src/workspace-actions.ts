// What the window asks of the host about everything around the sessions: settings, folders for
// new sessions, renaming a tab, the context breakdown, raising the window. Like app-actions,
// every call returns a Result and never throws; results that change shared state go into the
// store here, so every component sees the same thing.
import type { ContextUsage } from '../../shared/events';
import type { FolderPick, PathCompletion } from '../../shared/folders';
import type { ClideApi } from '../../shared/ipc';
import type { Result } from '../../shared/result';
import type { SettingsPatch, SettingsState } from '../../shared/settings';
import type { ClideStore } from './store/store';

export interface WorkspaceActions {
  /** Fetch the settings (and a one-time warning about the stored file) into the store. */
  loadSettings(): Promise<Result<SettingsState>>;
  /** `confirm`: the nonce of the person's confirmation, for the changes that need one (api/confirm.ts). */
  updateSettings(patch: SettingsPatch & { confirm?: string }): Promise<Result<SettingsState>>;
  pickFolder(defaultPath?: string): Promise<Result<FolderPick>>;
  completePath(prefix: string): Promise<Result<PathCompletion>>;
  renameSession(id: string, title: string): Promise<Result<unknown>>;
  /**
   * Ask the CLI what fills the context window now; kept in the store for the status bar.
   * `cached`: a tab with no process answers from the count its folder started with last time.
   */
  fetchContextUsage(id: string, cached?: boolean): Promise<Result<ContextUsage>>;
  focusWindow(): Promise<Result<unknown>>;
}

type Call = <T>(f: () => Promise<Result<T>>) => Promise<Result<T>>;

export function createWorkspaceActions(api: ClideApi, store: ClideStore, call: Call): WorkspaceActions {
  const keep = (r: Result<SettingsState>): Result<SettingsState> => {
    if (r.ok) store.getState().setSettings(r.value.settings, r.value.warning);
    return r;
  };
  return {
    loadSettings: async () => keep(await call(() => api.settings.get({}))),
    updateSettings: async (patch) => keep(await call(() => api.settings.update(patch))),
    pickFolder: (defaultPath) => call(() => api.folders.pick(defaultPath ? { defaultPath } : {})),
    completePath: (prefix) => call(() => api.folders.complete({ prefix })),
    renameSession: (id, title) => call(() => api.session.rename({ id, title })),
    fetchContextUsage: async (id, cached) => {
      const r = await call(() => api.session.getContextUsage(cached ? { id, cached } : { id }));
      if (r.ok && store.getState().sessions[id]) store.getState().setContextUsage(id, r.value);
      return r;
    },
    focusWindow: () => call(() => api.app.focusWindow({})),
  };
}
