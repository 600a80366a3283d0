// The Usage view's figures: tokens and cost over every transcript on the machine (counted once
// each, from the search index; electron/core/usage), and the plan's limits as clide saw them
// over time. The app's own shapes.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { SearchProgressSchema } from './search';
import { UsageWindowSchema } from './usage';

const Count = lazySchema(() => z.number().nonnegative());

/** Tokens and cost of a group of messages. */
export const UsageFiguresSchema = lazySchema(() =>
  z.object({
    input: Count,
    output: Count,
    cacheRead: Count,
    cacheWrite: Count,
    /** Messages (API responses) counted. */
    messages: Count,
    /** Dollars as Claude Code reported them (the transcript's `costUSD`). */
    reported: Count,
    /** Dollars priced by clide (its pricing table) for the messages without a reported cost. */
    priced: Count,
    /** Messages of a model the pricing table does not know: their cost is left out. */
    unpriced: Count,
  }),
);
export type UsageFigures = z.infer<typeof UsageFiguresSchema>;

const Named = <T extends z.ZodRawShape>(shape: T) => UsageFiguresSchema.extend(shape);

export const UsageSessionSchema = lazySchema(() =>
  Named({ sessionId: z.string(), title: z.string().optional(), folder: z.string().optional(), first: z.number(), last: z.number() }),
);
export type UsageSession = z.infer<typeof UsageSessionSchema>;

export const UsageProjectSchema = lazySchema(() =>
  Named({
    /** The repository (its main checkout), or the folder itself outside one. */
    root: z.string(),
    /** Its folders that sessions ran in: the checkout itself and its worktrees. */
    folders: z.array(Named({ folder: z.string(), worktree: z.boolean() })),
  }),
);
export type UsageProject = z.infer<typeof UsageProjectSchema>;

export const contributorKinds = ['long-context', 'cache-misses', 'subagents', 'tool-output'] as const;

/** Something that makes turns expensive, and how much of the cost it accounts for. */
export const UsageContributorSchema = lazySchema(() =>
  z.object({
    kind: z.enum(contributorKinds),
    /** Dollars, priced by clide (also for messages with a reported cost, to compare like with like). */
    cost: Count,
    /** Its share of all cost priced the same way, 0-1 (they overlap: shares do not add up). */
    share: z.number().min(0).max(1),
  }),
);
export type UsageContributor = z.infer<typeof UsageContributorSchema>;

export const UsageReportSchema = lazySchema(() =>
  z.object({
    totals: UsageFiguresSchema,
    /** Local calendar days (YYYY-MM-DD, the host's time zone), oldest first; only days with use. */
    days: z.array(Named({ day: z.string() })),
    models: z.array(Named({ model: z.string() })),
    projects: z.array(UsageProjectSchema),
    /** The most expensive sessions first (at most 100). */
    sessions: z.array(UsageSessionSchema),
    contributors: z.array(UsageContributorSchema),
    /** The date and source of clide's pricing table. */
    pricing: z.object({ date: z.string(), source: z.string() }),
    /** How far the index is: figures grow while it is still reading. */
    progress: SearchProgressSchema,
  }),
);
export type UsageReport = z.infer<typeof UsageReportSchema>;

/** One get_usage answer as clide saw it: each window's utilization at that time. */
export const LimitSampleSchema = lazySchema(() =>
  z.object({
    at: z.number(),
    windows: z.array(z.object({ key: z.string(), label: z.string().optional(), percent: z.number(), resetsAt: z.number().optional() })),
  }),
);
export type LimitSample = z.infer<typeof LimitSampleSchema>;

/** When a window runs out at today's rate. */
export const LimitEstimateSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    /** Percent an hour over the samples of the current window in the last day. */
    perHour: z.number(),
    /** Epoch ms; absent when it lasts until it resets (or use is not rising). */
    runsOutAt: z.number().optional(),
    resetsAt: z.number().optional(),
  }),
);
export type LimitEstimate = z.infer<typeof LimitEstimateSchema>;

export const LimitHistorySchema = lazySchema(() =>
  z.object({
    /** The plan's windows now, when a running session could be asked. */
    now: z.array(UsageWindowSchema).optional(),
    /** Why `now` is missing. */
    note: z.string().optional(),
    samples: z.array(LimitSampleSchema),
    estimates: z.array(LimitEstimateSchema),
  }),
);
export type LimitHistory = z.infer<typeof LimitHistorySchema>;

const SessionId = lazySchema(() => z.string().min(1).max(200));

export const usageContracts = {
  /** Tokens and cost over every transcript (from the search index; starts it if need be). */
  report: lazySchema(() => ({ input: z.object({}).strict(), output: UsageReportSchema })),
  /** The plan's limits: asked of the given running session now, with clide's record of earlier answers. */
  limits: lazySchema(() => ({ input: z.object({ id: SessionId.optional() }).strict(), output: LimitHistorySchema })),
} as const;
