// Settings files with permission rules and hooks in the user, project and local scopes, for the
// tests of the "Rules and hooks" panel (integration, end to end) and the fixture recorder.
import fs from 'node:fs';
import path from 'node:path';
import { trustInClaudeCode } from './trust';

/** Write a settings file as Claude Code does (two-space JSON and a newline), making its folder. */
export function writeSettings(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * User settings: allow Read(/tmp/**), deny WebFetch, a PreToolUse hook for Bash. Project
 * settings: ask for Bash(git push:*), a SessionStart hook with a timeout and a Stop prompt hook.
 * Local settings: allow Bash(npm run lint).
 */
export function writeSampleSettings(sb: { configDir: string; cwd: string }): void {
  writeSettings(path.join(sb.configDir, 'settings.json'), {
    permissions: { allow: ['Read(/tmp/**)'], deny: ['WebFetch'] },
    hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo checked' }] }] },
  });
  writeSettings(path.join(sb.cwd, '.claude', 'settings.json'), {
    permissions: { ask: ['Bash(git push:*)'] },
    hooks: {
      SessionStart: [{ hooks: [{ type: 'command', command: 'echo started', timeout: 5 }] }],
      Stop: [{ hooks: [{ type: 'prompt', prompt: 'Check the work' }] }],
    },
  });
  writeSettings(path.join(sb.cwd, '.claude', 'settings.local.json'), { permissions: { allow: ['Bash(npm run lint)'] } });
  // The project's hooks run: the folder is trusted, as in Claude Code's own dialog.
  trustInClaudeCode(sb, sb.cwd);
}
