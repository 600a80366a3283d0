// What an MCP server's reported state means for the person. No zod here: the status bar and the
// composer's MCP button read these on the first screen, which does not load the schemas.
import type { McpServerStatus } from './mcp';

/** States that need the person: the server is not working and will not fix itself. */
export function needsAttention(server: Pick<McpServerStatus, 'status'>): boolean {
  return server.status === 'failed' || server.status === 'needs-auth';
}

/** A server clide registered itself (the team server): shown, but not the person's to switch off. */
export function isClideOwn(server: Pick<McpServerStatus, 'source'>): boolean {
  return server.source === 'sdk';
}
