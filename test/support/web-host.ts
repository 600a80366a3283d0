// The browser host as a real child process (`node scripts/web.mjs`), for integration and
// end-to-end tests: start it, read its `clide web: <url>` line, find its `claude` children,
// stop it the way a person would (a signal) and check nothing survives.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alive } from './wait';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface WebHostProcess {
  url: string;
  origin: string;
  port: number;
  token: string;
  child: ChildProcess;
  /** Everything the host wrote to stderr so far (build and server logs). */
  stderr(): string;
  /** Everything it wrote to stdout so far (the URL line, and nothing else). */
  stdout(): string;
  /** Pids of the host's descendants whose command line names claude. */
  claudePids(): number[];
  /** Send a signal and wait for the exit; resolves with the exit code and signal. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartWebHostOptions {
  cwd: string;
  /** Merged over this process's environment (minus variables that would steer the CLI). */
  env?: NodeJS.ProcessEnv;
  args?: string[];
  timeoutMs?: number;
}

/** The start-up line: the token is in the fragment, which no server ever receives. */
export const URL_LINE = /^clide web: (http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]{43}))$/;

export async function startWebHost(opts: StartWebHostOptions): Promise<WebHostProcess> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    // The developer's own Claude settings and keys must not reach the CLI under test.
    // XDG_STATE_HOME would put the host's process registry outside the sandbox's HOME.
    if (/^(ANTHROPIC_|CLAUDE|CLIDE_)/.test(k) || k === 'NODE_OPTIONS' || k === 'XDG_STATE_HOME') continue;
    env[k] = v;
  }
  // No warm spare unless a test asks for one: it starts once the host has been quiet a few
  // seconds, which on a busy machine happens in the middle of a test that counts claude processes.
  Object.assign(env, { CLIDE_SPARE_IDLE_SECONDS: '0' }, opts.env);
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'web.mjs'), '--port', '0', '--cwd', opts.cwd, ...(opts.args ?? [])], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The web host printed no URL within ${opts.timeoutMs ?? 60_000} ms.\nstderr:\n${stderr}`));
    }, opts.timeoutMs ?? 60_000);
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const nl = stdout.indexOf('\n');
      if (nl >= 0) {
        clearTimeout(timer);
        resolve(stdout.slice(0, nl));
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`The web host exited (code ${code}, signal ${signal}) before printing its URL.\nstderr:\n${stderr}`));
    });
  });
  const m = URL_LINE.exec(line);
  if (!m) {
    child.kill('SIGKILL');
    throw new Error(`Unexpected first stdout line from the web host: ${JSON.stringify(line)}`);
  }
  const pid = child.pid!;
  return {
    url: m[1]!,
    origin: new URL(m[1]!).origin,
    port: Number(m[2]),
    token: m[3]!,
    child,
    stderr: () => stderr,
    stdout: () => stdout,
    claudePids: () =>
      descendants(pid)
        .filter((p) => /claude/.test(p.command))
        .map((p) => p.pid),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

interface Proc {
  pid: number;
  ppid: number;
  command: string;
}

function processTable(): Proc[] {
  const out = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const procs: Proc[] = [];
  for (const line of out.split('\n')) {
    const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (m) procs.push({ pid: Number(m[1]), ppid: Number(m[2]), command: m[3]! });
  }
  return procs;
}

/** All live descendants of `pid` (the CLI runs in its own process group, but stays our child). */
export function descendants(pid: number): Proc[] {
  const table = processTable();
  const found: Proc[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const p of table) {
      if (p.ppid === parent) {
        found.push(p);
        queue.push(p.pid);
      }
    }
  }
  return found;
}

/** Pids from `pids` that are still running (zombies count as gone). */
export function survivors(pids: number[]): number[] {
  return pids.filter((p) => alive(p) && !isZombie(p));
}

function isZombie(pid: number): boolean {
  try {
    return execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .startsWith('Z');
  } catch {
    return false;
  }
}
