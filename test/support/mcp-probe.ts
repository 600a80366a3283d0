// The probe MCP server (test/support/mcp-server/probe-server.mjs) set up in a sandbox's working
// directory: a project `.mcp.json` naming it, and the project's local settings approving
// project servers (`enableAllProjectMcpServers`), which the CLI otherwise asks about first.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { trustInClaudeCode } from './trust';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'mcp-server', 'probe-server.mjs');

export interface Probe {
  name: string;
  /** The server's answers log: one entry per elicitation answer it received. */
  answers(): unknown[];
  /** Make the next start of the server fail (or stop failing). */
  failing(on: boolean): void;
}

/**
 * With `allow`, the project's settings also allow the probe's tools, so calling them asks no
 * permission. With `apps`, the server also offers its MCP Apps tools and `ui://` resources.
 */
export function installProbe(sb: { cwd: string; configDir: string }, opts: { name?: string; allow?: boolean; apps?: boolean } = {}): Probe {
  const { cwd } = sb;
  // The folder now runs a server of its own: trusted as the person would have trusted it in Claude Code.
  trustInClaudeCode(sb, cwd);
  const name = opts.name ?? 'probe';
  const recordFile = path.join(cwd, `.${name}-answers.jsonl`);
  const failFile = path.join(cwd, `.${name}-fail`);
  const mcpJson = path.join(cwd, '.mcp.json');
  const existing = fs.existsSync(mcpJson) ? (JSON.parse(fs.readFileSync(mcpJson, 'utf8')) as { mcpServers?: Record<string, unknown> }) : {};
  const servers = {
    ...existing.mcpServers,
    [name]: {
      command: process.execPath,
      args: [script],
      env: { PROBE_RECORD: recordFile, PROBE_FAIL_FILE: failFile, ...(opts.apps ? { PROBE_APPS: '1' } : {}) },
    },
  };
  fs.writeFileSync(mcpJson, JSON.stringify({ mcpServers: servers }, null, 2));
  const settings = path.join(cwd, '.claude', 'settings.local.json');
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  const current = fs.existsSync(settings) ? (JSON.parse(fs.readFileSync(settings, 'utf8')) as Record<string, unknown>) : {};
  const tools = ['hello', 'ask', ...(opts.apps ? ['weather', 'legacy_weather', 'big_weather', 'hostile', 'refreshing'] : [])];
  const permissions = opts.allow ? { permissions: { allow: tools.map((t) => `mcp__${name}__${t}`) } } : {};
  fs.writeFileSync(settings, JSON.stringify({ ...current, enableAllProjectMcpServers: true, ...permissions }, null, 2));
  return {
    name,
    answers: () =>
      fs.existsSync(recordFile)
        ? fs
            .readFileSync(recordFile, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as unknown)
        : [],
    failing: (on) => (on ? fs.writeFileSync(failFile, 'fail\n') : fs.rmSync(failFile, { force: true })),
  };
}
