// Subscription limits as the window sees them: a turn stopped by a usage limit and the offer to
// continue on its own when the limit resets (electron/core/limit-resume.ts), and the plan's
// usage as get_usage reports it (the status bar's limit popover). The app's own shapes.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** A turn ended because a usage limit was reached (the CLI's `usage_limit_reached`). */
export const UsageLimitHitSchema = lazySchema(() =>
  z.object({
    /** Epoch milliseconds, when the CLI said (from the API's rate-limit headers). */
    resetsAt: z.number().optional(),
    /** five_hour, seven_day, seven_day_opus, ... */
    limitType: z.string().optional(),
  }),
);
export type UsageLimitHit = z.infer<typeof UsageLimitHitSchema>;

/**
 * A tab stopped on a usage limit that resets at a known time. `offered`: it can continue on its
 * own at `continueAt`; `scheduled`: it will, unless cancelled (the main process keeps the timer,
 * so it happens with no window open).
 */
export const LimitStopSchema = lazySchema(() =>
  z.object({
    state: z.enum(['offered', 'scheduled']),
    resetsAt: z.number(),
    /** When the interrupted request is sent again: a few seconds after the reset. */
    continueAt: z.number(),
    limitType: z.string().optional(),
    /** Messages of the stopped turn that will be sent again (0: a turn Claude started itself). */
    messages: z.number(),
    /** The first of them, for the banner (cut short). */
    preview: z.string().optional(),
    at: z.number(),
  }),
);
export type LimitStop = z.infer<typeof LimitStopSchema>;

/** One window of the plan's usage (get_usage): five_hour ("session"), seven_day ("weekly"), per model. */
export const UsageWindowSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    /** The server's own name for a per-model window (e.g. "Opus"). */
    label: z.string().optional(),
    /** Percent used, 0-100: whether the limit is reached (a blocked account can show just under 100 below). */
    percent: z.number().optional(),
    /** The same to one decimal, for display (Claude Code 2.1.337 and later). */
    shownPercent: z.number().optional(),
    /** Epoch milliseconds. */
    resetsAt: z.number().optional(),
  }),
);
export type UsageWindow = z.infer<typeof UsageWindowSchema>;

/** get_usage: the plan and its usage, as far as Claude Code knows them. */
export const PlanUsageSchema = lazySchema(() =>
  z.object({
    /** pro, max, team, enterprise; absent for an API key or a cloud provider. */
    subscription: z.string().optional(),
    /** Plan limits apply to this login (false for an API key, Bedrock, Vertex). */
    limitsApply: z.boolean(),
    /** Null: Claude Code could not read them (offline, or the login lacks the profile scope). */
    windows: z.array(UsageWindowSchema).nullable(),
    extraUsage: z
      .object({
        enabled: z.boolean(),
        monthlyLimit: z.number().optional(),
        usedCredits: z.number().optional(),
        percent: z.number().optional(),
        currency: z.string().optional(),
      })
      .optional(),
  }),
);
export type PlanUsage = z.infer<typeof PlanUsageSchema>;
