// One short-lived command (ssh -G, ssh-keyscan, ssh-keygen, a channel on a host's master): no
// shell, a timeout, bounded output, and never an exception for a failure to start, so callers
// turn every outcome into a message.
import { spawn } from 'node:child_process';

export interface RunOptions {
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** stdout past this many bytes is cut (`truncated`) and the command ended. */
  maxBytes?: number;
}

export interface RunOutput {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  truncated: boolean;
  timedOut: boolean;
  spawnError?: NodeJS.ErrnoException;
}

const STDERR_KEEP = 16 * 1024;

export function runCommand(command: string, args: readonly string[], opts: RunOptions = {}): Promise<RunOutput> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: opts.env, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    const chunks: Buffer[] = [];
    let bytes = 0;
    let stderr = '';
    let truncated = false;
    let timedOut = false;
    let spawnError: NodeJS.ErrnoException | undefined;
    const max = opts.maxBytes ?? 64 * 1024 * 1024;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs ?? 30_000);
    child.stdout.on('data', (c: Buffer) => {
      if (truncated) return;
      if (bytes + c.length > max) {
        chunks.push(c.subarray(0, max - bytes));
        bytes = max;
        truncated = true;
        child.kill('SIGTERM');
        return;
      }
      chunks.push(c);
      bytes += c.length;
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.stdin.on('error', () => {});
    child.on('error', (err: NodeJS.ErrnoException) => {
      spawnError = err;
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(chunks, bytes), stderr, truncated, timedOut, spawnError });
    });
    child.stdin.end(opts.input ?? '');
  });
}
