// The app's own event model: what the main process tells the renderer about a session.
// This is deliberately NOT the CLI's wire format; electron/core/protocol translates the
// wire into these events, so a CLI upgrade never reaches the renderer.
import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { AppErrorSchema } from './result';
import { GitStatusSchema, SetupSourceSchema, WorktreeInfoSchema, WorktreeStateSchema } from './git';
import { UserDialogSchema } from './dialogs';
import { ElicitationSchema, McpStateSchema } from './mcp';
import { AsideSchema } from './aside';
import { LimitStopSchema, UsageLimitHitSchema } from './usage';
import { LiveTaskSchema } from './task-schemas';
import { TrustStateSchema } from './trust';

export { McpServerStatusSchema, type McpServerStatus } from './mcp';

/**
 * `not-started`: the tab has no `claude` process yet; the first message (or anything else that
 * needs the CLI) starts it. `parked`: its process was ended after it sat idle; the next message
 * resumes the same conversation. Both take a message like `ready` does.
 */
export const sessionStatuses = ['not-started', 'starting', 'ready', 'working', 'waiting', 'parked', 'ended', 'failed'] as const;
export const SessionStatusSchema = lazySchema(() => z.enum(sessionStatuses));
export type SessionStatus = z.infer<typeof SessionStatusSchema>;

/** Nothing runs and a message starts a new turn (at once, or after starting or resuming the process). */
export function isIdleStatus(status: SessionStatus | undefined): boolean {
  return status === 'ready' || status === 'not-started' || status === 'parked';
}

export const permissionModes = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk', 'auto'] as const;
export const PermissionModeSchema = lazySchema(() => z.string());
export type PermissionMode = string;

export const ModelInfoSchema = lazySchema(() =>
  z.object({
    value: z.string(),
    displayName: z.string(),
    description: z.string().optional(),
    supportsEffort: z.boolean().optional(),
    effortLevels: z.array(z.string()).optional(),
    /** The model id this entry stands for now (e.g. "default" -> "claude-opus-5-5"). */
    resolvedModel: z.string().optional(),
  }),
);
export type ModelInfo = z.infer<typeof ModelInfoSchema>;

export const CommandInfoSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    argumentHint: z.string().optional(),
  }),
);
export type CommandInfo = z.infer<typeof CommandInfoSchema>;

/** Facts about a session, merged as they arrive from `initialize`, `init`, `status` and `result`. */
export const SessionInfoSchema = lazySchema(() =>
  z.object({
    /** The person's name for the session (tabs, history, team); absent means "use the folder name". */
    title: z.string().optional(),
    claudeSessionId: z.string().optional(),
    cwd: z.string().optional(),
    model: z.string().optional(),
    models: z.array(ModelInfoSchema).optional(),
    commands: z.array(CommandInfoSchema).optional(),
    cliVersion: z.string().optional(),
    testedCliVersion: z.string().optional(),
    permissionMode: z.string().optional(),
    tools: z.array(z.string()).optional(),
    mcpServers: z.array(z.object({ name: z.string(), status: z.string() })).optional(),
    /** The MCP servers in full (mcp_status), as last checked. */
    mcp: McpStateSchema.optional(),
    apiKeySource: z.string().optional(),
    outputStyle: z.string().optional(),
    /** The output styles Claude Code offers (built-in and custom), from initialize or a reload. */
    outputStyles: z.array(z.string()).optional(),
    pid: z.number().optional(),
    /** Effort level set with apply_flag_settings (low, medium, high, ...). */
    effortLevel: z.string().optional(),
    /** Thinking budget set with set_max_thinking_tokens; null means the CLI's default. */
    maxThinkingTokens: z.number().nullable().optional(),
    /**
     * Whether "Bypass permissions" can be switched on in this session (the process was started
     * with bypass allowed), and if not, why (electron/core/bypass.ts).
     */
    bypassAvailable: z.boolean().optional(),
    bypassUnavailableReason: z.string().optional(),
    /** A resumed session whose earlier conversation is still being read from its transcript. */
    loadingEarlier: z.boolean().optional(),
    /** The remote host Claude runs on (shared/remote.ts); absent: this computer. */
    location: z.string().optional(),
    /** Workspace trust (shared/trust.ts): the question the tab shows, or how it was answered. */
    trust: TrustStateSchema.optional(),
  }),
);
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const UsageSchema = lazySchema(() =>
  z.object({
    inputTokens: z.number(),
    outputTokens: z.number(),
    cacheReadTokens: z.number(),
    cacheCreationTokens: z.number(),
  }),
);
export type Usage = z.infer<typeof UsageSchema>;

export const BlockKindSchema = lazySchema(() => z.enum(['text', 'thinking', 'tool_use', 'other']));

export const FinalBlockSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('text'), text: z.string() }),
    z.object({ type: z.literal('thinking'), text: z.string(), redacted: z.boolean().optional() }),
    z.object({
      type: z.literal('tool_use'),
      id: z.string(),
      name: z.string(),
      input: z.record(z.string(), z.unknown()),
      /** Human label for MCP tools (server and tool display names). */
      displayName: z.string().optional(),
      serverDisplayName: z.string().optional(),
    }),
    z.object({ type: z.literal('other'), label: z.string(), text: z.string() }),
  ]),
);
export type FinalBlock = z.infer<typeof FinalBlockSchema>;

export const PermissionSuggestionSchema = lazySchema(() => z.record(z.string(), z.unknown()));
export type PermissionSuggestion = z.infer<typeof PermissionSuggestionSchema>;

export const PermissionRequestSchema = lazySchema(() =>
  z.object({
    requestId: z.string(),
    toolName: z.string(),
    displayName: z.string(),
    title: z.string().optional(),
    description: z.string().optional(),
    decisionReason: z.string().optional(),
    decisionReasonType: z.string().optional(),
    blockedPath: z.string().optional(),
    input: z.record(z.string(), z.unknown()),
    suggestions: z.array(PermissionSuggestionSchema),
    toolUseId: z.string().optional(),
    mcpServer: z.string().optional(),
    requiresUserInteraction: z.boolean().optional(),
    /** The ask must not be approvable by a stray keystroke. */
    defaultToNo: z.boolean().optional(),
    suppressAlwaysAllow: z.boolean().optional(),
    parentToolUseId: z.string().optional(),
    /** Not a tool call: an MCP server asks the person for input (toolName ELICITATION_PROMPT). */
    elicitation: ElicitationSchema.optional(),
    /** Not a tool call: a dialog Claude Code asks clide to show (toolName DIALOG_PROMPT). */
    dialog: UserDialogSchema.optional(),
    at: z.number(),
  }),
);
export type PermissionRequest = z.infer<typeof PermissionRequestSchema>;

export const PermissionOutcomeSchema = lazySchema(() => z.enum(['allowed', 'denied', 'cancelled', 'withdrawn']));
export type PermissionOutcome = z.infer<typeof PermissionOutcomeSchema>;

export const TurnResultSchema = lazySchema(() =>
  z.object({
    subtype: z.string(),
    isError: z.boolean(),
    text: z.string().optional(),
    errors: z.array(z.string()).optional(),
    /** Cumulative cost of the session as the CLI reports it. */
    costUsd: z.number().optional(),
    /** This turn's cost: the difference from the previous cumulative figure. */
    turnCostUsd: z.number().optional(),
    usage: UsageSchema.optional(),
    contextWindow: z.number().optional(),
    maxOutputTokens: z.number().optional(),
    numTurns: z.number().optional(),
    durationMs: z.number().optional(),
    denials: z.array(
      z.object({
        toolName: z.string(),
        toolUseId: z.string().optional(),
        /** Auto mode refused it without its safety check: none runs in this session, or the check gave no verdict (2.1.337). */
        unchecked: z.enum(['no-check-in-session', 'no-verdict', 'other']).optional(),
      }),
    ),
    terminalReason: z.string().optional(),
    /** The person stopped the turn (an interrupt), so its error subtype is not a failure to show. */
    interrupted: z.boolean().optional(),
    /** HTTP status of the API error that ended the turn, if that is what ended it. */
    apiErrorStatus: z.number().optional(),
    /** The turn stopped because a subscription usage limit was reached. */
    usageLimit: UsageLimitHitSchema.optional(),
    /** Claude Code refused to start, and why in words that say what to do (the process exits next). */
    startupFailure: z.object({ error: AppErrorSchema, resumable: z.boolean() }).optional(),
  }),
);
export type TurnResult = z.infer<typeof TurnResultSchema>;

export const contextSources = ['skill', 'command', 'reminder', 'local-command', 'compaction', 'interrupt', 'memory', 'task', 'other'] as const;
export const ContextSourceSchema = lazySchema(() => z.enum(contextSources));
export type ContextSource = z.infer<typeof ContextSourceSchema>;

export const NoticeLevelSchema = lazySchema(() => z.enum(['info', 'warning', 'error']));

export const RateLimitSchema = lazySchema(() =>
  z.object({
    status: z.string(),
    /** Epoch milliseconds. */
    resetsAt: z.number().optional(),
    limitType: z.string().optional(),
    utilization: z.number().optional(),
    at: z.number(),
  }),
);
export type RateLimit = z.infer<typeof RateLimitSchema>;

/** Background work the CLI tracks: a Bash command, a subagent, a workflow, an MCP task. */
export const TaskPatchSchema = lazySchema(() =>
  z.object({
    taskId: z.string(),
    /** The tool call that started it (its card shows the task). */
    toolUseId: z.string().optional(),
    /** local_bash, local_agent, local_workflow, mcp_task, ... */
    taskType: z.string().optional(),
    subagentType: z.string().optional(),
    description: z.string().optional(),
    prompt: z.string().optional(),
    /** pending, running, completed, failed, killed, stopped, paused. */
    status: z.string().optional(),
    backgrounded: z.boolean().optional(),
    parentTaskId: z.string().optional(),
    summary: z.string().optional(),
    /** What it is doing now, from its latest progress ("Running <step>"). */
    activity: z.string().optional(),
    lastToolName: z.string().optional(),
    usage: z.object({ totalTokens: z.number(), toolUses: z.number(), durationMs: z.number() }).optional(),
    outputFile: z.string().optional(),
    error: z.string().optional(),
    /** Housekeeping the CLI asks hosts not to show inline. */
    hidden: z.boolean().optional(),
    /** The tool call's tool (Bash, Monitor, Agent...), from the call that started it. */
    toolName: z.string().optional(),
    /** The command line of a shell or Monitor, from the call that started it. */
    command: z.string().optional(),
    /**
     * Why it ended, where that was not its own end: `unfinished-at-restart`, Claude Code found on
     * resuming the session that it had not finished before the restart and closed it;
     * `worker-restart`, the worker running it restarted.
     */
    endReason: z.enum(['unfinished-at-restart', 'worker-restart']).optional(),
    /** How long a shell's command ran, in ms, as Claude Code measured it (from 2.1.337). */
    durationMs: z.number().optional(),
  }),
);
export type TaskPatch = z.infer<typeof TaskPatchSchema>;

export const HookRunSchema = lazySchema(() =>
  z.object({
    hookId: z.string(),
    /** e.g. "PreToolUse:Bash". */
    name: z.string(),
    /** e.g. "PreToolUse". */
    event: z.string(),
    /** success, error or cancelled (on the response). */
    outcome: z.string().optional(),
    exitCode: z.number().optional(),
    output: z.string().optional(),
    stderr: z.string().optional(),
  }),
);
export type HookRun = z.infer<typeof HookRunSchema>;

export const ApiRetrySchema = lazySchema(() =>
  z.object({
    attempt: z.number(),
    maxRetries: z.number().optional(),
    delayMs: z.number().optional(),
    /** Absent for connection errors that had no HTTP response. */
    httpStatus: z.number().optional(),
    /** The CLI's error category: overloaded, rate_limit, server_error, ... */
    error: z.string().optional(),
    at: z.number(),
  }),
);
export type ApiRetry = z.infer<typeof ApiRetrySchema>;

export const CompactionSchema = lazySchema(() =>
  z.object({
    trigger: z.string(),
    preTokens: z.number().optional(),
    postTokens: z.number().optional(),
    durationMs: z.number().optional(),
  }),
);
export type Compaction = z.infer<typeof CompactionSchema>;

export const livenessStates = ['ok', 'stopping', 'terminating', 'closing', 'not-responding'] as const;
export const LivenessStateSchema = lazySchema(() => z.enum(livenessStates));
export type LivenessState = z.infer<typeof LivenessStateSchema>;

/** A message the person wrote while Claude was busy, waiting to be sent when the turn ends. */
export const QueuedMessageSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    text: z.string(),
    /** How many images go with it (the images themselves stay in the main process). */
    images: z.number().optional(),
    at: z.number(),
  }),
);
export type QueuedMessage = z.infer<typeof QueuedMessageSchema>;

/** Why the queue waits instead of sending its next message when a turn ends. */
export const QueueHoldSchema = lazySchema(() =>
  z.object({
    /**
     * `limit`: the last turn stopped on a usage limit; sending now would only hit it again.
     * `connecting`: a remote session's host is still being reached; the queue goes on by itself
     * once the session is up.
     */
    reason: z.enum(['stopped', 'failed', 'limit', 'connecting']),
    message: z.string(),
  }),
);
export type QueueHold = z.infer<typeof QueueHoldSchema>;

/** A session in the team (or the person), by the host's session id and its name at the time. */
export const TeamPartySchema = lazySchema(() => z.object({ id: z.string(), name: z.string() }));
export type TeamParty = z.infer<typeof TeamPartySchema>;

/** Where a message between sessions stands for one receiver. */
export const TeamDeliveryStateSchema = lazySchema(() => z.enum(['waiting', 'held', 'delivered', 'read', 'dropped']));
export type TeamDeliveryState = z.infer<typeof TeamDeliveryStateSchema>;

/** The field of an event a subagent produced (spread into each such event's schema, as it is built). */
const parent = () => ({ parentToolUseId: z.string().optional() });

export const SessionEventSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('status'), status: SessionStatusSchema }),
    z.object({ kind: z.literal('failure'), error: AppErrorSchema, resumable: z.boolean() }),
    z.object({ kind: z.literal('info'), info: SessionInfoSchema }),
    z.object({
      kind: z.literal('user'),
      id: z.string(),
      text: z.string(),
      images: z.number().optional(),
      at: z.number(),
    }),
    z.object({
      kind: z.literal('context'),
      id: z.string(),
      source: ContextSourceSchema,
      label: z.string(),
      text: z.string(),
      at: z.number(),
      ...parent(),
    }),
    z.object({
      kind: z.literal('block-start'),
      messageId: z.string(),
      index: z.number(),
      blockType: BlockKindSchema,
      toolName: z.string().optional(),
      toolUseId: z.string().optional(),
      at: z.number(),
      ...parent(),
    }),
    z.object({ kind: z.literal('block-delta'), messageId: z.string(), index: z.number(), text: z.string() }),
    z.object({
      kind: z.literal('block'),
      messageId: z.string(),
      index: z.number(),
      block: FinalBlockSchema,
      model: z.string().optional(),
      at: z.number(),
      ...parent(),
    }),
    z.object({ kind: z.literal('message-end'), messageId: z.string(), aborted: z.boolean().optional() }),
    z.object({
      kind: z.literal('tool-result'),
      toolUseId: z.string(),
      content: z.string(),
      isError: z.boolean(),
      structured: z.unknown().optional(),
      ...parent(),
    }),
    z.object({ kind: z.literal('permission'), request: PermissionRequestSchema }),
    z.object({
      kind: z.literal('permission-closed'),
      requestId: z.string(),
      toolUseId: z.string().optional(),
      outcome: PermissionOutcomeSchema,
      message: z.string().optional(),
    }),
    z.object({ kind: z.literal('result'), result: TurnResultSchema, id: z.string().optional(), at: z.number().optional() }),
    z.object({
      kind: z.literal('notice'),
      id: z.string(),
      level: NoticeLevelSchema,
      code: z.string(),
      text: z.string(),
      at: z.number(),
    }),
    z.object({ kind: z.literal('rate-limit'), rateLimit: RateLimitSchema }),
    /** Tokens in the context window now: input + cache read + cache creation of the latest main-thread call. */
    z.object({ kind: z.literal('usage'), contextTokens: z.number() }),
    /**
     * How the process is doing beyond the coarse status: being stopped, being ended by force,
     * shutting down, or silent mid-turn ("not responding", since `since`). `ok` clears it.
     */
    z.object({ kind: z.literal('liveness'), state: LivenessStateSchema, since: z.number().optional(), at: z.number() }),
    /** What the CLI is busy with between messages: calling the API, compacting, or nothing (null). */
    z.object({ kind: z.literal('activity'), activity: z.enum(['requesting', 'compacting']).nullable() }),
    z.object({ kind: z.literal('api-retry'), retry: ApiRetrySchema }),
    z.object({ kind: z.literal('compaction'), id: z.string(), compaction: CompactionSchema, at: z.number() }),
    /** The conversation was wiped (/clear and the like); a new one starts. */
    z.object({ kind: z.literal('conversation-reset'), id: z.string(), trigger: z.string().optional(), at: z.number() }),
    z.object({
      kind: z.literal('task'),
      phase: z.enum(['started', 'progress', 'updated', 'ended']),
      task: TaskPatchSchema,
      at: z.number(),
    }),
    /**
     * Every background task running now, as the CLI reports it on each change; `processEnded`: the
     * process is gone, and every task it ran with it.
     */
    z.object({ kind: z.literal('live-tasks'), tasks: z.array(LiveTaskSchema), processEnded: z.boolean().optional(), at: z.number() }),
    z.object({ kind: z.literal('hook'), phase: z.enum(['started', 'progress', 'response']), hook: HookRunSchema, at: z.number() }),
    /** A side question asked beside the conversation, sent again whole as it changes (by id). */
    z.object({ kind: z.literal('aside'), aside: AsideSchema }),
    /** The tab stopped on a usage limit that resets at a known time (null: no longer). */
    z.object({ kind: z.literal('limit-stop'), stop: LimitStopSchema.nullable() }),
    /** The whole message queue as it is now (every window shows the same queue). */
    z.object({ kind: z.literal('queue'), messages: z.array(QueuedMessageSchema), hold: QueueHoldSchema.optional() }),
    /**
     * A message between two sessions of the team, shown in both transcripts: `sent` in the
     * sender's (re-sent with the same id as its delivery changes), `received` in the receiver's
     * when it reached Claude (as a new turn, or through its read_inbox call).
     */
    z.object({
      kind: z.literal('team-message'),
      id: z.string(),
      messageId: z.string(),
      direction: z.enum(['sent', 'received']),
      from: TeamPartySchema,
      to: z.array(TeamPartySchema.extend({ state: TeamDeliveryStateSchema })),
      toAll: z.boolean().optional(),
      text: z.string(),
      via: z.enum(['turn', 'inbox']).optional(),
      /** The sender's send_message call: its transcript shows this card in that call's place. */
      toolUseId: z.string().optional(),
      at: z.number(),
    }),
    /**
     * The session's own git worktree (an isolated session, shared/git.ts): being set up, ready,
     * or `missing` (deleted outside clide; `canRecreate` when its branch still exists).
     */
    z.object({
      kind: z.literal('worktree'),
      worktree: WorktreeInfoSchema,
      state: WorktreeStateSchema,
      canRecreate: z.boolean().optional(),
      message: z.string().optional(),
    }),
    /** Setup of a new worktree began: `.env*` files are copied, then the command (if any) runs. Claude waits. */
    z.object({ kind: z.literal('setup-started'), source: SetupSourceSchema, command: z.string().optional(), at: z.number() }),
    /** A committed `.clide/setup` waits for the person's one-time confirmation (`worktree:confirmSetup`). */
    z.object({ kind: z.literal('setup-confirm'), file: z.string(), content: z.string(), hash: z.string() }),
    /** Output of the setup, live. `info` lines are clide's own (files copied, the command run). */
    z.object({ kind: z.literal('setup-output'), stream: z.enum(['out', 'err', 'info']), text: z.string() }),
    /**
     * The setup ended. On failure Claude has not started: `worktree:retrySetup` or
     * `worktree:startAnyway`. `skipped`: the person chose not to run the repository's setup file.
     */
    z.object({
      kind: z.literal('setup-finished'),
      ok: z.boolean(),
      exitCode: z.number().nullable(),
      signal: z.string().nullable().optional(),
      error: z.string().optional(),
      skipped: z.boolean().optional(),
      at: z.number(),
    }),
    /** The tab's git glance (branch, files changed, ahead/behind, uncommitted), sent when it or the files change. */
    z.object({ kind: z.literal('git-status'), status: GitStatusSchema }),
    /** Other tabs (by id) that work in this tab's working tree without isolation; empty: none any more. */
    z.object({ kind: z.literal('shared-tree'), tree: z.string(), with: z.array(z.string()) }),
    /** A tool call refused without asking anyone (a rule, the permission mode, a hook, a classifier). */
    z.object({
      kind: z.literal('permission-denied'),
      toolName: z.string(),
      toolUseId: z.string(),
      message: z.string(),
      reasonType: z.string().optional(),
      reason: z.string().optional(),
      at: z.number(),
      ...parent(),
    }),
  ]),
);
export type SessionEvent = z.infer<typeof SessionEventSchema>;
export type SessionEventOf<K extends SessionEvent['kind']> = Extract<SessionEvent, { kind: K }>;

// ---- typed results of outbound control requests ------------------------------------------

export const ContextCategorySchema = lazySchema(() =>
  z.object({
    name: z.string(),
    tokens: z.number(),
    /** used, free, buffer or deferred. */
    kind: z.string().optional(),
    id: z.string().optional(),
  }),
);

/** get_context_usage: what fills the context window now. */
export const ContextUsageSchema = lazySchema(() =>
  z.object({
    categories: z.array(ContextCategorySchema),
    totalTokens: z.number(),
    maxTokens: z.number(),
    percentage: z.number(),
    model: z.string().optional(),
    autoCompactThreshold: z.number().optional(),
    autoCompactEnabled: z.boolean().optional(),
    /**
     * Counted for a new session in the same folder and model when Claude last started there:
     * this tab has no process yet (asked with `cached`), so nothing was started to count it.
     */
    cached: z.boolean().optional(),
  }),
);
export type ContextUsage = z.infer<typeof ContextUsageSchema>;

/** rewind_files: what restoring files to a past message changes (or changed). */
export const RewindResultSchema = lazySchema(() =>
  z.object({
    canRewind: z.boolean(),
    error: z.string().optional(),
    filesChanged: z.array(z.string()),
    insertions: z.number(),
    deletions: z.number(),
  }),
);
export type RewindResult = z.infer<typeof RewindResultSchema>;
