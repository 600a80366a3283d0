// The PATH the person's terminal has: what their login shell sets up (profile and rc files),
// read once per app run. clide started from a desktop launcher gets a minimal PATH, and started
// from source (`npm run web`, `npm start`) one with the checkout's node_modules/.bin first;
// neither is where the person's own `claude` is found, their terminal's PATH is.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { childEnv } from './child-env';

const BEGIN = '__CLIDE_LOGIN_PATH_BEGIN__';
const END = '__CLIDE_LOGIN_PATH_END__';
/** A shell whose rc files hang (a prompt waiting for input, a slow network mount) is not waited for. */
const TIMEOUT_MS = 5000;
/** What a terminal's shell starts from before its profile runs (launchd's and login's default). */
const BASE_PATH = '/usr/bin:/bin:/usr/sbin:/sbin';

const cache = new Map<string, string | undefined>();

/** The person's login shell: $SHELL, else the password file's entry. */
export function loginShell(env: NodeJS.ProcessEnv): string | undefined {
  if (env.SHELL?.trim()) return env.SHELL.trim();
  try {
    return os.userInfo().shell ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The command a login shell runs: `env` between two markers, so a banner or a greeting printed
 * by the rc files (before) or a logout script (after) is not taken for PATH. `env` is an
 * external command, so this reads the same in bash, zsh, fish and sh; fish exports PATH
 * joined by colons like the others.
 */
export const PRINT_ENV = `echo ${BEGIN}; env; echo ${END}`;

/** PATH out of what PRINT_ENV printed; undefined when the markers are not both there. */
export function parseLoginOutput(stdout: string): string | undefined {
  const start = stdout.indexOf(BEGIN);
  if (start < 0) return undefined;
  const end = stdout.indexOf(END, start + BEGIN.length);
  if (end < 0) return undefined;
  for (const line of stdout.slice(start + BEGIN.length, end).split('\n')) {
    if (line.startsWith('PATH=')) return line.slice('PATH='.length).trim() || undefined;
  }
  return undefined;
}

/**
 * The login shell's PATH, or undefined (Windows, no shell, a shell that failed or took too
 * long). Runs `$SHELL -l -i -c` once per shell and home and caches the answer: interactive too,
 * because many people set PATH in .bashrc/.zshrc, which a non-interactive shell skips. It starts
 * from a terminal's base PATH, not clide's own (which may carry the checkout's node_modules/.bin).
 */
export function loginShellPath(env: NodeJS.ProcessEnv, homeDir: string, platform: NodeJS.Platform = process.platform): string | undefined {
  if (platform === 'win32') return undefined;
  const shell = loginShell(env);
  if (!shell || !path.isAbsolute(shell)) return undefined;
  const key = `${shell}\0${homeDir}`;
  if (cache.has(key)) return cache.get(key);
  const base = childEnv(env);
  for (const name of Object.keys(base)) if (name.toLowerCase().startsWith('npm_')) delete base[name];
  const r = spawnSync(shell, ['-l', '-i', '-c', PRINT_ENV], {
    env: { ...base, HOME: homeDir, PATH: BASE_PATH, TERM: 'dumb' },
    cwd: homeDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    maxBuffer: 4 * 1024 * 1024,
  });
  const found = r.error ? undefined : parseLoginOutput(r.stdout ?? '');
  if (!found) console.warn(`[clide] could not read PATH from the login shell ${shell}: ${r.error?.message ?? `exit ${r.status ?? r.signal}`}`);
  cache.set(key, found);
  return found;
}
