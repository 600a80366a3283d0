// The host side of an MCP App's JSON-RPC 2.0 over postMessage (SEP-1865), as plain functions:
// the frame component hands every message from its own frame here and posts back what this
// answers. The app is untrusted, so every message is checked for shape and nothing it asks for
// happens by itself: a link is only offered to the person, a message only goes into the
// message box, and tool calls are refused (clide does not send mcp_call: it would run a tool
// with no permission prompt and nothing in the transcript).

export const APP_PROTOCOL_VERSION = '2026-01-26';

/** The smallest and largest height an app may ask its frame to take (px). */
export const MIN_APP_HEIGHT = 48;
export const MAX_APP_HEIGHT = 720;

/** JSON-RPC error codes used in answers. */
const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;

export type JsonRpcId = string | number;

export interface JsonRpcMessage {
  jsonrpc: '2.0';
  id?: JsonRpcId;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}

export interface HostContext {
  theme: 'light' | 'dark';
  platform: 'desktop' | 'web';
  toolName: string;
  locale?: string;
}

/** What an app's messages may lead to; each is the window's to carry out with the person. */
export interface BridgeActions {
  context(): HostContext;
  /** The app finished its handshake: it may now be sent the tool's input and result. */
  initialized(): void;
  /** The height the app's content needs, already bounded. */
  resize(height: number): void;
  /** A web address the app asks to open: offer it to the person. */
  offerLink(url: string): void;
  /** Text the app suggests sending: put it in the message box (never sent by itself). */
  suggestMessage(text: string): void;
}

/** A message from the app, if it is JSON-RPC 2.0 at all. */
export function asJsonRpc(data: unknown): JsonRpcMessage | undefined {
  if (typeof data !== 'object' || data === null || (data as { jsonrpc?: unknown }).jsonrpc !== '2.0') return undefined;
  const m = data as JsonRpcMessage;
  if (m.id !== undefined && typeof m.id !== 'string' && typeof m.id !== 'number') return undefined;
  if (m.method !== undefined && typeof m.method !== 'string') return undefined;
  return m;
}

/** Handle one message from the app; the answer to post back, if it was a request. */
export function handleAppMessage(msg: JsonRpcMessage, actions: BridgeActions, hostVersion: string): JsonRpcMessage | undefined {
  if (msg.method === undefined) return undefined; // an answer to something the host sent: nothing waits for one
  const id = msg.id;
  const params = isRecord(msg.params) ? msg.params : {};
  if (id === undefined) {
    notification(msg.method, params, actions);
    return undefined;
  }
  const ok = (result: unknown): JsonRpcMessage => ({ jsonrpc: '2.0', id, result });
  const fail = (code: number, message: string): JsonRpcMessage => ({ jsonrpc: '2.0', id, error: { code, message } });
  switch (msg.method) {
    case 'ui/initialize':
      return ok(initializeResult(params, actions.context(), hostVersion));
    case 'ping':
      return ok({});
    case 'ui/open-link': {
      const url = webUrl(params.url);
      if (!url) return fail(INVALID_PARAMS, 'clide opens only web addresses (http or https).');
      actions.offerLink(url);
      return ok({});
    }
    case 'ui/message': {
      const text = messageText(params.content);
      if (!text) return fail(INVALID_PARAMS, 'clide takes only text for the message box.');
      actions.suggestMessage(text);
      return ok({});
    }
    case 'ui/request-display-mode':
      return ok({ mode: 'inline' });
    case 'tools/call':
      return fail(METHOD_NOT_FOUND, 'clide does not let an app call tools: only Claude calls tools, each with its permission prompt.');
    default:
      return fail(METHOD_NOT_FOUND, `clide does not offer "${msg.method.slice(0, 100)}" to apps.`);
  }
}

function notification(method: string, params: Record<string, unknown>, actions: BridgeActions): void {
  if (method === 'ui/notifications/initialized') actions.initialized();
  else if (method === 'ui/notifications/size-changed' && typeof params.height === 'number' && Number.isFinite(params.height)) {
    actions.resize(Math.round(Math.min(MAX_APP_HEIGHT, Math.max(MIN_APP_HEIGHT, params.height))));
  }
  // Anything else (logging, model context updates) is for hosts that use it; clide does not.
}

function initializeResult(params: Record<string, unknown>, ctx: HostContext, hostVersion: string) {
  const asked = typeof params.protocolVersion === 'string' ? params.protocolVersion : APP_PROTOCOL_VERSION;
  return {
    protocolVersion: asked === APP_PROTOCOL_VERSION ? asked : APP_PROTOCOL_VERSION,
    hostInfo: { name: 'clide', version: hostVersion },
    // What clide does for an app: offer its links, take its text into the message box. No tool
    // calls, no resource reads, no server tools proxied, no model context.
    hostCapabilities: { openLinks: {}, message: { text: {} } },
    hostContext: {
      theme: ctx.theme,
      displayMode: 'inline',
      availableDisplayModes: ['inline'],
      platform: ctx.platform,
      toolInfo: { tool: { name: ctx.toolName } },
      ...(ctx.locale ? { locale: ctx.locale } : {}),
    },
  };
}

/** The tool's arguments, as the app is told once it is ready. */
export function toolInputNotification(input: Record<string, unknown>): JsonRpcMessage {
  return { jsonrpc: '2.0', method: 'ui/notifications/tool-input', params: { arguments: input } };
}

/** The tool's result as an MCP CallToolResult: its text, and the structured content if any. */
export function toolResultNotification(result: { content: string; isError: boolean; structured?: unknown }): JsonRpcMessage {
  const structured = isRecord(result.structured) ? { structuredContent: result.structured } : {};
  return {
    jsonrpc: '2.0',
    method: 'ui/notifications/tool-result',
    params: { content: [{ type: 'text', text: result.content }], ...structured, ...(result.isError ? { isError: true } : {}) },
  };
}

export function themeChangedNotification(theme: 'light' | 'dark'): JsonRpcMessage {
  return { jsonrpc: '2.0', method: 'ui/notifications/host-context-changed', params: { theme } };
}

/** ui/message content: one text block or a list of blocks; the text of the text blocks. */
function messageText(content: unknown): string | undefined {
  const blocks = Array.isArray(content) ? content : [content];
  const text = blocks
    .filter((b): b is { type: 'text'; text: string } => isRecord(b) && b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .join('\n')
    .slice(0, 100_000);
  return text.trim() ? text : undefined;
}

function webUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > 8000) return undefined;
  try {
    const url = new URL(raw);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || url.username || url.password) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
