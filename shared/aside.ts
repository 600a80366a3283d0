// Side questions ("Ask aside", the terminal's /btw): a question about the session asked while
// a turn runs, answered by a separate model call that sees the conversation but cannot use tools
// and never enters the transcript. The app's own shapes: electron/core/protocol turns the CLI's
// side_question answer and its control_request_progress messages into these.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Longest question clide sends (the CLI puts it in one model request). */
export const MAX_ASIDE_CHARS = 20_000;

/** The CLI is retrying the side question's API call (control_request_progress `api_retry`). */
export const AsideRetrySchema = lazySchema(() =>
  z.object({
    attempt: z.number(),
    maxRetries: z.number().optional(),
    delayMs: z.number().optional(),
    /** Absent for a connection error with no HTTP answer. */
    httpStatus: z.number().optional(),
  }),
);
export type AsideRetry = z.infer<typeof AsideRetrySchema>;

/**
 * `asking`: sent, not yet taken up by the CLI; `thinking`: the CLI started the model call
 * (progress `started`); `retrying`: that call is being retried; then one of the ends.
 * `answered` with `synthetic` is Claude Code's own text (no answer could be had, or the API
 * failed), not the model's.
 */
export const asideStates = ['asking', 'thinking', 'retrying', 'answered', 'failed', 'cancelled'] as const;
export const AsideStateSchema = lazySchema(() => z.enum(asideStates));
export type AsideState = z.infer<typeof AsideStateSchema>;

export const AsideSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    question: z.string(),
    state: AsideStateSchema,
    answer: z.string().optional(),
    synthetic: z.boolean().optional(),
    /** Why it failed, when it did. */
    error: z.string().optional(),
    retry: AsideRetrySchema.optional(),
    askedAt: z.number(),
    endedAt: z.number().optional(),
  }),
);
export type Aside = z.infer<typeof AsideSchema>;

/** Whether the side question is still on its way (a tab with one is not parked). */
export function asideOpen(a: Pick<Aside, 'state'>): boolean {
  return a.state === 'asking' || a.state === 'thinking' || a.state === 'retrying';
}
