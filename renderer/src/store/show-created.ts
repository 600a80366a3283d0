// A tab the host has just made is shown once its session has arrived, which can be a moment
// after the call that made it answered (the session comes with the host's next batch of
// events). A dialog that closes before then leaves the last tab on screen, with its message box
// taking what the person types next: the new session's first words went to the old one.
import type { ClideStore } from './store';

/** How long to wait for the new session before the caller goes on anyway. */
const WAIT_MS = 5000;

/** Show tab `id`; resolves once it is shown, or once the person chose another tab meanwhile. */
export function showCreated(store: ClideStore, id: string, waitMs = WAIT_MS): Promise<void> {
  store.getState().setActive(id);
  const settled = () => {
    const s = store.getState();
    return s.activeId === id || s.wantActive !== id;
  };
  if (settled()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const off = store.subscribe(() => {
      if (settled()) done();
    });
  });
}
