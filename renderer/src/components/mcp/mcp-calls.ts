// Asking the host for a session's MCP servers and changing one. The answers also reach every
// window through the session view (info.mcp); these calls only say whether they worked.
import type { McpChange } from '../../../../shared/mcp';
import type { AppError } from '../../../../shared/result';
import { answering } from '../composer/api-calls';

/** Sessions whose servers were asked for once (the status bar asks before the first prompt). */
const asked = new Set<string>();

export function askOnce(sessionId: string): void {
  if (asked.has(sessionId)) return;
  asked.add(sessionId);
  void answering.mcpStatus(sessionId);
}

export async function refresh(sessionId: string): Promise<AppError | undefined> {
  const r = await answering.mcpStatus(sessionId);
  return r.ok ? undefined : r.error;
}

export async function change(sessionId: string, c: McpChange): Promise<AppError | undefined> {
  const r = await answering.mcpChange(sessionId, c);
  return r.ok ? undefined : r.error;
}
