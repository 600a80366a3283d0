// Quit waits for every claude process to close cleanly (stdin EOF lets the CLI flush its
// session file), but never longer than a hard cap: a child that ignores SIGTERM must not keep
// the app from quitting.
import type { App } from 'electron';

/**
 * Session close worst case: 5 s after stdin EOF, then SIGTERM and 5 s more, then SIGKILL.
 * Two seconds on top lets the SIGKILL land before we exit.
 */
export const QUIT_CAP_MS = 12_000;

export interface GracefulQuitOptions {
  app: Pick<App, 'on' | 'exit'>;
  shutdown(): Promise<void>;
  capMs?: number;
  /** Runs once when quitting starts (e.g. hide windows so the quit feels immediate). */
  onQuitting?(): void;
}

export function installGracefulQuit(opts: GracefulQuitOptions): void {
  const capMs = opts.capMs ?? QUIT_CAP_MS;
  let state: 'running' | 'stopping' | 'done' = 'running';
  opts.app.on('before-quit', (event) => {
    if (state === 'done') return;
    // Hold the quit until the sessions are closed; a second quit request while we wait is
    // absorbed (app.exit below does not emit before-quit again).
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    try {
      opts.onQuitting?.();
    } catch (err) {
      console.error('[clide] error while preparing to quit:', err);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const capped = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), capMs);
    });
    let closing: Promise<void>;
    try {
      closing = opts.shutdown();
    } catch (err) {
      closing = Promise.reject(err);
    }
    const closed = closing.then(
      () => 'closed' as const,
      (err: unknown) => {
        console.error('[clide] error while closing sessions on quit:', err);
        return 'failed' as const;
      },
    );
    void Promise.race([closed, capped]).then((outcome) => {
      clearTimeout(timer);
      if (outcome === 'timeout') console.warn(`[clide] sessions did not close within ${capMs} ms; quitting anyway`);
      state = 'done';
      opts.app.exit(0);
    });
  });
}
