import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuietWatch } from '../../../electron/web/quiet';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** Whether the promise has settled by now (after pending microtasks). */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe("the server's quiet moment", () => {
  it('comes once nothing has been in flight for the quiet time', async () => {
    const q = new QuietWatch(150);
    const quiet = q.quiet();
    await vi.advanceTimersByTimeAsync(149);
    expect(await settled(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(quiet)).toBe(true);
  });

  it('waits while requests are in flight, and counts the quiet time from the last answer', async () => {
    const q = new QuietWatch(150);
    q.begin();
    const quiet = q.quiet();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(quiet)).toBe(false);
    q.begin();
    q.end();
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(quiet)).toBe(false);
    q.end();
    await vi.advanceTimersByTimeAsync(100);
    q.begin(); // a file asked for just before the quiet time ran out starts it again
    q.end();
    await vi.advanceTimersByTimeAsync(100);
    expect(await settled(quiet)).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(await settled(quiet)).toBe(true);
  });

  it('ends at once when something needs the core, and stays ended', async () => {
    const q = new QuietWatch(150);
    q.begin();
    const quiet = q.quiet();
    q.now();
    expect(await settled(quiet)).toBe(true);
    q.begin();
    expect(await settled(q.quiet())).toBe(true);
  });
});
