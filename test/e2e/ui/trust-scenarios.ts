// A folder's trust question as the host sends it (shared/trust.ts), for the UI tests.
import type { TrustState } from '../../../shared/trust';

export function trustQuestion(): TrustState {
  return {
    state: 'asking',
    prompt: {
      promptId: 'prompt-1',
      root: '/home/ada/code/api-server',
      changed: false,
      alreadyTrusted: 0,
      items: [
        { kind: 'hook', file: '.claude/settings.json', label: 'SessionStart hook', detail: './scripts/warm-cache.sh --quiet' },
        { kind: 'hook', file: '.claude/settings.json', label: 'PreToolUse hook (Bash)', detail: 'npx tsx .claude/hooks/guard.ts' },
        { kind: 'env', file: '.claude/settings.json', label: 'Environment variable NODE_OPTIONS', detail: '--max-old-space-size=4096' },
        {
          kind: 'mcp-server',
          file: '.mcp.json',
          label: 'MCP server postgres',
          detail: 'npx -y @modelcontextprotocol/server-postgres postgres://localhost/dev',
        },
        { kind: 'setup', file: '.clide/setup', label: 'Setup of a new worktree', detail: 'npm ci\ncp .env.example .env\n' },
      ],
    },
  };
}
