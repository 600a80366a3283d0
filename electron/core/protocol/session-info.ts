// What the CLI tells about a session (initialize response, system/init, commands_changed)
// -> SessionInfo, merged by the reducer as facts arrive.
import type { CommandInfo, ModelInfo, SessionInfo } from '../../../shared/events';
import { str } from '../../../shared/guards';

/** Slash commands as initialize and system/commands_changed list them. */
export function commandsFrom(list: unknown): CommandInfo[] {
  if (!Array.isArray(list)) return [];
  return (list as unknown[])
    .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
    .map((c) => ({ name: str(c.name) ?? '', description: str(c.description) ?? '', argumentHint: str(c.argumentHint) || undefined }))
    .filter((c) => c.name);
}

export function infoFromInitialize(r: Record<string, unknown>): SessionInfo {
  const models: ModelInfo[] = Array.isArray(r.models)
    ? (r.models as Array<Record<string, unknown>>)
        .map((m) => ({
          value: str(m.value) ?? '',
          displayName: str(m.displayName) ?? str(m.value) ?? '',
          description: str(m.description),
          supportsEffort: typeof m.supportsEffort === 'boolean' ? m.supportsEffort : undefined,
          effortLevels: Array.isArray(m.supportedEffortLevels) ? (m.supportedEffortLevels as unknown[]).map(String) : undefined,
          resolvedModel: str(m.resolvedModel),
        }))
        .filter((m) => m.value)
    : [];
  const commands = commandsFrom(r.commands);
  const account = (r.account ?? {}) as Record<string, unknown>;
  return {
    models,
    commands,
    cliVersion: str(r.claude_code_version),
    permissionMode: str(r.current_permission_mode),
    outputStyle: str(r.output_style),
    outputStyles: Array.isArray(r.available_output_styles)
      ? (r.available_output_styles as unknown[]).filter((s): s is string => typeof s === 'string')
      : undefined,
    apiKeySource: str(account.apiKeySource),
    pid: typeof r.pid === 'number' ? r.pid : undefined,
  };
}

export function infoFromInit(m: Record<string, unknown>): SessionInfo {
  return {
    claudeSessionId: str(m.session_id),
    cwd: str(m.cwd),
    model: str(m.model),
    permissionMode: str(m.permissionMode),
    cliVersion: str(m.claude_code_version),
    tools: Array.isArray(m.tools) ? (m.tools as unknown[]).map(String) : undefined,
    mcpServers: Array.isArray(m.mcp_servers)
      ? (m.mcp_servers as Array<Record<string, unknown>>).map((s) => ({ name: str(s.name) ?? '?', status: str(s.status) ?? 'unknown' }))
      : undefined,
    apiKeySource: str(m.apiKeySource),
    outputStyle: str(m.output_style),
  };
}
