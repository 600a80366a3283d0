// Outbound control requests with typed results. Each response is checked with a lenient zod
// schema (field names as on the wire, 2.1.332) and mapped to the app's own shape in shared/events.ts,
// so nothing above this layer sees wire JSON. Every request has a timeout (ControlChannel).
import { z } from 'zod';
import type { ContextUsage, RewindResult } from '../../../shared/events';
import { ClideError } from '../../../shared/result';
import type { Json } from './control';

export type Requester = (subtype: string, payload?: Json, timeoutMs?: number) => Promise<Json>;

const InterruptWire = z.looseObject({ still_queued: z.array(z.string()).optional() });
const ModeWire = z.looseObject({ mode: z.string().optional() });
const ModelWire = z.looseObject({ model: z.string().optional() });

const ContextUsageWire = z.looseObject({
  categories: z.array(z.looseObject({ name: z.string(), tokens: z.number(), kind: z.string().optional(), id: z.string().optional() })),
  totalTokens: z.number(),
  maxTokens: z.number(),
  percentage: z.number(),
  model: z.string().optional(),
  autoCompactThreshold: z.number().optional(),
  isAutoCompactEnabled: z.boolean().optional(),
});

const RewindWire = z.looseObject({
  canRewind: z.boolean(),
  error: z.string().optional(),
  filesChanged: z.array(z.string()).optional(),
  insertions: z.number().optional(),
  deletions: z.number().optional(),
});

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
