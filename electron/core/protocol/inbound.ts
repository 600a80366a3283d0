// Inbound control requests (the CLI asks clide something). The rule the CLI depends on: every
// request gets exactly one control_response, or the turn hangs; a withdrawn one
// (control_cancel_request) gets none. ControlChannel.reply() enforces "at most once"; this
// router makes sure every path ends in a reply ("at least once"), including handlers that
// throw, hang or answer after the request was withdrawn.
import type { DialogAnswer } from '../../../shared/dialogs';
import type { PermissionRequest, SessionEvent } from '../../../shared/events';
import type { PermissionDecision } from '../../../shared/ipc';
import type { ElicitationAnswer } from '../../../shared/mcp';
import type { ControlChannel, Json } from './control';
import { INBOUND_CONTROL } from './control-subtypes';
import { dialogReply } from './dialogs';
import { elicitationReply } from './elicitation';
import type { HookCallback } from './hooks';
import type { SdkMcpServer } from './mcp-server';
import { permissionReply } from './outbound';
import { dialogPrompt, elicitationPrompt } from './prompts';
import { isRecord } from '../../../shared/guards';

export interface InboundDeps {
  control: ControlChannel;
  hooks: Map<string, { callback: HookCallback; timeoutMs: number }>;
  servers: Map<string, SdkMcpServer>;
  /** A permission prompt for the person. */
  ask(request: PermissionRequest): void;
  emit(events: SessionEvent[]): void;
  notice(level: 'info' | 'warning' | 'error', code: string, text: string): SessionEvent;
  /** The Agent/Task tool call a subagent runs under, by the subagent's agent id. */
  agentParent(agentId: string): string | undefined;
  now(): number;
}

export class InboundRouter {
  /** can_use_tool requests waiting for a person: request id -> the tool's original input. */
  private readonly asks = new Map<string, Record<string, unknown>>();
  /** Elicitations and dialogs waiting for a person: request id -> what it is (the dialog's wire kind). */
  private readonly others = new Map<string, { kind: 'elicitation'; mode: 'form' | 'url' } | { kind: 'dialog'; wireKind: string }>();
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly d: InboundDeps) {}

  route(requestId: string, request: Json & { subtype: string }): void {
    const { control } = this.d;
    // A second request under an id still owed would let one answer serve two asks; receive()
    // answers the newcomer with an error and the first keeps waiting for its own answer.
    const duplicate = control.isOwed(requestId);
    control.receive(requestId, request);
    if (duplicate) return;
    switch (request.subtype) {
      case 'can_use_tool': {
        const input = isRecord(request.input) ? request.input : {};
        this.asks.set(requestId, input);
        this.d.ask(permissionRequest(requestId, request, input, this.d.now(), this.d.agentParent));
        return;
      }
      case 'hook_callback':
        return this.hookCallback(requestId, request);
      case 'mcp_message':
        return this.mcpMessage(requestId, request);
      case 'elicitation': {
        const prompt = elicitationPrompt(requestId, request, this.d.now());
        this.others.set(requestId, { kind: 'elicitation', mode: prompt.elicitation?.mode ?? 'form' });
        this.d.ask(prompt);
        return;
      }
      case 'request_user_dialog':
        return this.dialog(requestId, request);
      default: {
        const known = Object.hasOwn(INBOUND_CONTROL, request.subtype);
        // Answer every request, known or not, or the CLI waits forever.
        control.replyError(requestId, known ? `clide does not support ${request.subtype}` : `Unsupported control request: ${request.subtype}`);
      }
    }
  }

  /** Answer a permission prompt. False if it was already answered or withdrawn. */
  answerPermission(requestId: string, decision: PermissionDecision): boolean {
    const input = this.asks.get(requestId);
    if (!input || !this.d.control.isOwed(requestId)) return false;
    this.asks.delete(requestId);
    return this.d.control.reply(requestId, permissionReply(decision, input));
  }

  /** Answer an MCP server's request for input. False if it was already answered or withdrawn. */
  answerElicitation(requestId: string, answer: ElicitationAnswer): boolean {
    const entry = this.others.get(requestId);
    if (entry?.kind !== 'elicitation' || !this.d.control.isOwed(requestId)) return false;
    this.others.delete(requestId);
    return this.d.control.reply(requestId, elicitationReply(answer, entry.mode));
  }

  /** Answer a dialog. False if it was already answered or withdrawn; throws for a choice the dialog does not offer. */
  answerDialog(requestId: string, answer: DialogAnswer): boolean {
    const entry = this.others.get(requestId);
    if (entry?.kind !== 'dialog' || !this.d.control.isOwed(requestId)) return false;
    const reply = dialogReply(entry.wireKind, answer);
    if (!reply) throw new Error(`"${answer.answer === 'choice' ? answer.choice : answer.answer}" is not a choice this dialog offers.`);
    this.others.delete(requestId);
    return this.d.control.reply(requestId, reply);
  }

  /** control_cancel_request: no reply may follow. Returns true if it withdrew a prompt a person was shown. */
  withdraw(requestId: string): boolean {
    const entry = this.d.control.withdraw(requestId);
    this.running.get(requestId)?.abort();
    this.running.delete(requestId);
    const wasAsk = this.asks.delete(requestId);
    const wasOther = this.others.delete(requestId);
    return entry !== undefined && (wasAsk || wasOther);
  }

  /** The process is gone: stop handlers still running (their replies would go nowhere). */
  closeAll(): void {
    for (const c of this.running.values()) c.abort();
    this.running.clear();
    this.asks.clear();
    this.others.clear();
  }

  private dialog(requestId: string, request: Json): void {
    const prompt = dialogPrompt(requestId, request, this.d.now());
    if (prompt.kind === 'undeclared') {
      // Never {behavior: 'cancelled'} here: that is a real answer ("the person closed it").
      this.d.control.replyError(requestId, `clide does not show "${prompt.wireKind}" dialogs; it declared only the kinds it renders.`);
      return;
    }
    if (prompt.kind === 'unreadable') {
      this.d.emit([
        this.d.notice(
          'warning',
          'dialog-unreadable',
          `Claude Code asked a "${prompt.wireKind}" question in a form this version of clide cannot read, so Claude Code's default was taken.`,
        ),
      ]);
      this.d.control.reply(requestId, { behavior: 'cancelled' });
      return;
    }
    this.others.set(requestId, { kind: 'dialog', wireKind: prompt.wireKind });
    this.d.ask(prompt.request);
  }

  private hookCallback(requestId: string, request: Json): void {
    const id = s(request.callback_id) ?? '';
    const hook = this.d.hooks.get(id);
    if (!hook) {
      this.d.control.replyError(requestId, `No hook callback is registered with id "${id}".`);
      return;
    }
    const abort = new AbortController();
    const input = isRecord(request.input) ? request.input : {};
    this.settle(
      requestId,
      abort,
      () => hook.callback(input, { toolUseId: s(request.tool_use_id), signal: abort.signal }),
      hook.timeoutMs,
      (err) => {
        this.d.emit([this.d.notice('warning', 'hook-callback', `A hook (${String(input.hook_event_name ?? id)}) failed: ${err}`)]);
        return `Hook callback failed: ${err}`;
      },
    );
  }

  private mcpMessage(requestId: string, request: Json): void {
    const name = s(request.server_name) ?? '';
    const server = this.d.servers.get(name);
    if (!server) {
      // Same wording as the Agent SDK, so the CLI's own handling applies.
      this.d.control.replyError(requestId, `SDK MCP server not found: ${name}`);
      return;
    }
    const abort = new AbortController();
    this.settle(
      requestId,
      abort,
      async () => ({ mcp_response: await server.handle(request.message) }),
      0,
      (err) => `MCP server ${name} failed: ${err}`,
    );
  }

  /** Run a handler and reply with its value, or with an error if it throws or takes too long. */
  private settle(requestId: string, abort: AbortController, run: () => Json | Promise<Json>, timeoutMs: number, onError: (message: string) => string): void {
    this.running.set(requestId, abort);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout =
      timeoutMs > 0
        ? new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              abort.abort();
              reject(new Error(`no answer within ${Math.round(timeoutMs / 1000)} s`));
            }, timeoutMs);
            timer.unref?.();
          })
        : undefined;
    const work = Promise.resolve().then(run);
    (timeout ? Promise.race([work, timeout]) : work)
      .then(
        // reply() is a no-op for a request that was withdrawn meanwhile. A handler that returns
        // nothing usable answers with an empty object: "no opinion", the tool proceeds.
        (value) => void this.d.control.reply(requestId, isRecord(value) ? value : {}),
        (err: unknown) => {
          if (!this.d.control.isOwed(requestId)) return; // withdrawn or the process died
          this.d.control.replyError(requestId, onError(err instanceof Error ? err.message : String(err)));
        },
      )
      .catch(() => {
        // The write failed (process gone); the exit path reports it.
      })
      .finally(() => {
        if (timer) clearTimeout(timer);
        if (this.running.get(requestId) === abort) this.running.delete(requestId);
      });
  }
}

function s(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function permissionRequest(
  requestId: string,
  r: Json,
  input: Record<string, unknown>,
  at: number,
  agentParent: (agentId: string) => string | undefined,
): PermissionRequest {
  const mcp = r.mcp_server;
  const agentId = s(r.agent_id);
  return {
    requestId,
    toolName: s(r.tool_name) ?? 'tool',
    displayName: s(r.display_name) ?? s(r.tool_name) ?? 'tool',
    title: s(r.title),
    description: s(r.description),
    decisionReason: s(r.decision_reason),
    decisionReasonType: s(r.decision_reason_type),
    blockedPath: s(r.blocked_path),
    input,
    suggestions: Array.isArray(r.permission_suggestions) ? (r.permission_suggestions as unknown[]).filter(isRecord) : [],
    toolUseId: s(r.tool_use_id),
    mcpServer: typeof mcp === 'string' ? mcp : isRecord(mcp) ? s(mcp.name) : undefined,
    requiresUserInteraction: r.requires_user_interaction === true ? true : undefined,
    defaultToNo: r.default_to_no === true ? true : undefined,
    suppressAlwaysAllow: r.suppress_always_allow_rule === true ? true : undefined,
    // can_use_tool names the subagent by agent_id; the transcript groups by the Agent tool call.
    parentToolUseId: agentId ? agentParent(agentId) : undefined,
    at,
  };
}
