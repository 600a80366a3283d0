// `system` messages -> app events. Every subtype the CLI can emit (sdk.d.ts, 2.1.332) is listed
// in SYSTEM_SUBTYPES: either a handler that turns it into events, or the reason it is ignored.
// test/unit/protocol/sdk-coverage.test.ts fails when sdk.d.ts names a subtype missing here.
import type { SessionEvent, TaskPatch } from '../../../shared/events';
import { commandsFrom, infoFromInit } from './session-info';
import { isRecord, nonEmpty, num } from '../../../shared/guards';

type Sys = Record<string, unknown> & { subtype: string };

export interface SystemContext {
  now(): number;
  newId(): string;
  notice(level: 'info' | 'warning' | 'error', code: string, text: string): SessionEvent;
}

type Handler = (m: Sys, ctx: SystemContext) => SessionEvent[];

/** A subtype clide deliberately reads nothing from, with the reason. */
interface Ignored {
  ignored: string;
}

const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** task_notification's `reason` in the app's words (2.1.337 added unfinished_at_resume). */
const END_REASONS = new Map<unknown, TaskPatch['endReason']>([
  ['unfinished_at_resume', 'unfinished-at-restart'],
  ['worker_restart', 'worker-restart'],
]);

function task(phase: 'started' | 'progress' | 'updated' | 'ended'): Handler {
  return (m, ctx) => {
    const taskId = nonEmpty(m.task_id);
    if (!taskId) return [];
    const patch = isRecord(m.patch) ? m.patch : {};
    const usage = isRecord(m.usage) ? m.usage : undefined;
    const t: TaskPatch = {
      taskId,
      toolUseId: nonEmpty(m.tool_use_id),
      taskType: nonEmpty(m.task_type),
      subagentType: nonEmpty(m.subagent_type),
      // task_progress's description says what the task does now ("Running <step>"), not its name.
      description: phase === 'progress' ? undefined : (nonEmpty(m.description) ?? nonEmpty(patch.description)),
      activity: phase === 'progress' ? nonEmpty(m.description) : undefined,
      prompt: nonEmpty(m.prompt),
      // task_started has no status: the task is running from then on.
      status: nonEmpty(m.status) ?? nonEmpty(patch.status) ?? (phase === 'started' ? 'running' : undefined),
      backgrounded: bool(m.is_backgrounded) ?? bool(patch.is_backgrounded),
      parentTaskId: nonEmpty(m.parent_task_id),
      summary: nonEmpty(m.summary),
      lastToolName: nonEmpty(m.last_tool_name),
      usage: usage ? { totalTokens: num(usage.total_tokens) ?? 0, toolUses: num(usage.tool_uses) ?? 0, durationMs: num(usage.duration_ms) ?? 0 } : undefined,
      outputFile: nonEmpty(m.output_file),
      error: nonEmpty(patch.error),
      hidden: m.skip_transcript === true || m.ambient === true ? true : undefined,
      endReason: END_REASONS.get(m.reason),
      durationMs: num(m.duration_ms),
    };
    return [{ kind: 'task', phase, task: t, at: ctx.now() }];
  };
}

function hook(phase: 'started' | 'progress' | 'response'): Handler {
  return (m, ctx) => {
    const hookId = nonEmpty(m.hook_id);
    if (!hookId) return [];
    return [
      {
        kind: 'hook',
        phase,
        hook: {
          hookId,
          name: nonEmpty(m.hook_name) ?? 'hook',
          event: nonEmpty(m.hook_event) ?? '',
          outcome: nonEmpty(m.outcome),
          exitCode: num(m.exit_code),
          output: nonEmpty(m.output),
          stderr: nonEmpty(m.stderr),
        },
        at: ctx.now(),
      },
    ];
  };
}

export const SYSTEM_SUBTYPES: Record<string, Handler | Ignored> = {
  init: (m) => [{ kind: 'info', info: infoFromInit(m) }],
  status: (m, ctx) => {
    const out: SessionEvent[] = [];
    if (typeof m.permissionMode === 'string') out.push({ kind: 'info', info: { permissionMode: m.permissionMode } });
    const s = m.status;
    out.push({ kind: 'activity', activity: s === 'requesting' || s === 'compacting' ? s : null });
    if (m.compact_result === 'failed') {
      out.push(ctx.notice('error', 'compact-failed', `Compacting the conversation failed${nonEmpty(m.compact_error) ? `: ${String(m.compact_error)}` : '.'}`));
    }
    return out;
  },
  compact_boundary: (m, ctx) => {
    const meta = isRecord(m.compact_metadata) ? m.compact_metadata : {};
    return [
      {
        kind: 'compaction',
        id: nonEmpty(m.uuid) ?? ctx.newId(),
        compaction: {
          trigger: nonEmpty(meta.trigger) ?? 'auto',
          preTokens: num(meta.pre_tokens),
          postTokens: num(meta.post_tokens),
          durationMs: num(meta.duration_ms),
        },
        at: ctx.now(),
      },
    ];
  },
  api_retry: (m, ctx) => [
    {
      kind: 'api-retry',
      retry: {
        attempt: num(m.attempt) ?? 1,
        maxRetries: num(m.max_retries),
        delayMs: num(m.retry_delay_ms),
        httpStatus: num(m.error_status),
        error: nonEmpty(m.error),
        at: ctx.now(),
      },
    },
  ],
  task_started: task('started'),
  task_progress: task('progress'),
  task_updated: task('updated'),
  task_notification: task('ended'),
  // The whole live set on every change (REPLACE semantics, per process): what the status bar
  // counts and parking checks, since a missed task_notification cannot leave a task in it.
  background_tasks_changed: (m, ctx) => {
    const list = Array.isArray(m.tasks) ? (m.tasks as unknown[]).filter(isRecord) : [];
    const tasks = list.flatMap((t) => {
      const taskId = nonEmpty(t.task_id);
      if (!taskId) return [];
      return [
        {
          taskId,
          taskType: nonEmpty(t.task_type) ?? 'unknown',
          subagentType: nonEmpty(t.subagent_type),
          description: typeof t.description === 'string' ? t.description : '',
          parentTaskId: nonEmpty(t.parent_task_id),
          ambient: t.ambient === true ? true : undefined,
        },
      ];
    });
    return [{ kind: 'live-tasks', tasks, at: ctx.now() }];
  },
  hook_started: hook('started'),
  hook_progress: hook('progress'),
  hook_response: hook('response'),
  permission_denied: (m, ctx) => {
    const toolUseId = nonEmpty(m.tool_use_id);
    if (!toolUseId) return [];
    return [
      {
        kind: 'permission-denied',
        toolName: nonEmpty(m.tool_name) ?? 'tool',
        toolUseId,
        message: nonEmpty(m.message) ?? 'Permission denied.',
        reasonType: nonEmpty(m.decision_reason_type),
        reason: nonEmpty(m.decision_reason),
        at: ctx.now(),
      },
    ];
  },
  local_command_output: (m, ctx) => {
    const text = nonEmpty(m.content);
    if (!text) return [];
    return [{ kind: 'context', id: nonEmpty(m.uuid) ?? ctx.newId(), source: 'local-command', label: 'Command output', text, at: ctx.now() }];
  },
  memory_recall: (m, ctx) => {
    const memories = Array.isArray(m.memories) ? (m.memories as unknown[]).filter(isRecord) : [];
    if (memories.length === 0) return [];
    const text = memories.map((x) => (nonEmpty(x.content) ? `${String(x.path)}\n\n${String(x.content)}` : String(x.path))).join('\n\n---\n\n');
    const label = `Memory recalled (${memories.length} ${memories.length === 1 ? 'entry' : 'entries'})`;
    return [{ kind: 'context', id: nonEmpty(m.uuid) ?? ctx.newId(), source: 'memory', label, text, at: ctx.now() }];
  },
  commands_changed: (m) => [{ kind: 'info', info: { commands: commandsFrom(m.commands) } }],
  model_refusal_fallback: (m, ctx) => {
    const out: SessionEvent[] = [
      ctx.notice('warning', 'model-fallback', nonEmpty(m.content) ?? `The model declined; continuing with ${String(m.fallback_model)}.`),
    ];
    // scope "local": only a subagent or side question fell back; the session model is unchanged.
    if (m.scope !== 'local' && nonEmpty(m.fallback_model)) out.push({ kind: 'info', info: { model: String(m.fallback_model) } });
    return out;
  },
  model_refusal_no_fallback: (m, ctx) => [ctx.notice('error', 'model-refusal', nonEmpty(m.content) ?? 'The model declined to answer.')],
  notification: (m, ctx) => {
    const text = nonEmpty(m.text);
    if (!text) return [];
    return [ctx.notice(m.priority === 'high' || m.priority === 'immediate' ? 'warning' : 'info', `notification:${nonEmpty(m.key) ?? 'cli'}`, text)];
  },
  informational: (m, ctx) => {
    const text = nonEmpty(m.content);
    if (!text) return [];
    return [ctx.notice(m.level === 'warning' ? 'warning' : 'info', `informational${nonEmpty(m.tag) ? `:${String(m.tag)}` : ''}`, text)];
  },
  session_writes_lost: (m, ctx) => {
    const lost = Array.isArray(m.lost) ? (m.lost as unknown[]).map(String).join(' and ') : 'some data';
    const why =
      m.error_code === 'EDQUOT' ? 'the disk quota is used up' : m.error_code === 'ENOSPC' ? 'the disk is full' : String(m.error_code ?? 'a write failed');
    return [
      ctx.notice(
        'error',
        'session-writes-lost',
        `Claude Code could not save the ${lost} because ${why}; resuming this session later may miss part of it. Free some space.`,
      ),
    ];
  },
  plugin_install: (m, ctx) =>
    m.status === 'failed'
      ? [ctx.notice('warning', 'plugin-install', `Installing plugin ${nonEmpty(m.name) ?? ''} failed${nonEmpty(m.error) ? `: ${String(m.error)}` : '.'}`)]
      : [],
  // A URL elicitation the person accepted: the server says the page's part is done.
  elicitation_complete: (m, ctx) => [
    ctx.notice('info', 'elicitation-complete', `${nonEmpty(m.mcp_server_name) ?? 'The MCP server'} says the page you opened for it is done.`),
  ],
  worker_shutting_down: (m, ctx) => [ctx.notice('info', 'cli-shutting-down', `Claude Code is shutting down (${nonEmpty(m.reason) ?? 'no reason given'}).`)],

  thinking_tokens: { ignored: 'an estimate that counts the signature: only a "still thinking" signal; stream_event deltas already show it' },
  session_state_changed: { ignored: 'idle/running/requires_action: the session derives the same from the turn events and control requests' },
  files_persisted: { ignored: 'file uploads for hosted sessions; clide sessions are local' },
  control_request_progress: {
    ignored: 'progress of a side_question clide sent: pipeline.ts hands it to that request (the Ask aside panel), not to the transcript',
  },
  mirror_error: { ignored: 'mirroring transcripts to a remote session store, which clide never configures' },
};

export function systemEvents(m: Sys, ctx: SystemContext): SessionEvent[] | undefined {
  const entry = Object.hasOwn(SYSTEM_SUBTYPES, m.subtype) ? SYSTEM_SUBTYPES[m.subtype] : undefined;
  if (!entry) return undefined;
  return typeof entry === 'function' ? entry(m, ctx) : [];
}
