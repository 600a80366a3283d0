// Finding the `claude` executable: CLIDE_CLAUDE_PATH if set, else the path chosen in Settings,
// else `claude` on PATH, else the usual install locations. Pure apart from the injected file
// check, so it is easy to test. An explicit choice (the variable or the setting) that does not
// work is reported as such, never silently replaced by another claude found elsewhere: the
// person asked for that one.
import fs from 'node:fs';
import path from 'node:path';
import type { ClaudeCheck } from '../../shared/ipc';

export interface FindClaudeInput {
  env: NodeJS.ProcessEnv;
  homeDir: string;
  /** The executable chosen in Settings; empty or absent means "find it". */
  claudePath?: string;
  platform?: NodeJS.Platform;
  /** Whether a path is an executable file; injected by tests. */
  isExecutable?: (p: string) => 'ok' | 'missing' | 'not-executable';
}

export const FIX_HINT =
  'Install Claude Code (npm install -g @anthropic-ai/claude-code, or the installer from claude.com), log in once with `claude`, then press Check again. If it is installed somewhere unusual, set CLIDE_CLAUDE_PATH to the executable.';

export function findClaude(input: FindClaudeInput): ClaudeCheck {
  const platform = input.platform ?? process.platform;
  const check = input.isExecutable ?? defaultIsExecutable;
  const explicit = input.env.CLIDE_CLAUDE_PATH?.trim();
  if (explicit) {
    const state = check(explicit);
    if (state === 'ok') return { found: true, path: explicit, source: 'env' };
    return {
      found: false,
      path: explicit,
      source: 'env',
      error: {
        kind: state === 'missing' ? 'cli-not-found' : 'cli-not-executable',
        message:
          state === 'missing'
            ? `CLIDE_CLAUDE_PATH points to ${explicit}, which does not exist.`
            : `CLIDE_CLAUDE_PATH points to ${explicit}, which is not executable.`,
        hint: 'Fix or unset CLIDE_CLAUDE_PATH.',
      },
    };
  }
  const chosen = input.claudePath?.trim();
  if (chosen) {
    const state = check(chosen);
    if (state === 'ok') return { found: true, path: chosen, source: 'setting' };
    return {
      found: false,
      path: chosen,
      source: 'setting',
      error: {
        kind: state === 'missing' ? 'cli-not-found' : 'cli-not-executable',
        message:
          state === 'missing'
            ? `The Claude Code executable chosen in Settings, ${chosen}, does not exist.`
            : `The Claude Code executable chosen in Settings, ${chosen}, is not executable.`,
        hint: 'Pick the right file in Settings, or clear the field to let clide find claude on PATH.',
      },
    };
  }
  const names = platform === 'win32' ? ['claude.exe', 'claude.cmd', 'claude'] : ['claude'];
  const sep = platform === 'win32' ? ';' : ':';
  const dirs = (input.env.PATH ?? input.env.Path ?? '').split(sep).filter(Boolean);
  for (const dir of dirs) {
    for (const name of names) {
      const p = path.join(dir, name);
      if (check(p) === 'ok') return { found: true, path: p, source: 'path' };
    }
  }
  const exe = platform === 'win32' ? 'claude.exe' : 'claude';
  // An app started from the Dock or a desktop launcher gets a minimal PATH, so also look where
  // the installers and package managers usually put it.
  const usual = [
    path.join(input.homeDir, '.local', 'bin', exe),
    path.join(input.homeDir, '.claude', 'local', exe),
    ...(platform === 'win32'
      ? [path.join(input.homeDir, 'AppData', 'Roaming', 'npm', 'claude.cmd')]
      : [
          path.join(input.homeDir, '.npm-global', 'bin', exe),
          path.join(input.homeDir, '.bun', 'bin', exe),
          '/opt/homebrew/bin/claude',
          '/usr/local/bin/claude',
        ]),
  ];
  for (const p of usual) {
    if (check(p) === 'ok') return { found: true, path: p, source: 'install-location' };
  }
  return {
    found: false,
    error: {
      kind: 'cli-not-found',
      message: `Claude Code (the claude command) was not found on PATH or in the usual install locations (${usual.slice(0, 2).join(', ')}, …).`,
      hint: FIX_HINT,
    },
  };
}

function defaultIsExecutable(p: string): 'ok' | 'missing' | 'not-executable' {
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) return 'missing';
    if (process.platform === 'win32') return 'ok';
    fs.accessSync(p, fs.constants.X_OK);
    return 'ok';
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EACCES' ? 'not-executable' : 'missing';
  }
}
