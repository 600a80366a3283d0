// Wires the host's API to the store: pushed events go straight into the store; the snapshot
// is fetched on start and again after a dropped connection comes back (it carries pending
// prompts, so nothing the person must answer is lost across a reconnect).
import type { ClideApi } from '../../shared/ipc';
import type { AppActions } from './app-actions';
import type { ClideStore } from './store/store';
import { shareStrings } from './lib/transcript/share-strings';

export function startApp(api: ClideApi, store: ClideStore, actions: AppActions): () => void {
  const offEvents = api.onEvents((batch) => {
    store.getState().apply(shareStrings(batch));
    // A folder handed to the running app (a second launch, a link): open it once the window has
    // loaded (until then, loading the snapshot takes it).
    if (batch.some((e) => e.type === 'launch-requests') && store.getState().load.phase === 'ready') void actions.openLaunches();
  });
  let dropped = false;
  const offConnection = api.onConnectionChange?.((state) => {
    if (state !== 'connected') {
      dropped = true;
      store.getState().setConnection(state);
      return;
    }
    store.getState().setConnection('connected');
    const loaded = store.getState().load.phase === 'ready';
    if (dropped || !loaded) {
      dropped = false;
      void actions.loadSnapshot({ createIfEmpty: !loaded });
    }
  });
  void actions.loadSnapshot({ createIfEmpty: true });
  return () => {
    offEvents();
    offConnection?.();
  };
}
