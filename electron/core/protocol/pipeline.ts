// The wire pipeline of one CLI process, without the process: stdout bytes -> line framer ->
// decoder -> normalizer / control channel -> app events and asks; control messages out through
// `write`. Connection puts a Transport around it; replay tests feed it recorded fixtures.
import { randomUUID } from 'node:crypto';
import type { DialogAnswer } from '../../../shared/dialogs';
import type { PermissionRequest, SessionEvent } from '../../../shared/events';
import type { PermissionDecision } from '../../../shared/ipc';
import type { ElicitationAnswer } from '../../../shared/mcp';
import type { AppError } from '../../../shared/result';
import { ControlChannel, type InboundRequest, type Json } from './control';
import { decodeLine, preview } from './decode';
import { supportedDialogKinds } from './dialogs';
import { registerHooks, type HookRegistration } from './hooks';
import { InboundRouter } from './inbound';
import { LineFramer } from './line-framer';
import type { SdkMcpServer } from './mcp-server';
import { WireNormalizer } from './normalize';
import { initializeRequest } from './outbound';
import { systemEvents } from './system';
import { TaskOrigins } from './task-origins';

/** Something the CLI asks that a person must answer (a permission, an MCP server's input request, a dialog). */
export type Ask = { kind: 'permission'; request: PermissionRequest };

export interface PipelineHandlers {
  onEvents(events: SessionEvent[]): void;
  onAsk(ask: Ask): void;
  /** The CLI withdrew an ask (control_cancel_request). */
  onWithdrawn(requestId: string): void;
  /** Every batch of complete stdout lines (for liveness watchdogs). */
  onActivity?(): void;
}

export interface ProtocolExtensions {
  /** Hook callbacks registered in initialize and answered on hook_callback. */
  hooks?: readonly HookRegistration[];
  /** In-process MCP servers registered in initialize and driven through mcp_message. */
  mcpServers?: readonly SdkMcpServer[];
}

export interface PipelineOptions extends ProtocolExtensions {
  /** Writes one control message; throws a ClideError when the process cannot take it. */
  write(message: Json): void;
  controlTimeoutMs?: number;
  maxLineBytes?: number;
  now?: () => number;
  newId?: () => string;
}

export class ProtocolPipeline {
  readonly control: ControlChannel;
  private readonly framer: LineFramer;
  private readonly normalizer: WireNormalizer;
  private readonly inbound: InboundRouter;
  private readonly hooksPayload: Record<string, Json[]>;
  private readonly servers = new Map<string, SdkMcpServer>();
  /** Subagent (task) id -> the Agent tool call it runs under. */
  private readonly agentTools = new Map<string, string>();
  /** The tool call behind each task (a Monitor is told apart from a shell by it). */
  private readonly origins = new TaskOrigins();
  private readonly unknownSeen = new Set<string>();
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(
    opts: PipelineOptions,
    private readonly handlers: PipelineHandlers,
  ) {
    this.now = opts.now ?? Date.now;
    this.newId = opts.newId ?? randomUUID;
    this.normalizer = new WireNormalizer({ now: this.now, newId: this.newId });
    this.framer = new LineFramer({
      maxLineBytes: opts.maxLineBytes,
      onOversize: (bytes) => this.emit([this.notice('error', 'line-too-long', `Dropped one message from Claude: ${bytes} bytes is over the size limit.`)]),
    });
    this.control = new ControlChannel({ write: opts.write, defaultTimeoutMs: opts.controlTimeoutMs ?? 30_000 });
    const { payload, callbacks: hooks } = registerHooks(opts.hooks ?? []);
    this.hooksPayload = payload;
    for (const s of opts.mcpServers ?? []) {
      if (this.servers.has(s.name)) throw new Error(`Two MCP servers are named "${s.name}".`);
      this.servers.set(s.name, s);
    }
    this.inbound = new InboundRouter({
      control: this.control,
      hooks,
      servers: this.servers,
      ask: (request) => this.handlers.onAsk({ kind: 'permission', request }),
      emit: (events) => this.emit(events),
      notice: (level, code, text) => this.notice(level, code, text),
      agentParent: (agentId) => this.agentTools.get(agentId),
      now: this.now,
    });
  }

  /** The initialize request: clide's defaults, the registered hooks and MCP servers, the dialogs it renders, then `extra`. */
  initializePayload(extra: Json = {}): Json {
    return initializeRequest({ hooks: this.hooksPayload, sdkMcpServers: [...this.servers.keys()], supportedDialogKinds: supportedDialogKinds(), ...extra });
  }

  push(chunk: Buffer): void {
    this.ingest(this.framer.push(chunk));
  }

  /** stdout ended: a last line without a newline still counts. */
  end(): void {
    this.ingest(this.framer.end());
  }

  /** Answer a pending permission prompt. False if it was already answered or withdrawn. */
  answerPermission(requestId: string, decision: PermissionDecision): boolean {
    return this.inbound.answerPermission(requestId, decision);
  }

  answerElicitation(requestId: string, answer: ElicitationAnswer): boolean {
    return this.inbound.answerElicitation(requestId, answer);
  }

  answerDialog(requestId: string, answer: DialogAnswer): boolean {
    return this.inbound.answerDialog(requestId, answer);
  }

  /** Inbound requests not answered yet. */
  get owed(): InboundRequest[] {
    return this.control.owed;
  }

  /** The process died: fail every outbound request; returns the inbound ones left unanswered. */
  close(error: AppError): string[] {
    this.inbound.closeAll();
    return this.control.close(error).map((r) => r.requestId);
  }

  ingest(lines: string[]): void {
    if (lines.length === 0) return;
    this.handlers.onActivity?.();
    const out: SessionEvent[] = [];
    for (const line of lines) {
      try {
        this.dispatch(line, out);
      } catch (err) {
        // A bug in handling one message must not take the session down.
        out.push(this.notice('error', 'internal', `clide could not handle a message from Claude: ${(err as Error).message}`));
      }
    }
    this.emit(out);
  }

  /** Made once: system messages (a status or thinking-token tick every few deltas) are frequent. */
  private readonly systemContext = {
    now: () => this.now(),
    newId: () => this.newId(),
    notice: (l: 'info' | 'warning' | 'error', c: string, t: string) => this.notice(l, c, t),
  };

  private dispatch(line: string, out: SessionEvent[]): void {
    const d = decodeLine(line);
    switch (d.kind) {
      case 'ignored':
        return;
      case 'noise':
        // Stray non-JSON output (a warning printed to stdout); not part of the protocol.
        console.warn(`[clide] ignored non-JSON output from claude: ${preview(d.line)}`);
        return;
      case 'invalid':
        out.push(this.notice('warning', 'decode', `Could not read a message from Claude (${d.reason}${d.type ? `, ${d.type}` : ''}): ${d.detail}`));
        return;
      case 'unknown':
        this.unknown(d.type, out);
        return;
    }
    const m = d.message;
    switch (m.type) {
      case 'stream_event':
        // The hot path (one line per streamed delta): no spread, no array copies.
        for (const e of this.normalizer.streamEvent(m)) out.push(e);
        return;
      case 'assistant':
        for (const e of this.normalizer.assistant(m)) {
          this.origins.see(e);
          out.push(e);
        }
        return;
      case 'user':
        out.push(...this.normalizer.user(m));
        return;
      case 'result':
        out.push(...this.normalizer.result(m));
        return;
      case 'rate_limit_event':
        out.push(...this.normalizer.rateLimit(m));
        return;
      case 'conversation_reset':
        out.push({ kind: 'conversation-reset', id: m.uuid ?? this.newId(), trigger: m.trigger, at: this.now() });
        return;
      case 'system': {
        // Progress of a request clide sent (a side question): its caller hears of it, not the transcript.
        if (m.subtype === 'control_request_progress') {
          if (typeof m.request_id === 'string') this.control.progress(m.request_id, m);
          return;
        }
        const events = systemEvents(m, this.systemContext);
        if (!events) return this.unknown(`system/${m.subtype}`, out);
        for (const e of events) {
          this.origins.see(e);
          if (e.kind === 'task' && e.task.toolUseId && e.task.taskType === 'local_agent') this.agentTools.set(e.task.taskId, e.task.toolUseId);
          // Like can_use_tool, a denial names the subagent by agent_id; group it under its Agent call.
          if (e.kind === 'permission-denied' && typeof m.agent_id === 'string') e.parentToolUseId = this.agentTools.get(m.agent_id);
        }
        out.push(...events);
        return;
      }
      case 'control_response':
        this.control.handleResponse(m.response as never);
        return;
      case 'control_cancel_request':
        if (this.inbound.withdraw(m.request_id)) this.handlers.onWithdrawn(m.request_id);
        return;
      case 'control_request':
        this.inbound.route(m.request_id, m.request as Json & { subtype: string });
        return;
    }
  }

  /** A type or subtype this version does not know: say so once per kind, never fail. */
  private unknown(type: string, out: SessionEvent[]): void {
    if (this.unknownSeen.has(type)) return;
    this.unknownSeen.add(type);
    out.push(this.notice('info', 'unknown-message', `Claude sent a message type this version of clide does not know: "${type}".`));
  }

  private emit(events: SessionEvent[]): void {
    if (events.length > 0) this.handlers.onEvents(events);
  }

  private notice(level: 'info' | 'warning' | 'error', code: string, text: string): SessionEvent {
    return { kind: 'notice', id: this.newId(), level, code, text, at: this.now() };
  }
}
