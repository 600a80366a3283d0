// Command line of `npm run web`. Pure, so every error message is unit-tested.
import path from 'node:path';
import { DEFAULT_MAX_CONNECTIONS } from '../../shared/web-socket';

export interface WebArgs {
  port: number;
  cwd: string;
  /** Authenticated WebSocket connections (browser tabs) allowed at once. */
  maxConnections: number;
  help: boolean;
}

export const USAGE = `Usage: npm run web -- [--port N] [--cwd DIR] [--max-connections N]

Serves clide to a browser on 127.0.0.1 and prints the URL to open (it carries a random
access token). Ctrl+C closes every Claude session and exits.

  --port N    port to listen on; 0 (the default) picks a free one
  --cwd DIR   working directory of new sessions (default: the current directory)
  --max-connections N
              browser tabs connected at once (default ${DEFAULT_MAX_CONNECTIONS}); one more is
              told that too many are connected
  --no-build  serve out/renderer as it is, without rebuilding it when stale`;

export type ParsedArgs = { ok: true; args: WebArgs } | { ok: false; error: string };

/** `baseDir` resolves a relative --cwd: the directory `npm run` was started from. */
export function parseArgs(argv: readonly string[], baseDir: string): ParsedArgs {
  const args: WebArgs = { port: 0, cwd: baseDir, maxConnections: DEFAULT_MAX_CONNECTIONS, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('--') && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string | undefined => inline ?? argv[++i];
    switch (name) {
      case '-h':
      case '--help':
        args.help = true;
        break;
      case '--no-build':
        break; // handled by scripts/web.mjs before the server starts
      case '--port': {
        const v = value();
        const n = v !== undefined && /^\d+$/.test(v) ? Number(v) : NaN;
        if (!Number.isInteger(n) || n < 0 || n > 65535) return { ok: false, error: `--port needs a number from 0 to 65535, got ${JSON.stringify(v ?? '')}.` };
        args.port = n;
        break;
      }
      case '--max-connections': {
        const v = value();
        const n = v !== undefined && /^\d+$/.test(v) ? Number(v) : NaN;
        if (!Number.isInteger(n) || n < 1 || n > 1000)
          return { ok: false, error: `--max-connections needs a number from 1 to 1000, got ${JSON.stringify(v ?? '')}.` };
        args.maxConnections = n;
        break;
      }
      case '--cwd': {
        const v = value();
        if (!v) return { ok: false, error: '--cwd needs a directory.' };
        args.cwd = path.resolve(baseDir, v);
        break;
      }
      default:
        return { ok: false, error: `Unknown option ${JSON.stringify(arg)}.` };
    }
  }
  return { ok: true, args };
}
