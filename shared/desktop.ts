// What the desktop app does as an app: folders handed to it on the command line, from the file
// manager or a clide:// link (each becomes a new tab), and its own updates. The main process
// decides (electron/core/launch, electron/core/updates); the window only shows and asks.
import { z } from 'zod';

/** One thing a launch asked for: a folder to open a session in, or why it could not be opened. */
export const LaunchRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('open'), cwd: z.string() }),
  z.object({ kind: z.literal('error'), message: z.string(), hint: z.string().optional() }),
]);
export type LaunchRequest = z.infer<typeof LaunchRequestSchema>;

export const UpdatePhaseSchema = z.enum([
  /** The browser host: the app is updated with its checkout, not by itself. */
  'unsupported',
  /** Run from source (not a packaged app): nothing to update. */
  'development',
  'idle',
  'checking',
  'downloading',
  /** Downloaded and verified; installed when clide restarts or quits. */
  'ready',
  /** A check the person asked for found nothing newer. */
  'up-to-date',
  /** A check the person asked for (or the download of a found update) failed. */
  'error',
]);
export type UpdatePhase = z.infer<typeof UpdatePhaseSchema>;

export const UpdateStateSchema = z.object({
  phase: UpdatePhaseSchema,
  /** The version found, downloading or ready. */
  version: z.string().optional(),
  /** Download progress, 0..100. */
  percent: z.number().optional(),
  /** What went wrong, in plain words (phase `error`). */
  message: z.string().optional(),
  /** The person has not dismissed this notice (a background check's result is shown only when it matters). */
  shown: z.boolean(),
});
export type UpdateState = z.infer<typeof UpdateStateSchema>;

export const desktopContracts = {
  /** Folders handed to the app since the window last asked (each taken once). */
  takeLaunchRequests: { input: z.object({}).strict(), output: z.object({ requests: z.array(LaunchRequestSchema) }) },
  updateState: { input: z.object({}).strict(), output: UpdateStateSchema },
  /** Check now (the menu item or the palette); the answer comes as `update-state` events too. */
  checkForUpdates: { input: z.object({}).strict(), output: UpdateStateSchema },
  /** Restart into the downloaded update; refused, with the reason, while a turn runs. */
  restartToUpdate: { input: z.object({}).strict(), output: z.object({}) },
  /** Hide the current notice (it comes back when something new happens). */
  dismissUpdate: { input: z.object({}).strict(), output: UpdateStateSchema },
} as const;

export const DesktopEventSchemas = [
  /** Something was handed to the app: take it with `app:takeLaunchRequests`. */
  z.object({ type: z.literal('launch-requests') }),
  z.object({ type: z.literal('update-state'), state: UpdateStateSchema }),
] as const;

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
