// The person's settings: the same contract in Electron and the browser host.
import { z } from 'zod';

export const ThemeSchema = z.enum(['system', 'light', 'dark']);

export const SettingsSchema = z.object({
  /** The claude executable; empty means "find it" (CLIDE_CLAUDE_PATH, PATH, usual locations). */
  claudePath: z.string().max(4096).default(''),
  defaultPermissionMode: z.enum(['default', 'acceptEdits', 'plan', 'bypassPermissions']).default('default'),
  /** Empty means the CLI's own default model. */
  defaultModel: z.string().max(200).default(''),
  theme: ThemeSchema.default('system'),
  notifications: z
    .object({
      enabled: z.boolean().default(true),
      /** A session needs an answer (permission, question, plan). */
      needsYou: z.boolean().default(true),
      /** A turn finished while the window was not in view. */
      finished: z.boolean().default(true),
    })
    .default({ enabled: true, needsYou: true, finished: true }),
  /** Recently used working directories, newest first. */
  recentCwds: z.array(z.string().max(4096)).max(20).default([]),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const SettingsPatchSchema = z
  .object({
    claudePath: z.string().max(4096),
    defaultPermissionMode: SettingsSchema.shape.defaultPermissionMode.unwrap(),
    defaultModel: z.string().max(200),
    theme: ThemeSchema,
    notifications: z.object({ enabled: z.boolean(), needsYou: z.boolean(), finished: z.boolean() }).partial(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;

export function defaultSettings(): Settings {
  return SettingsSchema.parse({});
}

/** What `settings:get` and `settings:update` answer: the settings, and a problem to show once. */
export const SettingsStateSchema = z.object({
  settings: SettingsSchema,
  /** The stored file was unreadable and was set aside, or a change could not be saved. */
  warning: z.string().optional(),
});
export type SettingsState = z.infer<typeof SettingsStateSchema>;
