// The sandboxed preload: exposes exactly one object, window.clide, with one function per
// contract channel plus onEvents. The renderer never gets ipcRenderer or an IPC event object.
// Bundled as CommonJS (sandboxed preloads cannot be ES modules); zod is bundled in.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { channels, EVENTS_CHANNEL, type AppEvent, type ClideApi, type Domain } from '../shared/ipc';

type Call = (input: unknown) => Promise<unknown>;

function domainApi<D extends Domain>(domain: D): ClideApi[D] {
  const calls: Record<string, Call> = {};
  for (const c of channels()) {
    if (c.domain === domain) calls[c.verb] = (input) => ipcRenderer.invoke(c.channel, input);
  }
  // The verbs come from the same contract table ClideApi is derived from.
  return calls as ClideApi[D];
}

function onEvents(listener: (batch: AppEvent[]) => void): () => void {
  if (typeof listener !== 'function') throw new TypeError('clide.onEvents needs a function');
  const forward = (_event: IpcRendererEvent, batch: AppEvent[]): void => listener(batch);
  ipcRenderer.on(EVENTS_CHANNEL, forward);
  return () => {
    ipcRenderer.removeListener(EVENTS_CHANNEL, forward);
  };
}

// Listing the domains here (rather than looping) makes a new domain in the contract table a
// type error until the preload exposes it.
export const api: ClideApi = {
  app: domainApi('app'),
  session: domainApi('session'),
  settings: domainApi('settings'),
  folders: domainApi('folders'),
  team: domainApi('team'),
  history: domainApi('history'),
  git: domainApi('git'),
  worktree: domainApi('worktree'),
  remote: domainApi('remote'),
  rules: domainApi('rules'),
  trust: domainApi('trust'),
  usage: domainApi('usage'),
  files: domainApi('files'),
  confirm: domainApi('confirm'),
  terminal: domainApi('terminal'),
  onEvents,
};

contextBridge.exposeInMainWorld('clide', api);
