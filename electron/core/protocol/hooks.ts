// Hook callbacks clide registers with the CLI in `initialize` (`hooks: {Event: [{matcher,
// hookCallbackIds}]}`). When a hook fires the CLI sends a `hook_callback` control request with
// the callback id and the hook input, and waits for the hook's output as the response:
// `{continue: true}` lets things proceed; for PreToolUse, `hookSpecificOutput.permissionDecision`
// can also allow, deny or ask.
import type { Json } from './control';

/** The CLI's hook events (sdk.d.ts HookEvent); a string so newer events need no change here. */
export type HookEventName =
  | 'PreToolUse'
  | 'PostToolUse'
  | 'PostToolUseFailure'
  | 'UserPromptSubmit'
  | 'SessionStart'
  | 'SessionEnd'
  | 'Stop'
  | 'SubagentStart'
  | 'SubagentStop'
  | 'PreCompact'
  | 'PostCompact'
  | 'Notification'
  | 'PermissionRequest'
  /** 2.1.337: when a stop, a denial or a rewind ends the turn; its input says who (source) and why (reason). */
  | 'Interrupt'
  | (string & {});

export interface HookContext {
  toolUseId?: string;
  /** Aborted when the CLI withdraws the request (control_cancel_request) or the process dies. */
  signal: AbortSignal;
}

/** Returns the hook's JSON output (sdk.d.ts SyncHookJSONOutput). */
export type HookCallback = (input: Json, ctx: HookContext) => Json | Promise<Json>;

export interface HookRegistration {
  event: HookEventName;
  /** Tool-name pattern for tool events (e.g. "Write", "Bash|Edit"); omitted means every tool. */
  matcher?: string;
  /** Seconds the CLI waits for the callback. */
  timeoutSec?: number;
  callback: HookCallback;
}

export interface RegisteredHooks {
  /** The `hooks` field of the initialize request. */
  payload: Record<string, Json[]>;
  /** callback id -> the callback and how long clide waits for it. */
  callbacks: Map<string, { callback: HookCallback; timeoutMs: number }>;
}

/** Without a timeout of its own, a hook callback gets this long before clide answers with an error. */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

export function registerHooks(hooks: readonly HookRegistration[]): RegisteredHooks {
  const payload: Record<string, Json[]> = {};
  const callbacks = new Map<string, { callback: HookCallback; timeoutMs: number }>();
  hooks.forEach((h, i) => {
    const id = `clide_hook_${i}`;
    callbacks.set(id, { callback: h.callback, timeoutMs: (h.timeoutSec ?? DEFAULT_HOOK_TIMEOUT_S) * 1000 });
    const matcher: Json = { hookCallbackIds: [id] };
    if (h.matcher !== undefined) matcher.matcher = h.matcher;
    if (h.timeoutSec !== undefined) matcher.timeout = h.timeoutSec;
    (payload[h.event] ??= []).push(matcher);
  });
  return { payload, callbacks };
}
