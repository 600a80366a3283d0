// ssh's password and passphrase prompts waiting for the person (pushed as `remote-prompt`
// events), kept apart from the main store: they are rare and belong to no tab. What is typed
// into one is sent once and never kept here.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { ClideApi } from '../../../../shared/ipc';
import type { RemotePrompt } from '../../../../shared/remote';

export interface RemoteState {
  prompts: RemotePrompt[];
}

export const remoteStore = createStore<RemoteState>()(() => ({ prompts: [] }));

export function useRemoteStore<T>(pick: (s: RemoteState) => T): T {
  return useStore(remoteStore, pick);
}

export function dropPrompt(id: string): void {
  remoteStore.setState((s) => ({ prompts: s.prompts.filter((p) => p.id !== id) }));
}

/** Follow the prompts: those waiting now (also after a dropped window connection), then every change. */
export function startRemoteSync(api: ClideApi): () => void {
  const load = () =>
    void api.remote
      .prompts({})
      .then((r) => {
        if (r.ok) remoteStore.setState({ prompts: r.value.prompts });
      })
      .catch(() => {});
  const off = api.onEvents((batch) => {
    let prompts = remoteStore.getState().prompts;
    for (const e of batch) {
      if (e.type === 'remote-prompt' && !prompts.some((p) => p.id === e.prompt.id)) prompts = [...prompts, e.prompt];
      else if (e.type === 'remote-prompt-closed') prompts = prompts.filter((p) => p.id !== e.id);
    }
    if (prompts !== remoteStore.getState().prompts) remoteStore.setState({ prompts });
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
