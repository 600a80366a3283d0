// Choosing a working directory for a new session: the native folder dialog (desktop app) or a
// path field with completion (browser host).
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const FolderPickSchema = lazySchema(() =>
  z.object({
    /** False where there is no native dialog (the browser host): use the path field instead. */
    available: z.boolean(),
    /** The chosen folder; absent when the dialog was cancelled. */
    path: z.string().optional(),
  }),
);
export type FolderPick = z.infer<typeof FolderPickSchema>;

export const PathCompletionSchema = lazySchema(() =>
  z.object({
    /** The absolute path the typed text names (~ expanded, relative paths taken from home). */
    resolved: z.string(),
    /** What is there now. */
    target: z.enum(['directory', 'file', 'missing', 'invalid']),
    /** The folder whose sub-folders are listed. */
    dir: z.string().optional(),
    /** Sub-folders of `dir` whose names start with the last part of the typed text. */
    entries: z.array(z.object({ name: z.string(), path: z.string() })),
    /** More matched than are listed (or the folder was too large to read through). */
    truncated: z.boolean(),
    /** The path separator of the host. */
    sep: z.string(),
    /** Why the folder could not be listed, when it could not. */
    error: z.string().optional(),
  }),
);
export type PathCompletion = z.infer<typeof PathCompletionSchema>;

export const PathCompleteInputSchema = lazySchema(() => z.object({ prefix: z.string().max(4096) }).strict());
export const FolderPickInputSchema = lazySchema(() => z.object({ defaultPath: z.string().max(4096).optional() }).strict());
