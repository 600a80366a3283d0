// One live `claude` process, spoken to in stream-json: a Transport around the wire pipeline
// (framer + decoder + control channel + normalizer, see pipeline.ts). Above this line nothing
// knows the wire format; the session layer sees app events (shared/events.ts), typed asks and
// typed results.
import { randomUUID } from 'node:crypto';
import type { DialogAnswer } from '../../../shared/dialogs';
import type { ContextUsage, McpServerStatus, RewindResult, SessionEvent, SessionInfo } from '../../../shared/events';
import type { ImageInput, PermissionDecision } from '../../../shared/ipc';
import type { ElicitationAnswer, McpAppResource } from '../../../shared/mcp';
import type { HooksState } from '../../../shared/rules';
import type { TaskOutput } from '../../../shared/tasks';
import { ClideError, type AppError } from '../../../shared/result';
import type { PlanUsage } from '../../../shared/usage';
import type { InboundRequest, Json, RequestExtras } from './control';
import * as mcp from './mcp-control';
import { userMessage, type Speaker } from './outbound';
import { ProtocolPipeline, type Ask, type ProtocolExtensions } from './pipeline';
import * as reload from './reload-control';
import * as requests from './requests';
import * as rules from './rules-control';
import * as tasks from './task-control';
import { infoFromInitialize } from './session-info';
import { Transport, type ExitInfo } from './transport';
import { BASE_ARGS } from './version';

export type { Ask, ProtocolExtensions } from './pipeline';

export interface ConnectionOptions extends ProtocolExtensions {
  command: string;
  /** Extra flags after the stream-json ones (e.g. --resume ID, --model M). Never user text. */
  extraArgs?: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  controlTimeoutMs?: number;
  maxLineBytes?: number;
  stderrLimit?: number;
  /** Characters of input allowed to wait for a CLI that is not reading (see Transport). */
  maxQueuedChars?: number;
  now?: () => number;
  /**
   * A process spawned earlier with exactly these arguments, cwd and environment (the warm
   * spare, electron/core/spare-process.ts), and what it wrote before anyone listened. It has
   * not been sent `initialize` yet, so this connection's hooks and MCP servers still apply.
   */
  spawned?: { transport: Transport; output: Buffer[] };
  /** Where the process runs: given the local command line, the one to spawn (ssh for a remote host). */
  launch?: (spec: LaunchSpec) => LaunchSpec;
}

/** A command line to spawn; `preamble` goes to stdin first. */
export interface LaunchSpec {
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  preamble?: string;
}

/** The argv a connection with these extra flags spawns the CLI with. */
export function connectionArgs(extraArgs: readonly string[] = []): string[] {
  return [...BASE_ARGS, ...extraArgs];
}

export interface ConnectionHandlers {
  onEvents(events: SessionEvent[]): void;
  onAsk(ask: Ask): void;
  /** The CLI withdrew an ask (control_cancel_request). */
  onWithdrawn(requestId: string): void;
  /** Every complete stdout line received (for liveness watchdogs). */
  onActivity?(): void;
  onExit(info: ExitInfo, stillOwed: string[]): void;
}

/**
 * Environment the protocol needs from the CLI: file checkpoints make `rewind_files` work
 * (without them it answers canRewind: false for every message); startup failure results make
 * every refusal to start say why on stdout (startup_failure_reason), not only a few.
 */
export const PROTOCOL_ENV: Readonly<Record<string, string>> = {
  CLAUDE_CODE_ENABLE_SDK_FILE_CHECKPOINTING: '1',
  CLAUDE_CODE_STARTUP_FAILURE_RESULTS: '1',
};

export class Connection {
  readonly transport: Transport;
  private readonly pipeline: ProtocolPipeline;

  constructor(
    opts: ConnectionOptions,
    private readonly handlers: ConnectionHandlers,
  ) {
    this.pipeline = new ProtocolPipeline(
      {
        write: (m) => this.writeJson(m),
        controlTimeoutMs: opts.controlTimeoutMs,
        maxLineBytes: opts.maxLineBytes,
        now: opts.now,
        hooks: opts.hooks,
        mcpServers: opts.mcpServers,
      },
      {
        onEvents: (events) => handlers.onEvents(events),
        onAsk: (ask) => handlers.onAsk(ask),
        onWithdrawn: (id) => handlers.onWithdrawn(id),
        onActivity: () => handlers.onActivity?.(),
      },
    );
    const local: LaunchSpec = { command: opts.command, args: connectionArgs(opts.extraArgs), cwd: opts.cwd, env: { ...opts.env, ...PROTOCOL_ENV } };
    this.transport =
      opts.spawned?.transport ??
      new Transport({
        ...(opts.launch ? opts.launch(local) : local),
        stderrLimit: opts.stderrLimit,
        maxQueuedChars: opts.maxQueuedChars,
      });
    this.transport.onData((chunk) => this.pipeline.push(chunk));
    for (const chunk of opts.spawned?.output ?? []) this.pipeline.push(chunk);
    this.transport.onStdoutEnd(() => this.pipeline.end());
    void this.transport.waitForExit().then((info) => {
      const error: AppError = { kind: 'process-exit', message: 'The Claude process exited.', exitCode: info.code, signal: info.signal };
      this.handlers.onExit(info, this.pipeline.close(error));
    });
  }

  get pid(): number | undefined {
    return this.transport.pid;
  }

  /** The initialize handshake (with the registered hooks and MCP servers); resolves with what it tells about the session. */
  async initialize(payload: Json = {}, timeoutMs?: number): Promise<SessionInfo> {
    const r = await this.pipeline.control.request('initialize', this.pipeline.initializePayload(payload), timeoutMs);
    return infoFromInitialize(r);
  }

  /** Writes a user message saying who wrote it; returns the uuid it was sent with (what rewind_files takes). */
  sendUser(text: string, images: readonly ImageInput[], speaker: Speaker, uuid: string = randomUUID()): string {
    this.writeJson(userMessage(text, images, speaker, uuid));
    return uuid;
  }

  /** Answer a pending ask. Returns false if it was already answered or withdrawn. */
  answerPermission(requestId: string, decision: PermissionDecision): boolean {
    return this.pipeline.answerPermission(requestId, decision);
  }

  /** Answer an MCP server's request for input. False if it was already answered or withdrawn. */
  answerElicitation(requestId: string, answer: ElicitationAnswer): boolean {
    return this.pipeline.answerElicitation(requestId, answer);
  }

  /** Answer a dialog. False if it was already answered or withdrawn. */
  answerDialog(requestId: string, answer: DialogAnswer): boolean {
    return this.pipeline.answerDialog(requestId, answer);
  }

  isOwed(requestId: string): boolean {
    return this.pipeline.control.isOwed(requestId);
  }

  /** Inbound control requests not answered yet (tests assert this is empty at rest). */
  get owed(): InboundRequest[] {
    return this.pipeline.owed;
  }

  /** Requests sent to the CLI that it has not answered yet (diagnostics, tests). */
  get unanswered(): number {
    return this.pipeline.control.pendingOutbound;
  }

  request(subtype: string, payload: Json = {}, timeoutMs?: number, extras?: RequestExtras): Promise<Json> {
    return this.pipeline.control.request(subtype, payload, timeoutMs, extras);
  }

  interrupt(timeoutMs?: number): Promise<{ stillQueued: string[] }> {
    return requests.interrupt(this.req, timeoutMs);
  }

  setPermissionMode(mode: string): Promise<string> {
    return requests.setPermissionMode(this.req, mode);
  }

  setModel(model: string): Promise<string> {
    return requests.setModel(this.req, model);
  }

  setMaxThinkingTokens(tokens: number | null): Promise<void> {
    return requests.setMaxThinkingTokens(this.req, tokens);
  }

  setEffort(level: string): Promise<void> {
    return requests.applyFlagSettings(this.req, { effortLevel: level });
  }

  /** For this process only, like effort (apply_flag_settings): the person's settings files are not changed. */
  setOutputStyle(style: string): Promise<void> {
    return requests.applyFlagSettings(this.req, { outputStyle: style });
  }

  reloadSkills(): Promise<string[]> {
    return reload.reloadSkills(this.req);
  }

  reloadOutputStyles(): Promise<string[]> {
    return reload.reloadOutputStyles(this.req);
  }

  reloadPlugins(): Promise<reload.ReloadedPlugins | 'busy'> {
    return reload.reloadPlugins(this.req);
  }

  getContextUsage(): Promise<ContextUsage> {
    return requests.getContextUsage(this.req);
  }

  mcpStatus(): Promise<McpServerStatus[]> {
    return mcp.mcpStatus(this.req);
  }

  mcpReconnect(server: string, timeoutMs?: number): Promise<void> {
    return mcp.mcpReconnect((subtype, payload) => this.request(subtype, payload, timeoutMs), server);
  }

  mcpToggle(server: string, enabled: boolean, timeoutMs?: number): Promise<void> {
    return mcp.mcpToggle((subtype, payload) => this.request(subtype, payload, timeoutMs), server, enabled);
  }

  /** A tool's MCP Apps UI (`ui://`), read from its server; a server still starting may take a while. */
  mcpReadResource(server: string, uri: string, timeoutMs?: number): Promise<McpAppResource> {
    return mcp.mcpReadResource((subtype, payload) => this.request(subtype, payload, timeoutMs), server, uri);
  }

  permissionRules(): Promise<rules.ListedRules> {
    return rules.listPermissionRules(this.req);
  }

  hooksListing(): Promise<Omit<HooksState, 'at'>> {
    return rules.hooksListing(this.req);
  }

  rewindFiles(userMessageId: string, dryRun = false): Promise<RewindResult> {
    return requests.rewindFiles(this.req, userMessageId, dryRun);
  }

  stopTask(taskId: string): Promise<void> {
    return tasks.stopTask(this.req, taskId);
  }

  getTaskOutput(taskId: string): Promise<TaskOutput> {
    return tasks.getTaskOutput(this.req, taskId);
  }

  backgroundTasks(toolUseId?: string): Promise<{ backgrounded?: boolean }> {
    return tasks.backgroundTasks(this.req, toolUseId);
  }

  renameSession(title: string, sessionId?: string): Promise<void> {
    return requests.renameSession(this.req, title, sessionId);
  }

  sideQuestion(question: string, history: readonly requests.SideExchange[], opts?: requests.SideQuestionOptions): Promise<requests.SideAnswer> {
    return requests.sideQuestion(this.req, question, history, opts);
  }

  getUsage(): Promise<PlanUsage> {
    return requests.getUsage(this.req);
  }

  endInput(): void {
    this.transport.endInput();
  }

  private readonly req: requests.Requester = (subtype, payload, timeoutMs, extras) => this.request(subtype, payload, timeoutMs, extras);

  private writeJson(message: Json): void {
    this.transport.assertWritable();
    // A failure after the sync check (EPIPE as the child dies) is reported by the exit path.
    this.transport.write(`${JSON.stringify(message)}\n`).catch(() => {});
  }
}

export { ClideError };
