// The words the window shows for the desktop app's update state (shared/desktop.ts). Kept apart
// from the schemas, with no zod: the notice bar is part of the window's first screen.
import type { UpdateState } from './desktop';

export interface UpdateNotice {
  text: string;
  tone: 'info' | 'error';
  /** Offer "Restart now" (an update is ready). */
  restart: boolean;
  /** Still working: no dismiss button needed until it settles. */
  busy: boolean;
}

/** The words the window shows for an update state; undefined: nothing to show. */
export function updateNotice(state: UpdateState): UpdateNotice | undefined {
  if (!state.shown) return undefined;
  const v = state.version ? ` ${state.version}` : '';
  switch (state.phase) {
    case 'ready':
      return { text: `Update ready: restart to install clide${v}.`, tone: 'info', restart: true, busy: false };
    case 'up-to-date':
      return { text: "You're up to date.", tone: 'info', restart: false, busy: false };
    case 'checking':
      return { text: 'Checking for updates…', tone: 'info', restart: false, busy: true };
    case 'downloading':
      return {
        text: `Downloading clide${v}${state.percent !== undefined ? ` (${Math.floor(state.percent)} %)` : ''}…`,
        tone: 'info',
        restart: false,
        busy: true,
      };
    case 'error':
      return { text: state.message ?? 'The update check failed.', tone: 'error', restart: false, busy: false };
    case 'unsupported':
      return {
        text: 'Updates apply to the desktop app. The browser host runs the code of your checkout: update it with git pull, then restart npm run web.',
        tone: 'info',
        restart: false,
        busy: false,
      };
    case 'development':
      return { text: 'Updates are off when clide runs from source (npm start, npm run dev).', tone: 'info', restart: false, busy: false };
    case 'idle':
      return undefined;
  }
}
