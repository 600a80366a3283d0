// What the desktop app does as an app: folders handed to it on the command line, from the file
// manager or a clide:// link (each becomes a new tab), and its own updates. The main process
// decides (electron/core/launch, electron/core/updates); the window only shows and asks.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** One thing a launch asked for: a folder to open a session in, or why it could not be opened. */
export const LaunchRequestSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('open'), cwd: z.string() }),
    z.object({ kind: z.literal('error'), message: z.string(), hint: z.string().optional() }),
  ]),
);
export type LaunchRequest = z.infer<typeof LaunchRequestSchema>;

export const UpdatePhaseSchema = lazySchema(() =>
  z.enum([
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
  ]),
);
export type UpdatePhase = z.infer<typeof UpdatePhaseSchema>;

export const UpdateStateSchema = lazySchema(() =>
  z.object({
    phase: UpdatePhaseSchema,
    /** The version found, downloading or ready. */
    version: z.string().optional(),
    /** Download progress, 0..100. */
    percent: z.number().optional(),
    /** What went wrong, in plain words (phase `error`). */
    message: z.string().optional(),
    /** The person has not dismissed this notice (a background check's result is shown only when it matters). */
    shown: z.boolean(),
  }),
);
export type UpdateState = z.infer<typeof UpdateStateSchema>;

export const desktopContracts = {
  /** Folders handed to the app since the window last asked (each taken once). */
  takeLaunchRequests: lazySchema(() => ({ input: z.object({}).strict(), output: z.object({ requests: z.array(LaunchRequestSchema) }) })),
  updateState: lazySchema(() => ({ input: z.object({}).strict(), output: UpdateStateSchema })),
  /** Check now (the menu item or the palette); the answer comes as `update-state` events too. */
  checkForUpdates: lazySchema(() => ({ input: z.object({}).strict(), output: UpdateStateSchema })),
  /** Restart into the downloaded update; refused, with the reason, while a turn runs. */
  restartToUpdate: lazySchema(() => ({ input: z.object({}).strict(), output: z.object({}) })),
  /** Hide the current notice (it comes back when something new happens). */
  dismissUpdate: lazySchema(() => ({ input: z.object({}).strict(), output: UpdateStateSchema })),
} as const;

export const DesktopEventSchemas = lazySchema(
  () =>
    [
      /** Something was handed to the app: take it with `app:takeLaunchRequests`. */
      z.object({ type: z.literal('launch-requests') }),
      z.object({ type: z.literal('update-state'), state: UpdateStateSchema }),
    ] as const,
);

// The window's words for an update state live apart (no zod there: the window's first screen shows them).
export { updateNotice, type UpdateNotice } from './update-notice';
