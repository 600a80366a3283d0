// Zod schemas of the CLI's stream-json wire format (observed on 2.1.332; names follow the
// Agent SDK's sdk.d.ts). Lenient by design: every object keeps unknown fields, and only the
// fields clide reads are declared, so a new CLI field never breaks decoding. Hot-path
// messages (stream_event deltas) are kept shallow to keep ingest cheap.
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';

const loose = lazySchema(() => z.looseObject({}));
const str = lazySchema(() => z.string());

export const ContentBlockSchema = lazySchema(() => z.looseObject({ type: str }));
export type WireContentBlock = z.infer<typeof ContentBlockSchema> & Record<string, unknown>;

export const UsageWireSchema = lazySchema(() =>
  z.looseObject({
    input_tokens: z.number().optional(),
    output_tokens: z.number().optional(),
    cache_read_input_tokens: z.number().nullable().optional(),
    cache_creation_input_tokens: z.number().nullable().optional(),
  }),
);
export type WireUsage = z.infer<typeof UsageWireSchema>;

export const AssistantSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('assistant'),
    message: z.looseObject({
      id: str,
      model: str.optional(),
      content: z.array(ContentBlockSchema),
      usage: UsageWireSchema.nullable().optional(),
    }),
    parent_tool_use_id: str.nullable().optional(),
    uuid: str.optional(),
    aborted: z.boolean().optional(),
    error: z.unknown().optional(),
    /** Set on the local "<synthetic>" message that restates a failed API call. */
    is_api_error_message: z.boolean().optional(),
    /** With a usage limit: `{rate_limit_info: {status, resetsAt, rateLimitType}}` (2.1.332). */
    api_error_params: z.unknown().optional(),
    tool_use_meta: z.array(loose).optional(),
  }),
);

export const UserSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('user'),
    message: z.looseObject({ role: str.optional(), content: z.union([str, z.array(ContentBlockSchema)]) }),
    parent_tool_use_id: str.nullable().optional(),
    uuid: str.optional(),
    isSynthetic: z.boolean().optional(),
    isReplay: z.boolean().optional(),
    tool_use_result: z.unknown().optional(),
    tool_result_meta: z.array(loose).optional(),
  }),
);

export const ResultSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('result'),
    subtype: str,
    is_error: z.boolean().optional(),
    result: str.optional(),
    errors: z.array(z.unknown()).optional(),
    total_cost_usd: z.number().optional(),
    usage: UsageWireSchema.optional(),
    modelUsage: z.record(str, z.looseObject({ contextWindow: z.number().optional(), maxOutputTokens: z.number().optional() })).optional(),
    num_turns: z.number().optional(),
    duration_ms: z.number().optional(),
    permission_denials: z
      .array(z.looseObject({ tool_name: str.optional(), tool_use_id: str.optional(), auto_mode_unchecked: str.nullable().optional() }))
      .optional(),
    terminal_reason: str.optional(),
    api_error_status: z.number().nullable().optional(),
    /** The CLI's name for the API error that ended the turn, e.g. `usage_limit_reached` (2.1.332). */
    api_error: str.nullable().optional(),
    /** Why Claude Code refused to start, on the result it writes before exiting (startup-failure.ts). */
    startup_failure_reason: str.nullable().optional(),
    session_id: str.optional(),
    uuid: str.optional(),
  }),
);

/**
 * Result subtypes (sdk.d.ts SDKResultSuccess / SDKResultError) and what each means. Any other
 * subtype is still shown as a failed turn; this table is what the coverage test checks.
 */
export const RESULT_SUBTYPES: Record<string, string> = {
  success: 'The turn finished (is_error may still be set, e.g. for an API error).',
  error_during_execution: 'The turn failed while running (or was interrupted: see terminal_reason).',
  error_max_turns: 'The turn reached the maximum number of model calls (--max-turns).',
  error_max_budget_usd: 'The session reached its spending limit (--max-budget-usd).',
  error_max_structured_output_retries: 'The model could not produce the requested structured output.',
};

export const SystemSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('system'),
    subtype: str,
    session_id: str.optional(),
    uuid: str.optional(),
  }),
);

export const StreamEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('stream_event'),
    event: z.looseObject({ type: str }),
    parent_tool_use_id: str.nullable().optional(),
  }),
);

export const ControlRequestSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('control_request'),
    request_id: str,
    request: z.looseObject({ subtype: str }),
  }),
);

export const ControlResponseSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('control_response'),
    response: z.looseObject({
      subtype: z.enum(['success', 'error']),
      request_id: str,
      response: z.unknown().optional(),
      error: z.unknown().optional(),
    }),
  }),
);

export const ControlCancelSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('control_cancel_request'),
    request_id: str,
  }),
);

export const ConversationResetSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('conversation_reset'),
    trigger: str.optional(),
    uuid: str.optional(),
  }),
);

export const RateLimitEventSchema = lazySchema(() =>
  z.looseObject({
    type: z.literal('rate_limit_event'),
    rate_limit_info: z.looseObject({
      status: str.optional(),
      resetsAt: z.union([z.number(), str]).optional(),
      rateLimitType: str.optional(),
      utilization: z.number().optional(),
    }),
  }),
);

/** Every message type clide decodes. Anything else is reported as unknown, never fatal. */
export const wireSchemas = {
  assistant: AssistantSchema,
  user: UserSchema,
  result: ResultSchema,
  system: SystemSchema,
  stream_event: StreamEventSchema,
  control_request: ControlRequestSchema,
  control_response: ControlResponseSchema,
  control_cancel_request: ControlCancelSchema,
  rate_limit_event: RateLimitEventSchema,
  conversation_reset: ConversationResetSchema,
} as const;

export type WireType = keyof typeof wireSchemas;
export type WireMessage = { [K in WireType]: z.infer<(typeof wireSchemas)[K]> }[WireType];
export type WireOf<K extends WireType> = z.infer<(typeof wireSchemas)[K]>;

/**
 * Message types the CLI emits that clide reads nothing from, each with the reason. Decoding
 * skips them silently; anything neither here nor in wireSchemas is reported as unknown.
 */
export const IGNORED_TYPES: Record<string, string> = {
  // Heartbeat on idle connections; carries no state.
  keep_alive: 'heartbeat only',
  // queued/started/completed for each uuid-stamped user message; the turn's own events and
  // `result` already tell the session what happened.
  command_lifecycle: 'per-message delivery receipts; turn events carry the same facts',
  // Periodic elapsed-time ticks for a running tool; the tool card shows its own running state.
  tool_progress: 'elapsed-time ticks for running tools',
  // A one-line summary of tool calls for compact UIs; clide shows the tool cards themselves.
  tool_use_summary: 'summary of tool calls already shown as cards',
  // Suggested next prompts; not shown yet.
  prompt_suggestion: 'suggested follow-up prompts (not shown)',
  // Login flow progress for remote/OAuth hosts; clide relies on the CLI being logged in.
  auth_status: 'login progress for hosted sessions',
  // The /goal condition the CLI is pursuing; not shown yet (the turn's own output shows progress).
  active_goal: 'state of a /goal loop (not shown yet)',
};
