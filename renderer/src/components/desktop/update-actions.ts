// The window's update calls: each answer goes into the desktop store, so the notice shows it
// (the same state also arrives as `update-state` events).
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import type { AppError } from '../../../../shared/result';
import { setUpdate } from './desktop-store';

/** The palette's "Check for updates" (the desktop app's Help menu asks the main process directly). */
export async function checkForUpdates(): Promise<void> {
  const r = await guarded(() => getApi().app.checkForUpdates({}));
  if (r.ok) setUpdate(r.value);
  else setUpdate({ phase: 'error', message: r.error.message, shown: true });
}

export async function dismissUpdate(): Promise<void> {
  const r = await guarded(() => getApi().app.dismissUpdate({}));
  if (r.ok) setUpdate(r.value);
}

/** Restart into the downloaded update; the refusal (a turn runs) comes back to show beside the button. */
export async function restartToUpdate(): Promise<AppError | undefined> {
  const r = await guarded(() => getApi().app.restartToUpdate({}));
  return r.ok ? undefined : r.error;
}
