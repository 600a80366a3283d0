// A session's protocol extensions: the host's own (tests, future features) plus the team's.
import type { ProtocolExtensions } from '../protocol/pipeline';

export function mergeExtensions(...parts: Array<ProtocolExtensions | undefined>): ProtocolExtensions | undefined {
  const given = parts.filter((p): p is ProtocolExtensions => p !== undefined);
  if (given.length <= 1) return given[0];
  return {
    hooks: given.flatMap((p) => p.hooks ?? []),
    mcpServers: given.flatMap((p) => p.mcpServers ?? []),
  };
}
