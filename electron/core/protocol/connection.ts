// One live `claude` process, spoken to in stream-json: transport + framer + decoder + control
// channel + normalizer. Above this line nothing knows the wire format; the session layer
// sees app events (shared/events.ts), typed asks and typed results.
import { randomUUID } from 'node:crypto';
import type { PermissionRequest, SessionEvent, SessionInfo } from '../../../shared/events';
import type { ImageInput, PermissionDecision } from '../../../shared/ipc';
import { ClideError, type AppError } from '../../../shared/result';
import { ControlChannel, type Json } from './control';
import { decodeLine, preview } from './decode';
import { LineFramer } from './line-framer';
import { WireNormalizer, infoFromInitialize } from './normalize';
import { permissionReply, userMessage } from './outbound';
import { systemEvents } from './system';
import { Transport, type ExitInfo } from './transport';
import { BASE_ARGS } from './version';

export interface ConnectionOptions {
  command: string;
  /** Extra flags after the stream-json ones (e.g. --resume ID, --model M). Never user text. */
  extraArgs?: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  controlTimeoutMs?: number;
  maxLineBytes?: number;
  stderrLimit?: number;
  now?: () => number;
}

/** Something the CLI asks that a person must answer. */
export type Ask = { kind: 'permission'; request: PermissionRequest };

export interface ConnectionHandlers {
  onEvents(events: SessionEvent[]): void;
  onAsk(ask: Ask): void;
  /** The CLI withdrew an ask (control_cancel_request). */
  onWithdrawn(requestId: string): void;
  /** Every complete stdout line received (for liveness watchdogs). */
  onActivity?(): void;
  onExit(info: ExitInfo, stillOwed: string[]): void;
}

export class Connection {
  readonly transport: Transport;
  private readonly control: ControlChannel;
  private readonly framer: LineFramer;
  private readonly normalizer: WireNormalizer;
  private readonly asks = new Map<string, Record<string, unknown>>();
  private readonly unknownSeen = new Set<string>();
  private readonly now: () => number;

  constructor(
    opts: ConnectionOptions,
    private readonly handlers: ConnectionHandlers,
  ) {
    this.now = opts.now ?? Date.now;
    this.normalizer = new WireNormalizer({ now: this.now });
    this.framer = new LineFramer({
      maxLineBytes: opts.maxLineBytes,
      onOversize: (bytes) =>
        this.emit([this.notice('error', 'line-too-long', `Dropped one message from Claude: ${bytes} bytes is over the size limit.`)]),
    });
    this.control = new ControlChannel({ write: (m) => this.writeJson(m), defaultTimeoutMs: opts.controlTimeoutMs ?? 30_000 });
    this.transport = new Transport({
      command: opts.command,
      args: [...BASE_ARGS, ...(opts.extraArgs ?? [])],
      cwd: opts.cwd,
      env: opts.env,
      stderrLimit: opts.stderrLimit,
    });
    this.transport.onData((chunk) => this.ingest(this.framer.push(chunk)));
    this.transport.onStdoutEnd(() => this.ingest(this.framer.end()));
    void this.transport.waitForExit().then((info) => {
      const error: AppError = { kind: 'process-exit', message: 'The Claude process exited.', exitCode: info.code, signal: info.signal };
      const owed = this.control.close(error).map((r) => r.requestId);
      this.asks.clear();
      this.handlers.onExit(info, owed);
    });
  }

  get pid(): number | undefined {
    return this.transport.pid;
  }

  /** The initialize handshake; resolves with what it tells about the session. */
  async initialize(payload: Json = {}, timeoutMs?: number): Promise<SessionInfo> {
    const r = await this.control.request('initialize', { hooks: {}, sdkMcpServers: [], ...payload }, timeoutMs);
    return infoFromInitialize(r);
  }

  sendUser(text: string, images: readonly ImageInput[] = []): void {
    this.writeJson(userMessage(text, images, randomUUID()));
  }

  /** Answer a pending ask. Returns false if it was already answered or withdrawn. */
  answerPermission(requestId: string, decision: PermissionDecision): boolean {
    const input = this.asks.get(requestId);
    if (!input || !this.control.isOwed(requestId)) return false;
    this.asks.delete(requestId);
    return this.control.reply(requestId, permissionReply(decision, input));
  }

  isOwed(requestId: string): boolean {
    return this.control.isOwed(requestId);
  }

  request(subtype: string, payload: Json = {}, timeoutMs?: number): Promise<Json> {
    return this.control.request(subtype, payload, timeoutMs);
  }

  async setPermissionMode(mode: string): Promise<string> {
    const r = await this.control.request('set_permission_mode', { mode });
    return typeof r.mode === 'string' ? r.mode : mode;
  }

  async setModel(model: string): Promise<string> {
    const r = await this.control.request('set_model', { model });
    return typeof r.model === 'string' ? r.model : model;
  }

  endInput(): void {
    this.transport.endInput();
  }

  private writeJson(message: Json): void {
    this.transport.assertWritable();
    // A failure after the sync check (EPIPE as the child dies) is reported by the exit path.
    this.transport.write(`${JSON.stringify(message)}\n`).catch(() => {});
  }

  private ingest(lines: string[]): void {
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
        if (!this.unknownSeen.has(d.type)) {
          this.unknownSeen.add(d.type);
          out.push(this.notice('info', 'unknown-message', `Claude sent a message type this version of clide does not know: "${d.type}".`));
        }
        return;
    }
    const m = d.message;
    switch (m.type) {
      case 'stream_event':
        out.push(...this.normalizer.streamEvent(m));
        return;
      case 'assistant':
        out.push(...this.normalizer.assistant(m));
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
      case 'system':
        out.push(...systemEvents(m, (level, code, text) => this.notice(level, code, text)));
        return;
      case 'control_response':
        this.control.handleResponse(m.response as never);
        return;
      case 'control_cancel_request':
        if (this.control.withdraw(m.request_id)) {
          this.asks.delete(m.request_id);
          this.handlers.onWithdrawn(m.request_id);
        }
        return;
      case 'control_request':
        this.inbound(m.request_id, m.request as Json & { subtype: string });
        return;
    }
  }

  private inbound(requestId: string, request: Json & { subtype: string }): void {
    this.control.receive(requestId, request);
    if (request.subtype === 'can_use_tool') {
      const input = isRecord(request.input) ? request.input : {};
      this.asks.set(requestId, input);
      this.handlers.onAsk({ kind: 'permission', request: permissionRequest(requestId, request, input, this.now()) });
      return;
    }
    if (request.subtype === 'elicitation') {
      // clide hosts no MCP server that elicits yet; decline so the server gets a clear answer.
      this.control.reply(requestId, { action: 'decline' });
      return;
    }
    // Answer every request, known or not, or the CLI waits forever.
    this.control.replyError(requestId, `Unsupported control request: ${request.subtype}`);
  }

  private emit(events: SessionEvent[]): void {
    if (events.length > 0) this.handlers.onEvents(events);
  }

  private notice(level: 'info' | 'warning' | 'error', code: string, text: string): SessionEvent {
    return { kind: 'notice', id: randomUUID(), level, code, text, at: this.now() };
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function s(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function permissionRequest(requestId: string, r: Json, input: Record<string, unknown>, at: number): PermissionRequest {
  const mcp = r.mcp_server;
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
    parentToolUseId: s(r.agent_id),
    at,
  };
}

export { ClideError };
