// How an MCP server's state reads in the panel and on the status bar.
import type { McpServerStatus } from '../../../../shared/mcp';

const STATE_WORDS: Record<string, string> = {
  connected: 'Connected',
  pending: 'Starting',
  failed: 'Failed',
  'needs-auth': 'Needs sign-in',
  disabled: 'Disabled',
};

export function stateWord(status: string): string {
  return STATE_WORDS[status] ?? status;
}

/** ok, busy, bad, off: the colour of the state's badge. */
export function stateTone(status: string): 'ok' | 'busy' | 'bad' | 'off' {
  if (status === 'connected') return 'ok';
  if (status === 'pending') return 'busy';
  if (status === 'disabled') return 'off';
  return 'bad';
}

/** "project · stdio": where a server is configured and how it is reached. */
export function origin(s: McpServerStatus): string {
  const scope = s.source === 'sdk' ? 'run by clide' : s.scope;
  return [scope, s.transport && s.transport !== 'sdk' ? s.transport : undefined].filter(Boolean).join(' · ');
}
