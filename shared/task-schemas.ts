// The schemas of a session's background tasks as the contract carries them (shared/tasks.ts has
// the plain functions over them, without zod, for the page's first screen).
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * One task of the live set the CLI reports whenever it changes (a level signal: the whole set
 * each time, so a missed start or end never leaves a task counted for ever).
 */
export const LiveTaskSchema = lazySchema(() =>
  z.object({
    taskId: z.string(),
    taskType: z.string(),
    subagentType: z.string().optional(),
    description: z.string(),
    parentTaskId: z.string().optional(),
    /** Housekeeping (a watcher Claude Code runs for itself): not counted as work. */
    ambient: z.boolean().optional(),
  }),
);
export type LiveTask = z.infer<typeof LiveTaskSchema>;

/** The end of a shell's or Monitor's output as Claude Code keeps it (its last 8 KiB). */
export const TaskOutputSchema = lazySchema(() =>
  z.object({
    output: z.string(),
    /** Size of the whole output so far. */
    totalBytes: z.number(),
    /** `output` is only the end of a longer output. */
    truncated: z.boolean(),
  }),
);
export type TaskOutput = z.infer<typeof TaskOutputSchema>;
