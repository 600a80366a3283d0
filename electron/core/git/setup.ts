// The setup step of a new worktree, before Claude starts in it: copy the untracked `.env*`
// files from the checkout it came from (a fresh checkout has none: they are not committed),
// then run the repository's setup command if it has one: set in Settings, or committed as
// `.clide/setup` (which comes from the repository, so the person confirms it once per content).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import type { RepositorySettings } from '../../../shared/settings';
import { nulFields, type GitRunner } from './runner';

export const SETUP_FILE = '.clide/setup';
/** `npm ci` on a large project takes minutes; a setup that hangs must still end. */
export const SETUP_TIMEOUT_MS = 30 * 60_000;

export type SetupPlan =
  { source: 'env-only' } | { source: 'settings'; command: string } | { source: 'file'; file: string; content: string; hash: string; confirmed: boolean };

/** What will run: the person's command from Settings wins over the repository's file. */
export function planSetup(worktreeDir: string, repo: RepositorySettings | undefined): SetupPlan {
  const command = repo?.setupCommand?.trim();
  if (command) return { source: 'settings', command };
  const file = path.join(worktreeDir, SETUP_FILE);
  let content: string;
  try {
    if (!fs.lstatSync(file).isFile()) return { source: 'env-only' };
    content = fs.readFileSync(file, 'utf8');
  } catch {
    return { source: 'env-only' };
  }
  const hash = setupHash(content);
  return { source: 'file', file, content, hash, confirmed: repo?.setupConfirmed === hash };
}

export function setupHash(content: string): string {
  return createHash('sha256').update(content).digest('hex');
}

/**
 * The untracked `.env*` files of a checkout (ignored or not), anywhere except inside folders git
 * ignores (node_modules' own .env files are not the project's), copied where the worktree has none.
 */
export async function copyEnvFiles(git: GitRunner, from: string, to: string, say: (line: string) => void): Promise<string[]> {
  const list = (extra: string[]) =>
    git.run(['ls-files', '-z', '-o', ...extra, '--', ':(glob)**/.env*'], { cwd: from, readOnly: true, globs: true }).then(nulFields);
  const [untracked, ignored] = await Promise.all([list(['--exclude-standard']), list(['-i', '--exclude-standard', '--directory'])]);
  const copied: string[] = [];
  for (const rel of [...new Set([...untracked, ...ignored])].sort()) {
    if (rel.endsWith('/') || !path.posix.basename(rel).startsWith('.env')) continue;
    const src = path.join(from, rel);
    const dst = path.join(to, rel);
    try {
      if (!fs.lstatSync(src).isFile() || fs.existsSync(dst)) continue;
      fs.mkdirSync(path.dirname(dst), { recursive: true });
      fs.copyFileSync(src, dst, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(dst, fs.statSync(src).mode & 0o777);
      copied.push(rel);
      say(`Copied ${rel} from ${from}\n`);
    } catch (err) {
      say(`Could not copy ${rel}: ${(err as Error).message}\n`);
    }
  }
  return copied;
}

export interface SetupRun {
  done: Promise<{ exitCode: number | null; signal: string | null; error?: string }>;
  /** End the command and everything it started. */
  stop(): void;
}

/** Run the setup command (through the shell: it is a command line) or the setup file, streaming its output. */
export function runSetup(opts: {
  cwd: string;
  plan: Exclude<SetupPlan, { source: 'env-only' }>;
  env: NodeJS.ProcessEnv;
  output: (stream: 'out' | 'err', text: string) => void;
  timeoutMs?: number;
}): SetupRun {
  const posix = process.platform !== 'win32';
  const { plan } = opts;
  let cmd: string;
  let args: string[] = [];
  if (plan.source === 'settings') [cmd, args] = posix ? ['/bin/sh', ['-c', plan.command]] : [plan.command, []];
  else if (!posix) cmd = `"${plan.file}"`;
  // An executable script with a #! line names its own interpreter; anything else is sh.
  else if (plan.content.startsWith('#!') && isExecutable(plan.file)) cmd = plan.file;
  else [cmd, args] = ['/bin/sh', [plan.file]];
  const child = spawn(cmd, args, { cwd: opts.cwd, env: opts.env, shell: !posix, detached: posix, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  const stop = () => {
    try {
      if (posix && child.pid) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGTERM');
    } catch {
      // Already gone.
    }
  };
  for (const [stream, name] of [
    [child.stdout, 'out'],
    [child.stderr, 'err'],
  ] as const) {
    const decoder = new StringDecoder('utf8');
    stream.on('data', (c: Buffer) => opts.output(name, decoder.write(c)));
    stream.on('end', () => {
      const rest = decoder.end();
      if (rest) opts.output(name, rest);
    });
  }
  const timer = setTimeout(stop, opts.timeoutMs ?? SETUP_TIMEOUT_MS);
  timer.unref();
  const done = new Promise<{ exitCode: number | null; signal: string | null; error?: string }>((resolve) => {
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ exitCode: null, signal: null, error: `Could not run the setup: ${err.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ exitCode: code, signal });
    });
  });
  return { done, stop };
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
