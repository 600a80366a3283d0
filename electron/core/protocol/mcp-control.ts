// Outbound MCP requests: the servers' state, reconnecting one, switching one off or on.
// Observed on 2.1.332: mcp_status lists each server with `status` (pending right after start,
// then connected, failed with `error`, needs-auth, disabled), `scope`, `source`, `transport`,
// `serverInfo` and `tools` (connected only). mcp_reconnect answers once the server is up again,
// or with an error saying why it is not ("Connection closed"); mcp_toggle answers an empty
// success and remembers a disabled server for the folder (~/.claude.json). An unknown name is
// an error: "Server not found: <name>".
//
// MCP Apps (SEP-1865): a CLI that advertises mcp_tool_ui_meta_v1 passes on the `ui` members of a
// tool's `_meta` (ui.resourceUri, ui.visibility, or the deprecated flat `ui/resourceUri`), and
// one that advertises mcp_read_resource_v1 reads a `ui://` resource for the host. 2.1.332 refuses
// any other URI ("mcp_read_resource: uri must use the ui:// scheme") and a server not connected
// ("MCP server probe is not connected (status: pending)"); those words reach the person as they are.
import { z } from 'zod';
import { lazySchema } from '../../../shared/lazy-schema';
import { ClideError } from '../../../shared/result';
import { MAX_APP_HTML_CHARS, UI_SCHEME, type McpAppResource, type McpServerStatus, type McpToolApp } from '../../../shared/mcp';
import { parse, type Requester } from './requests';

const McpStatusWire = lazySchema(() =>
  z.looseObject({
    mcpServers: z.array(
      z.looseObject({
        name: z.string(),
        status: z.string(),
        error: z.string().optional(),
        scope: z.string().optional(),
        source: z.string().optional(),
        transport: z.string().optional(),
        serverInfo: z.looseObject({ name: z.string().optional(), version: z.string().optional() }).optional(),
        tools: z.array(z.looseObject({ name: z.string(), _meta: z.unknown().optional() })).optional(),
      }),
    ),
  }),
);

export async function mcpStatus(req: Requester): Promise<McpServerStatus[]> {
  const r = parse(McpStatusWire, 'mcp_status', await req('mcp_status'));
  return r.mcpServers.map((s) => ({
    name: s.name,
    status: s.status,
    error: s.error,
    scope: s.scope,
    source: s.source,
    transport: s.transport,
    serverName: s.serverInfo?.name,
    serverVersion: s.serverInfo?.version,
    tools: s.tools?.map((t) => t.name),
    apps: appsOf(s.tools),
  }));
}

/** The tools that declare a UI resource; undefined when none does (most servers). */
function appsOf(tools: ReadonlyArray<{ name: string; _meta?: unknown }> | undefined): McpToolApp[] | undefined {
  const apps = (tools ?? []).flatMap((t) => {
    const app = toolApp(t.name, t._meta);
    return app ? [app] : [];
  });
  return apps.length > 0 ? apps : undefined;
}

/** The app a tool's `_meta` declares: `ui.resourceUri`, else the flat `ui/resourceUri`; only `ui://`. */
export function toolApp(tool: string, meta: unknown): McpToolApp | undefined {
  if (!isRecord(meta)) return undefined;
  const ui = isRecord(meta.ui) ? meta.ui : undefined;
  const uri = [ui?.resourceUri, meta['ui/resourceUri']].find((u): u is string => typeof u === 'string' && u.startsWith(UI_SCHEME));
  if (!uri) return undefined;
  const visibility = Array.isArray(ui?.visibility) ? ui.visibility.filter((v): v is 'model' | 'app' => v === 'model' || v === 'app') : undefined;
  return visibility ? { tool, resourceUri: uri, visibility } : { tool, resourceUri: uri };
}

const ReadResourceWire = lazySchema(() =>
  z.looseObject({
    contents: z.array(
      z.looseObject({
        uri: z.string(),
        mimeType: z.string().optional(),
        text: z.string().optional(),
        blob: z.string().optional(),
        _meta: z.unknown().optional(),
      }),
    ),
  }),
);

/**
 * A tool's UI: the first HTML item of the server's `resources/read` answer. The CLI checks the
 * scheme and the server; this checks what came back, so the window only ever gets HTML of a
 * bounded size, or an error that says what was wrong with it.
 */
export async function mcpReadResource(req: Requester, serverName: string, uri: string): Promise<McpAppResource> {
  const r = parse(ReadResourceWire, 'mcp_read_resource', await req('mcp_read_resource', { serverName, uri }));
  const item = r.contents.find((c) => isHtml(c.mimeType) && (c.text !== undefined || c.blob !== undefined));
  if (!item) {
    const kinds = r.contents.map((c) => c.mimeType ?? 'no type').join(', ') || 'nothing';
    throw unusable(`${serverName}'s ${uri} is not an HTML page (it holds ${kinds}), so clide cannot show it as an app.`);
  }
  // A blob is base64 of the page's bytes: its decoded size is about 3/4 of its length.
  const size = item.text !== undefined ? item.text.length : Math.floor(((item.blob?.length ?? 0) * 3) / 4);
  if (size > MAX_APP_HTML_CHARS) {
    throw unusable(`${serverName}'s ${uri} is too large to show (${size} characters; clide shows apps of up to ${MAX_APP_HTML_CHARS}).`);
  }
  const html = item.text ?? Buffer.from(item.blob ?? '', 'base64').toString('utf8');
  const domains = requestedDomains(item._meta);
  return { uri: item.uri, mimeType: item.mimeType, html, ...(domains.length > 0 ? { requestedDomains: domains } : {}) };
}

/** text/html, with or without the MCP Apps profile parameter (text/html;profile=mcp-app). */
function isHtml(mimeType: string | undefined): boolean {
  return mimeType !== undefined && /^text\/html\s*(;|$)/i.test(mimeType);
}

/** `_meta.ui.csp.connectDomains` and `resourceDomains`: what the app asks to reach (shown, never granted). */
function requestedDomains(meta: unknown): string[] {
  const csp = isRecord(meta) && isRecord(meta.ui) && isRecord(meta.ui.csp) ? meta.ui.csp : undefined;
  if (!csp) return [];
  const all = [csp.connectDomains, csp.resourceDomains, csp.frameDomains].flatMap((d) => (Array.isArray(d) ? d : []));
  return [...new Set(all.filter((d): d is string => typeof d === 'string' && d.length > 0 && d.length <= 300))].slice(0, 20);
}

function unusable(message: string): ClideError {
  return new ClideError({ kind: 'control-error', message });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export async function mcpReconnect(req: Requester, serverName: string): Promise<void> {
  await req('mcp_reconnect', { serverName });
}

export async function mcpToggle(req: Requester, serverName: string, enabled: boolean): Promise<void> {
  await req('mcp_toggle', { serverName, enabled });
}
