// The person's settings: the same contract in Electron and the browser host.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { DEFAULT_TRANSCRIPT_TEXT_SIZE, TRANSCRIPT_TEXT_SIZES, isTranscriptTextSize } from './text-size';

export const ThemeSchema = lazySchema(() => z.enum(['system', 'light', 'dark']));

export const RepositorySettingsSchema = lazySchema(() =>
  z.object({
    /** The person's last choice in New session: work in a new worktree or not. */
    worktrees: z.boolean().optional(),
    /** Run in every new worktree of this repository after the `.env*` files are copied (e.g. `npm ci`). */
    setupCommand: z.string().max(4096).optional(),
    /** Hash of the committed `.clide/setup` the person allowed to run; a changed file asks again. */
    setupConfirmed: z.string().max(200).optional(),
    /** What Run starts in a session's terminal (e.g. `npm run dev`); wins over a committed `.clide/run`. */
    runCommand: z.string().max(4096).optional(),
    /** Hash of the committed `.clide/run` the person allowed to run; a changed file asks again. */
    runConfirmed: z.string().max(200).optional(),
  }),
);
export type RepositorySettings = z.infer<typeof RepositorySettingsSchema>;

/** An update server's address: empty, or http(s). */
const UpdateUrlSchema = lazySchema(() =>
  z
    .string()
    .max(2048)
    .refine((url) => url === '' || /^https?:\/\/[^\s/]+/i.test(url), 'must be an http:// or https:// address, such as https://updates.example.com/clide/'),
);

export const UpdateSettingsSchema = lazySchema(() =>
  z.object({
    /** Check in the background (the desktop app, when packaged). */
    auto: z.boolean().default(true),
    /** GitHub releases (what the build names), or a company's own server at `url`. */
    source: z.enum(['github', 'generic']).default('github'),
    url: UpdateUrlSchema.default(''),
  }),
);
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

/** Pixels, one of the fixed steps (shared/text-size.ts). */
const TranscriptTextSizeSchema = lazySchema(() => z.number().refine(isTranscriptTextSize, `must be one of ${TRANSCRIPT_TEXT_SIZES.join(', ')} (pixels)`));

export const SettingsSchema = lazySchema(() =>
  z.object({
    /** The claude executable; empty means "find it" (CLIDE_CLAUDE_PATH, PATH, usual locations). */
    claudePath: z.string().max(4096).default(''),
    defaultPermissionMode: z.enum(['default', 'acceptEdits', 'plan', 'bypassPermissions']).default('default'),
    /** Empty means the CLI's own default model. */
    defaultModel: z.string().max(200).default(''),
    theme: ThemeSchema.default('system'),
    /** The transcript's text size in pixels; the composer, tabs and status bar keep theirs. */
    transcriptTextSize: TranscriptTextSizeSchema.default(DEFAULT_TRANSCRIPT_TEXT_SIZE),
    notifications: z
      .object({
        enabled: z.boolean().default(true),
        /** A session needs an answer (permission, question, plan). */
        needsYou: z.boolean().default(true),
        /** A turn finished while the window was not in view. */
        finished: z.boolean().default(true),
      })
      .default({ enabled: true, needsYou: true, finished: true }),
    /** Where new worktrees are made (`<root>/<repo>/<branch>`); empty means `~/.clide/worktrees`. */
    worktreeRoot: z.string().max(4096).default(''),
    /** Per repository (by its main checkout's path): worktree choice and setup (shared/git.ts). */
    repositories: z.record(z.string(), RepositorySettingsSchema).default({}),
    /**
     * A session idle this many minutes is parked: its Claude process ends, and the next message
     * resumes the conversation. 0 never parks.
     */
    parkAfterMinutes: z.number().int().min(0).max(1440).default(15),
    /** The desktop app's own updates (electron/core/updates). */
    updates: UpdateSettingsSchema.default({ auto: true, source: 'github', url: '' }),
    /** Recently used working directories, newest first. */
    recentCwds: z.array(z.string().max(4096)).max(20).default([]),
  }),
);
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsPatchSchema = lazySchema(() =>
  z
    .object({
      claudePath: z.string().max(4096),
      defaultPermissionMode: SettingsSchema.shape.defaultPermissionMode.unwrap(),
      defaultModel: z.string().max(200),
      theme: ThemeSchema,
      transcriptTextSize: TranscriptTextSizeSchema,
      notifications: z.object({ enabled: z.boolean(), needsYou: z.boolean(), finished: z.boolean() }).partial(),
      worktreeRoot: z.string().max(4096),
      parkAfterMinutes: SettingsSchema.shape.parkAfterMinutes.unwrap(),
      updates: z
        .object({ auto: z.boolean(), source: z.enum(['github', 'generic']), url: UpdateUrlSchema })
        .partial()
        .strict(),
      /** Change one repository's settings (`root`: its main checkout, as `worktree:capability` names it). */
      repository: z
        .object({
          root: z.string().min(1).max(4096),
          worktrees: z.boolean().optional(),
          setupCommand: z.string().max(4096).optional(),
          runCommand: z.string().max(4096).optional(),
        })
        .strict(),
    })
    .partial()
    .strict(),
);
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export function defaultSettings(): Settings {
  return SettingsSchema.parse({});
}

/** What `settings:get` and `settings:update` answer: the settings, and a problem to show once. */
export const SettingsStateSchema = lazySchema(() =>
  z.object({
    settings: SettingsSchema,
    /** The stored file was unreadable and was set aside, or a change could not be saved. */
    warning: z.string().optional(),
  }),
);
export type SettingsState = z.infer<typeof SettingsStateSchema>;
