// Tests whose folder runs something of its own (project hooks, an .mcp.json server) start as a
// person who trusted that folder in Claude Code's own dialog would: its flag set in Claude Code's
// global config (`$CLAUDE_CONFIG_DIR/.claude.json`), which clide reads as trust.
import fs from 'node:fs';
import path from 'node:path';

export function trustInClaudeCode(sb: { configDir: string }, folder: string): void {
  const file = path.join(sb.configDir, '.claude.json');
  const config = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { projects?: Record<string, Record<string, unknown>> }) : {};
  const real = fs.realpathSync(folder);
  const projects = { ...config.projects, [real]: { ...config.projects?.[real], hasTrustDialogAccepted: true } };
  fs.mkdirSync(sb.configDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...config, projects }, null, 2));
}
