// Outbound control requests with typed results. Each response is checked with a lenient zod
// schema (field names as on the wire, 2.1.332) and mapped to the app's own shape in shared/events.ts,
// so nothing above this layer sees wire JSON. Every request has a timeout (ControlChannel).
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import type { AsideRetry } from '../../../shared/aside';
import type { ContextUsage, RewindResult } from '../../../shared/events';
import { ClideError } from '../../../shared/result';
import type { PlanUsage, UsageWindow } from '../../../shared/usage';
import type { Json, RequestExtras } from './control';

export type Requester = (subtype: string, payload?: Json, timeoutMs?: number, extras?: RequestExtras) => Promise<Json>;

const InterruptWire = lazySchema(() => z.looseObject({ still_queued: z.array(z.string()).optional() }));
const ModeWire = lazySchema(() => z.looseObject({ mode: z.string().optional() }));
const ModelWire = lazySchema(() => z.looseObject({ model: z.string().optional() }));

const ContextUsageWire = lazySchema(() =>
  z.looseObject({
    categories: z.array(z.looseObject({ name: z.string(), tokens: z.number(), kind: z.string().optional(), id: z.string().optional() })),
    totalTokens: z.number(),
    maxTokens: z.number(),
    percentage: z.number(),
    model: z.string().optional(),
    autoCompactThreshold: z.number().optional(),
    isAutoCompactEnabled: z.boolean().optional(),
  }),
);

const RewindWire = lazySchema(() =>
  z.looseObject({
    canRewind: z.boolean(),
    error: z.string().optional(),
    filesChanged: z.array(z.string()).optional(),
    insertions: z.number().optional(),
    deletions: z.number().optional(),
  }),
);

export function parse<T extends z.ZodType>(schema: T, subtype: string, value: Json): z.output<T> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new ClideError({
    kind: 'decode',
    message: `Claude answered "${subtype}" in a shape this version of clide does not understand (${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}).`,
    hint: 'The installed Claude Code may be newer than the one clide was tested with.',
    detail: JSON.stringify(value).slice(0, 2000),
  });
}

export async function interrupt(req: Requester, timeoutMs?: number): Promise<{ stillQueued: string[] }> {
  const r = parse(InterruptWire, 'interrupt', await req('interrupt', {}, timeoutMs));
  return { stillQueued: r.still_queued ?? [] };
}

/** Resolves with the mode the CLI confirmed. bypassPermissions fails unless launched with it. */
export async function setPermissionMode(req: Requester, mode: string): Promise<string> {
  return parse(ModeWire, 'set_permission_mode', await req('set_permission_mode', { mode })).mode ?? mode;
}

/** Resolves with the resolved model id (e.g. "sonnet" -> "claude-sonnet-5-5"). */
export async function setModel(req: Requester, model: string): Promise<string> {
  return parse(ModelWire, 'set_model', await req('set_model', { model })).model ?? model;
}

/** null restores the CLI's default budget. 2.1.332 answers with an empty success. */
export async function setMaxThinkingTokens(req: Requester, tokens: number | null): Promise<void> {
  await req('set_max_thinking_tokens', { max_thinking_tokens: tokens });
}

/** Changes flag settings at run time; clide uses it for the effort level. */
export async function applyFlagSettings(req: Requester, settings: Json): Promise<void> {
  await req('apply_flag_settings', { settings });
}

export async function getContextUsage(req: Requester): Promise<ContextUsage> {
  const r = parse(ContextUsageWire, 'get_context_usage', await req('get_context_usage'));
  return {
    categories: r.categories.map((c) => ({ name: c.name, tokens: c.tokens, kind: c.kind, id: c.id })),
    totalTokens: r.totalTokens,
    maxTokens: r.maxTokens,
    percentage: r.percentage,
    model: r.model,
    autoCompactThreshold: r.autoCompactThreshold,
    autoCompactEnabled: r.isAutoCompactEnabled,
  };
}

/**
 * Restores files edited since the user message `userMessageId` (the uuid clide sent it with).
 * Needs file checkpointing, which clide turns on for every session it spawns.
 */
export async function rewindFiles(req: Requester, userMessageId: string, dryRun = false): Promise<RewindResult> {
  const r = parse(RewindWire, 'rewind_files', await req('rewind_files', { user_message_id: userMessageId, ...(dryRun ? { dry_run: true } : {}) }));
  return { canRewind: r.canRewind, error: r.error, filesChanged: r.filesChanged ?? [], insertions: r.insertions ?? 0, deletions: r.deletions ?? 0 };
}

/** Name the session in the CLI too (it counts a 'host' rename as the person's own title). */
export async function renameSession(req: Requester, title: string, sessionId?: string): Promise<void> {
  await req('rename_session', { title, source: 'host', ...(sessionId ? { session_id: sessionId } : {}) });
}

const SideQuestionWire = lazySchema(() => z.looseObject({ response: z.string().nullable().optional(), synthetic: z.boolean().optional() }));

const ProgressWire = lazySchema(() =>
  z.looseObject({
    status: z.string(),
    attempt: z.number().optional(),
    max_retries: z.number().optional(),
    retry_delay_ms: z.number().optional(),
    error_status: z.number().nullable().optional(),
  }),
);

/**
 * How long a side question may take before clide gives up on it: a little past the 660 s after
 * which 2.1.332 answers it with an error itself ("side_question timed out").
 */
export const SIDE_QUESTION_TIMEOUT_MS = 690_000;

/** A side question's progress as the app sees it: the CLI started the model call, or is retrying it. */
export type SideProgress = { state: 'started' } | { state: 'retrying'; retry: AsideRetry };

/** One of a tab's earlier side questions, sent along so a follow-up has them in view. */
export interface SideExchange {
  question: string;
  response: string;
}

export interface SideQuestionOptions {
  onProgress?(p: SideProgress): void;
  /** Aborting asks the CLI to give the question up. */
  signal?: AbortSignal;
}

export interface SideAnswer {
  /** Null: the CLI had no answer at all. */
  answer: string | null;
  /** The text is Claude Code's own (it could not get an answer), not the model's. */
  synthetic: boolean;
}

/**
 * Ask a question beside the conversation (the terminal's /btw). The CLI answers from a separate
 * model call that sees the conversation but may not use tools, while the running turn goes on;
 * it is not written to the transcript. Progress arrives as control_request_progress.
 */
export async function sideQuestion(req: Requester, question: string, history: readonly SideExchange[], opts: SideQuestionOptions = {}): Promise<SideAnswer> {
  const onProgress = (raw: Json) => {
    const p = ProgressWire.safeParse(raw);
    if (!p.success) return;
    const r = p.data;
    if (r.status === 'started') opts.onProgress?.({ state: 'started' });
    else if (r.status === 'api_retry') {
      const retry: AsideRetry = { attempt: r.attempt ?? 1, maxRetries: r.max_retries, delayMs: r.retry_delay_ms, httpStatus: r.error_status ?? undefined };
      opts.onProgress?.({ state: 'retrying', retry });
    }
  };
  const payload: Json = { question, ...(history.length > 0 ? { history: history.map((h) => ({ question: h.question, response: h.response })) } : {}) };
  const r = parse(SideQuestionWire, 'side_question', await req('side_question', payload, SIDE_QUESTION_TIMEOUT_MS, { onProgress, signal: opts.signal }));
  return { answer: r.response ?? null, synthetic: r.synthetic === true };
}

// utilization_precise (0.3.337): the same percentage to one decimal, for display only.
const UsageWindowWire = lazySchema(() =>
  z
    .looseObject({
      utilization: z.number().nullable().optional(),
      utilization_precise: z.number().nullable().optional(),
      resets_at: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
);

const UsageWire = lazySchema(() =>
  z.looseObject({
    subscription_type: z.string().nullable().optional(),
    rate_limits_available: z.boolean().optional(),
    rate_limits: z
      .looseObject({
        five_hour: UsageWindowWire,
        seven_day: UsageWindowWire,
        seven_day_oauth_apps: UsageWindowWire,
        seven_day_opus: UsageWindowWire,
        seven_day_sonnet: UsageWindowWire,
        model_scoped: z
          .array(
            z.looseObject({
              display_name: z.string(),
              utilization: z.number().nullable().optional(),
              utilization_precise: z.number().nullable().optional(),
              resets_at: z.string().nullable().optional(),
            }),
          )
          .optional(),
        extra_usage: z
          .looseObject({
            is_enabled: z.boolean(),
            monthly_limit: z.number().nullable().optional(),
            used_credits: z.number().nullable().optional(),
            utilization: z.number().nullable().optional(),
            currency: z.string().nullable().optional(),
          })
          .nullable()
          .optional(),
      })
      .nullable()
      .optional(),
  }),
);

const WINDOW_KEYS = ['five_hour', 'seven_day', 'seven_day_opus', 'seven_day_sonnet', 'seven_day_oauth_apps'] as const;

function resetTime(iso: string | null | undefined): number | undefined {
  if (!iso) return undefined;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : undefined;
}

/** The window's use: the whole percent that says whether the limit is reached, and the finer one to show (0.3.337). */
function percents(w: { utilization?: number | null; utilization_precise?: number | null }): Pick<UsageWindow, 'percent' | 'shownPercent'> {
  const precise = w.utilization_precise;
  return { percent: w.utilization ?? undefined, ...(typeof precise === 'number' && Number.isFinite(precise) ? { shownPercent: precise } : {}) };
}

/**
 * The plan and its usage (the terminal's /usage), without the scan of local transcripts the
 * CLI would otherwise add (skip_behaviors). For an API key `limitsApply` is false; a subscriber
 * whose usage Claude Code could not read gets `windows: null`.
 */
export async function getUsage(req: Requester): Promise<PlanUsage> {
  const r = parse(UsageWire, 'get_usage', await req('get_usage', { skip_behaviors: true }));
  const limits = r.rate_limits;
  let windows: UsageWindow[] | null = null;
  if (limits) {
    windows = [];
    for (const key of WINDOW_KEYS) {
      const w = limits[key];
      if (!w) continue;
      windows.push({ key, ...percents(w), resetsAt: resetTime(w.resets_at) });
    }
    for (const m of limits.model_scoped ?? []) {
      windows.push({ key: 'model', label: m.display_name, ...percents(m), resetsAt: resetTime(m.resets_at) });
    }
  }
  const extra = limits?.extra_usage;
  return {
    subscription: r.subscription_type ?? undefined,
    limitsApply: r.rate_limits_available === true,
    windows,
    extraUsage: extra
      ? {
          enabled: extra.is_enabled,
          monthlyLimit: extra.monthly_limit ?? undefined,
          usedCredits: extra.used_credits ?? undefined,
          percent: extra.utilization ?? undefined,
          currency: extra.currency ?? undefined,
        }
      : undefined,
  };
}
