import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installGracefulQuit, QUIT_CAP_MS } from '../../../electron/shell/quit';

class FakeApp extends EventEmitter {
  exit = vi.fn();
  /** Emit before-quit like Electron and report whether the quit went ahead. */
  quit(): boolean {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    return !prevented;
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('installGracefulQuit', () => {
  it('holds the quit until every session has closed, then exits', async () => {
    const app = new FakeApp();
    const closing = deferred();
    const shutdown = vi.fn(() => closing.promise);
    const onQuitting = vi.fn();
    installGracefulQuit({ app: app as never, shutdown, onQuitting });
    expect(app.quit()).toBe(false);
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(onQuitting).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(app.exit).not.toHaveBeenCalled();
    closing.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.exit).toHaveBeenCalledWith(0);
  });

  it('quits after the cap even if shutdown never finishes', async () => {
    const app = new FakeApp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    installGracefulQuit({ app: app as never, shutdown: () => new Promise<void>(() => {}) });
    app.quit();
    await vi.advanceTimersByTimeAsync(QUIT_CAP_MS - 1);
    expect(app.exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(app.exit).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('did not close'));
    warn.mockRestore();
  });

  it('leaves room for the whole close sequence (EOF wait, SIGTERM wait, SIGKILL)', () => {
    expect(QUIT_CAP_MS).toBeGreaterThan(10_000);
  });

  it('absorbs repeated quit requests while closing, and lets the final quit through', async () => {
    const app = new FakeApp();
    const closing = deferred();
    const shutdown = vi.fn(() => closing.promise);
    installGracefulQuit({ app: app as never, shutdown, capMs: 1_000 });
    expect(app.quit()).toBe(false);
    expect(app.quit()).toBe(false);
    expect(shutdown).toHaveBeenCalledTimes(1);
    closing.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.exit).toHaveBeenCalledTimes(1);
    // Anything after exit() must not be held again.
    expect(app.quit()).toBe(true);
  });

  it('still exits when shutdown fails', async () => {
    const app = new FakeApp();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    installGracefulQuit({ app: app as never, shutdown: () => Promise.reject(new Error('kill failed')) });
    app.quit();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.exit).toHaveBeenCalledWith(0);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('still exits when shutdown throws synchronously', async () => {
    const app = new FakeApp();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    installGracefulQuit({
      app: app as never,
      shutdown: () => {
        throw new Error('sync');
      },
    });
    app.quit();
    await vi.advanceTimersByTimeAsync(0);
    expect(app.exit).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });
});
