// Outbound MCP requests: the servers' state, reconnecting one, switching one off or on.
// Observed on 2.1.332: mcp_status lists each server with `status` (pending right after start,
// then connected, failed with `error`, needs-auth, disabled), `scope`, `source`, `transport`,
// `serverInfo` and `tools` (connected only). mcp_reconnect answers once the server is up again,
// or with an error saying why it is not ("Connection closed"); mcp_toggle answers an empty
// success and remembers a disabled server for the folder (~/.claude.json). An unknown name is
// an error: "Server not found: <name>".
import { z } from 'zod';
import type { McpServerStatus } from '../../../shared/mcp';
import { parse, type Requester } from './requests';

const McpStatusWire = z.looseObject({
  mcpServers: z.array(
    z.looseObject({
      name: z.string(),
      status: z.string(),
      error: z.string().optional(),
      scope: z.string().optional(),
      source: z.string().optional(),
      transport: z.string().optional(),
      serverInfo: z.looseObject({ name: z.string().optional(), version: z.string().optional() }).optional(),
      tools: z.array(z.looseObject({ name: z.string() })).optional(),
    }),
  ),
});

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
  }));
}

export async function mcpReconnect(req: Requester, serverName: string): Promise<void> {
  await req('mcp_reconnect', { serverName });
}

export async function mcpToggle(req: Requester, serverName: string, enabled: boolean): Promise<void> {
  await req('mcp_toggle', { serverName, enabled });
}
