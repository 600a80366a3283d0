// Finding the `claude` executable: CLIDE_CLAUDE_PATH if set, else the path chosen in Settings,
// else `claude` on the person's login-shell PATH (what their terminal finds), else on clide's
// own PATH, else the installers' usual places and npm's global prefix. `chooseClaude` is pure
// apart from the injected checks, so it is easy to test; `findClaude` gives it the real world
// and adds the chosen one's version. An explicit choice (the variable or the setting) that does
// not work is reported as such, never silently replaced by another claude found elsewhere: the
// person asked for that one.
//
// Never the app's own: run from source, clide's PATH starts with its checkout's
// node_modules/.bin, which holds the CLI its tests pin, not the one the person installed and
// logged in with. A candidate inside the app's own folder is skipped wherever it is found.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClaudeCheck } from '../../shared/ipc';
import { claudeVersion } from './claude-version';
import { loginShellPath } from './login-path';

export interface FindClaudeInput {
  env: NodeJS.ProcessEnv;
  homeDir: string;
  /** The executable chosen in Settings; empty or absent means "find it". */
  claudePath?: string;
  platform?: NodeJS.Platform;
  /** Whether a path is an executable file; injected by tests. */
  isExecutable?: (p: string) => 'ok' | 'missing' | 'not-executable';
  /** The login shell's PATH, asked only when needed (it starts a shell); injected by tests. */
  loginPath?: () => string | undefined;
  /** The app's own folder (its checkout or install): nothing in it is the person's claude. */
  appRoot?: string;
  /** The version of the chosen executable; injected by tests. */
  version?: (p: string) => string | undefined;
}

export const FIX_HINT =
  'Install Claude Code (npm install -g @anthropic-ai/claude-code, or the installer from claude.com), log in once with `claude`, then press Check again. If it is installed somewhere unusual, set CLIDE_CLAUDE_PATH to the executable.';

export function findClaude(input: FindClaudeInput): ClaudeCheck {
  const check = chooseClaude(input);
  if (!check.found || !check.path) return check;
  const version = (input.version ?? ((p: string) => claudeVersion(p, input.env)))(check.path);
  return version ? { ...check, version } : check;
}

function chooseClaude(input: FindClaudeInput): ClaudeCheck {
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
  const appRoot = usableRoot(input.appRoot ?? ownRoot(), input.homeDir);
  const names = platform === 'win32' ? ['claude.exe', 'claude.cmd', 'claude'] : ['claude'];
  const sep = platform === 'win32' ? ';' : ':';
  const onPath = (value: string | undefined): string | undefined => {
    for (const dir of (value ?? '').split(sep)) {
      // A relative entry (`node_modules/.bin`, `.`) means whatever folder clide runs in.
      if (!isAbsolute(dir, platform) || (appRoot && isAppOwned(dir, appRoot, platform))) continue;
      for (const name of names) {
        const p = path.join(dir, name);
        if (check(p) === 'ok') return p;
      }
    }
    return undefined;
  };
  const login = onPath((input.loginPath ?? (() => loginShellPath(input.env, input.homeDir, platform)))());
  if (login) return { found: true, path: login, source: 'login-shell' };
  const own = onPath(input.env.PATH ?? input.env.Path);
  if (own) return { found: true, path: own, source: 'path' };
  const exe = platform === 'win32' ? 'claude.exe' : 'claude';
  // An app started from the Dock or a desktop launcher gets a minimal PATH, and a login shell
  // may not say (or not in time), so also look where the installers and package managers put it.
  const prefix = npmPrefix(input.env, input.homeDir);
  const usual = [
    path.join(input.homeDir, '.local', 'bin', exe),
    path.join(input.homeDir, '.claude', 'local', exe),
    ...(prefix ? [platform === 'win32' ? path.join(prefix, 'claude.cmd') : path.join(prefix, 'bin', exe)] : []),
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
    if (appRoot && isAppOwned(path.dirname(p), appRoot, platform)) continue;
    if (check(p) === 'ok') return { found: true, path: p, source: 'install-location' };
  }
  return {
    found: false,
    error: {
      kind: 'cli-not-found',
      message: `Claude Code (the claude command) was not found on your login shell's PATH, clide's PATH or in the usual install locations (${usual.slice(0, 2).join(', ')}, …).`,
      hint: FIX_HINT,
    },
  };
}

/** A root that holds the home folder would skip everything there (a checkout cannot be that). */
function usableRoot(appRoot: string | undefined, homeDir: string): string | undefined {
  if (!appRoot) return undefined;
  const rel = path.relative(appRoot, homeDir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)) ? undefined : appRoot;
}

function isAbsolute(dir: string, platform: NodeJS.Platform): boolean {
  return dir !== '' && (platform === 'win32' ? path.win32.isAbsolute(dir) : path.posix.isAbsolute(dir));
}

/**
 * Inside the app's own folder, or a node_modules/.bin of one of its parents (npm puts each
 * parent's on PATH for `npm run`). Compared as given and with links resolved.
 */
export function isAppOwned(dir: string, appRoot: string, platform: NodeJS.Platform = process.platform): boolean {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const within = (child: string, parent: string) => {
    const rel = p.relative(parent, child);
    return rel === '' || (!rel.startsWith('..') && !p.isAbsolute(rel));
  };
  const dirs = [p.resolve(dir)];
  try {
    dirs.push(fs.realpathSync(dir));
  } catch {
    // a folder that does not exist holds no claude anyway
  }
  for (const d of dirs) {
    if (within(d, appRoot)) return true;
    if (p.basename(d) === '.bin' && p.basename(p.dirname(d)) === 'node_modules' && within(appRoot, p.dirname(p.dirname(d)))) return true;
  }
  return false;
}

/**
 * npm's global prefix without starting npm (a second or more): the variable npm itself sets
 * under `npm run`, NPM_CONFIG_PREFIX, else `prefix=` in ~/.npmrc. npm's default prefix is
 * node's own folder, whose bin is on PATH wherever node is.
 */
export function npmPrefix(env: NodeJS.ProcessEnv, homeDir: string): string | undefined {
  const fromEnv = env.npm_config_global_prefix ?? env.NPM_CONFIG_PREFIX ?? env.npm_config_prefix;
  if (fromEnv?.trim()) return fromEnv.trim();
  let rc: string;
  try {
    rc = fs.readFileSync(path.join(homeDir, '.npmrc'), 'utf8');
  } catch {
    return undefined;
  }
  const m = /^\s*prefix\s*=\s*(.+?)\s*$/m.exec(rc);
  if (!m?.[1]) return undefined;
  const value = m[1].replace(/^["']|["']$/g, '').replace(/\$\{HOME\}|\$HOME/g, homeDir);
  return value.startsWith('~') ? path.join(homeDir, value.slice(1)) : value;
}

let root: string | null | undefined;

/** The folder of the app's package.json: its checkout run from source, its resources when installed. */
function ownRoot(): string | undefined {
  if (root !== undefined) return root ?? undefined;
  root = null;
  try {
    let dir = path.dirname(fileURLToPath(import.meta.url));
    for (let i = 0; i < 6; i++, dir = path.dirname(dir)) {
      if (fs.existsSync(path.join(dir, 'package.json'))) {
        root = dir;
        break;
      }
    }
  } catch {
    // not loaded from a file (an eval'd bundle): nothing to skip
  }
  return root ?? undefined;
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
