// Reading a running session's skills, plugins and output styles again from disk (the palette's
// "Reload skills, plugins and output styles"), and what came of it. The app's own shapes:
// electron/core/protocol/reload-control.ts reads the CLI's answers into these.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const PluginInfoSchema = lazySchema(() => z.object({ name: z.string(), version: z.string().optional(), source: z.string().optional() }));
export type PluginInfo = z.infer<typeof PluginInfoSchema>;

export const ReloadReportSchema = lazySchema(() =>
  z.object({
    /** Slash commands and skills now, by name, and what the reload added or took away. */
    commands: z.array(z.string()),
    added: z.array(z.string()),
    removed: z.array(z.string()),
    /** Output styles now (built-in and custom), and the new ones. */
    outputStyles: z.array(z.string()),
    addedStyles: z.array(z.string()),
    /** The plugins loaded; absent while `pluginsWaiting`. */
    plugins: z.array(PluginInfoSchema).optional(),
    /** Claude was in a turn: plugins reload when it ends (skills and styles did already). */
    pluginsWaiting: z.boolean(),
    /** Plugins or their parts that failed to load, as the CLI counts them. */
    errors: z.number(),
  }),
);
export type ReloadReport = z.infer<typeof ReloadReportSchema>;

/** One line for the transcript: what the reload found, new names first. */
export function reloadSummary(r: ReloadReport): string {
  const parts: string[] = [];
  const names = (list: readonly string[]) => list.slice(0, 6).join(', ') + (list.length > 6 ? ` and ${list.length - 6} more` : '');
  parts.push(`${r.commands.length} commands and skills` + (r.added.length ? ` (new: ${names(r.added.map((c) => `/${c}`))})` : ''));
  if (r.removed.length) parts.push(`gone: ${names(r.removed.map((c) => `/${c}`))}`);
  parts.push(`${r.outputStyles.length} output styles` + (r.addedStyles.length ? ` (new: ${names(r.addedStyles)})` : ''));
  if (r.plugins) parts.push(`${r.plugins.length} plugin${r.plugins.length === 1 ? '' : 's'}`);
  if (r.errors) parts.push(`${r.errors} plugin error${r.errors === 1 ? '' : 's'}`);
  const head = r.pluginsWaiting ? 'Reloaded skills and output styles; plugins reload when this turn ends' : 'Reloaded skills, plugins and output styles';
  return `${head}: ${parts.join(' · ')}.`;
}

/** What is in `now` and not in `before`, in `now`'s order. */
export function newNames(before: readonly string[], now: readonly string[]): string[] {
  const had = new Set(before);
  return now.filter((n) => !had.has(n));
}
