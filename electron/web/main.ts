// Entry point of `npm run web` (started by scripts/web.mjs once the renderer is built).
// stdout carries exactly one line, `clide web: <url>`, so scripts and tests can read it;
// everything else goes to stderr.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionHost } from '../core/host';
import { ignoreClosedOutput } from '../core/closed-output';
import { parseArgs, USAGE } from './args';
import { webDataDir } from './data-dir';
import { startWebServer } from './server';

// Two levels below the project root both as source (electron/web/main.ts) and as the bundle
// scripts/web.mjs builds (out/web/main.mjs), so the same path works for both.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function log(message: string): void {
  process.stderr.write(`[clide web] ${message}\n`);
}

export async function main(argv: readonly string[]): Promise<void> {
  // npm runs scripts in the package directory; INIT_CWD is where `npm run web` was typed.
  const parsed = parseArgs(argv, process.env.INIT_CWD ?? process.cwd());
  if (!parsed.ok) {
    process.stderr.write(`clide web: ${parsed.error}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const { args } = parsed;
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!isDirectory(args.cwd)) {
    process.stderr.write(`clide web: --cwd ${args.cwd} is not a directory. Pass an existing directory for new sessions.\n`);
    process.exit(2);
  }
  // Its output's reader may go away while it runs; it goes on serving (closed-output.ts).
  ignoreClosedOutput();
  // Anything the core logs with console.log must not add lines to stdout.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;

  const dataDir = webDataDir(process.env, os.homedir());
  // Listening comes first and the core (the session host and all it needs) after: the page
  // loads its files meanwhile, and its socket waits for the host (server.ts). Loading the core
  // is most of the host's start-up, so a page opened at once is not kept waiting for it (R12).
  let provide: (host: SessionHost) => void = () => undefined;
  let host: SessionHost | undefined;
  const ready = new Promise<SessionHost>((resolve) => (provide = resolve));
  let server: Awaited<ReturnType<typeof startWebServer>>;
  try {
    server = await startWebServer({ host: ready, port: args.port, rendererDir: path.join(root, 'out', 'renderer'), log, maxConnections: args.maxConnections });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    const why = e.code === 'EADDRINUSE' ? `port ${args.port} is already in use; pick another or pass --port 0` : e.message;
    process.stderr.write(`clide web: could not listen on 127.0.0.1: ${why}\n`);
    process.exit(1);
  }

  let stopping = false;
  const stop = (reason: string, code: number): void => {
    if (stopping) {
      log(`${reason} again: still closing Claude sessions (they get a few seconds to save)`);
      return;
    }
    stopping = true;
    log(`${reason}: closing Claude sessions`);
    void (async () => {
      try {
        await server.close();
        await host?.shutdown();
      } catch (err) {
        log(`shutdown failed: ${(err as Error).message}`);
        code = 1;
      }
      process.exit(code);
    })();
  };
  process.on('SIGINT', () => stop('SIGINT', 0));
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGHUP', () => stop('SIGHUP', 0));
  process.on('uncaughtException', (err) => {
    log(`internal error: ${err.stack ?? err.message}`);
    stop('internal error', 1);
  });
  process.on('unhandledRejection', (err) => log(`unhandled rejection: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`));

  log(`sessions start in ${args.cwd}`);
  process.stdout.write(`clide web: ${server.url}\n`);

  try {
    // Not while a page that was opened at once is fetching its files: the core's loading holds
    // the event loop, and the page would wait for every file behind it.
    await server.quiet();
    const { SessionHost } = await import('../core/host');
    // Sessions work as a team: the clide-team MCP server in every session.
    // One warm spare claude (electron/core/spare-process.ts) makes the first reply in a tab that
    // has no process yet as quick as in one that has.
    host = new SessionHost({ host: 'web', defaultCwd: args.cwd, appVersion: appVersion(), dataDir, team: {}, spare: {} });
  } catch (err) {
    log(`the session host could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    stop('start-up failure', 1);
    return;
  }
  const started = host;
  void started.orphansReaped.then((report) => {
    const ended = report?.entries.filter((e) => e.outcome === 'reaped' || e.outcome === 'reaped-group') ?? [];
    if (ended.length > 0) log(`ended ${ended.length} claude process(es) left running by an earlier host that was killed`);
  });
  // Reopen the tabs of the previous run (a page that connects meanwhile waits for them).
  void started.continuity.restore();
  provide(started);
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function appVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}
