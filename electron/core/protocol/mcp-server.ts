// A small in-process MCP server that the CLI reaches over the control channel (no subprocess,
// no socket). Named in initialize.sdkMcpServers; the CLI then sends JSON-RPC messages inside
// `mcp_message` control requests and expects the JSON-RPC reply in `response.mcp_response`.
// Observed on 2.1.332: initialize -> notifications/initialized -> tools/list -> (a
// can_use_tool prompt for mcp__<server>__<tool>) -> tools/call. The model sees each tool as
// `mcp__<server>__<tool>`.
import type { Json } from './control';
import { isRecord } from '../../../shared/guards';

export type McpContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'resource_link'; uri: string; name: string; description?: string; mimeType?: string };

export interface McpToolResult {
  content: McpContent[];
  isError?: boolean;
  structuredContent?: Json;
}

export interface McpToolContext {
  /** The model's tool_use id for this call (from `_meta["claudecode/toolUseId"]`). */
  toolUseId?: string;
  serverName: string;
}

export interface McpTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Json;
  handler(args: Json, ctx: McpToolContext): McpToolResult | Promise<McpToolResult>;
}

export interface SdkMcpServerOptions {
  name: string;
  version?: string;
  /** Text the CLI adds to the system prompt about this server. */
  instructions?: string;
  tools: McpTool[];
}

type JsonRpcId = string | number;

/** JSON-RPC 2.0 error codes used here. */
export const JSONRPC = {
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** The MCP protocol version answered when the CLI's is not one this server knows. */
export const MCP_PROTOCOL_VERSION = '2025-06-18';
const KNOWN_PROTOCOL_VERSIONS = new Set(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']);

export class SdkMcpServer {
  readonly name: string;
  private readonly version: string;
  private readonly instructions: string | undefined;
  private readonly tools = new Map<string, McpTool>();

  constructor(opts: SdkMcpServerOptions) {
    if (!/^[\w-]+$/.test(opts.name)) throw new Error(`MCP server name "${opts.name}" must use only letters, digits, _ and -.`);
    this.name = opts.name;
    this.version = opts.version ?? '1.0.0';
    this.instructions = opts.instructions;
    for (const t of opts.tools) {
      if (this.tools.has(t.name)) throw new Error(`MCP server "${opts.name}" declares the tool "${t.name}" twice.`);
      this.tools.set(t.name, t);
    }
  }

  /** The name the model calls a tool by. */
  qualifiedName(tool: string): string {
    return `mcp__${this.name}__${tool}`;
  }

  /** Handle one JSON-RPC message; always resolves with the reply to put in `mcp_response`. */
  async handle(message: unknown): Promise<Json> {
    if (!isRecord(message) || typeof message.method !== 'string') {
      return error(isRecord(message) ? idOf(message) : null, JSONRPC.invalidRequest, 'Not a JSON-RPC request: "method" is missing.');
    }
    const id = idOf(message);
    const params = isRecord(message.params) ? message.params : {};
    // Notifications carry no id and want no answer, but the control request still needs one;
    // the Agent SDK answers them with an empty result, and so does this.
    if (id === null) return { jsonrpc: '2.0', id: 0, result: {} };
    switch (message.method) {
      case 'initialize': {
        const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : undefined;
        return result(id, {
          protocolVersion: asked && KNOWN_PROTOCOL_VERSIONS.has(asked) ? asked : MCP_PROTOCOL_VERSION,
          capabilities: { tools: { listChanged: false } },
          serverInfo: { name: this.name, version: this.version },
          ...(this.instructions ? { instructions: this.instructions } : {}),
        });
      }
      case 'ping':
        return result(id, {});
      case 'tools/list':
        return result(id, {
          tools: [...this.tools.values()].map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema })),
        });
      case 'tools/call':
        return this.call(id, params);
      default:
        return error(id, JSONRPC.methodNotFound, `Method not found: ${message.method}`);
    }
  }

  private async call(id: JsonRpcId, params: Json): Promise<Json> {
    const name = params.name;
    const tool = typeof name === 'string' ? this.tools.get(name) : undefined;
    if (!tool)
      return error(id, JSONRPC.invalidParams, `Unknown tool: ${String(name)} (server "${this.name}" has ${[...this.tools.keys()].join(', ') || 'no tools'}).`);
    const args = params.arguments === undefined ? {} : params.arguments;
    if (!isRecord(args)) return error(id, JSONRPC.invalidParams, `Arguments for ${tool.name} must be an object.`);
    const meta = isRecord(params._meta) ? params._meta : {};
    const toolUseId = typeof meta['claudecode/toolUseId'] === 'string' ? meta['claudecode/toolUseId'] : undefined;
    try {
      const out = await tool.handler(args, { toolUseId, serverName: this.name });
      return result(id, {
        content: out.content,
        isError: out.isError === true,
        ...(out.structuredContent ? { structuredContent: out.structuredContent } : {}),
      });
    } catch (err) {
      // MCP reports a failing tool as a result with isError, so the model reads what went wrong.
      return result(id, { content: [{ type: 'text', text: `${tool.name} failed: ${(err as Error).message ?? String(err)}` }], isError: true });
    }
  }
}

/** Shorthand for a text-only tool result. */
export function textResult(text: string, isError = false): McpToolResult {
  return { content: [{ type: 'text', text }], isError };
}

function idOf(m: Record<string, unknown>): JsonRpcId | null {
  return typeof m.id === 'string' || typeof m.id === 'number' ? m.id : null;
}

function result(id: JsonRpcId, value: Json): Json {
  return { jsonrpc: '2.0', id, result: value };
}

function error(id: JsonRpcId | null, code: number, message: string): Json {
  return { jsonrpc: '2.0', id: id ?? 0, error: { code, message } };
}
