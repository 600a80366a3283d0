import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogLimiter } from '../../../electron/web/log-limiter';

let lines: string[];
let limiter: LogLimiter;

beforeEach(() => {
  vi.useFakeTimers();
  lines = [];
  limiter = new LogLimiter((m) => lines.push(m), { verb: 'refused', noun: 'request', intervalMs: 10_000 });
});

afterEach(() => {
  limiter.close();
  vi.useRealTimers();
});

describe('the log limiter', () => {
  it('logs the first event after a quiet spell in full, at once', () => {
    limiter.note('no token', 'refused WebSocket: no token');
    expect(lines).toEqual(['refused WebSocket: no token']);
  });

  it('sums up a flood in one line per interval, by kind, biggest first', () => {
    limiter.note('no token', 'refused WebSocket: no token');
    for (let i = 0; i < 1_200; i++) limiter.note('no token', 'refused WebSocket: no token');
    for (let i = 0; i < 34; i++) limiter.note('wrong origin', 'refused WebSocket: Origin "x" is not this host');
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(9_999);
    expect(lines).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(lines).toEqual(['refused WebSocket: no token', 'refused 1,234 requests in the last 10 s: no token (1,200), wrong origin (34)']);

    // The flood goes on: still one line per interval, never one per event.
    for (let i = 0; i < 5_000; i++) limiter.note('wrong token', 'refused WebSocket: wrong token');
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(10_000);
    expect(lines[2]).toBe('refused 5,000 requests in the last 10 s: wrong token (5,000)');
  });

  it('goes quiet after an interval with nothing to count, then logs the next event in full again', () => {
    limiter.note('no token', 'first');
    limiter.note('no token', 'second');
    vi.advanceTimersByTime(10_000);
    expect(lines).toEqual(['first', 'refused 1 request in the last 10 s: no token (1)']);
    vi.advanceTimersByTime(10_000);
    expect(lines).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    limiter.note('wrong host', 'third');
    expect(lines[2]).toBe('third');
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('says what it still counted when closed', () => {
    limiter.note('a', 'first');
    limiter.note('a', 'first');
    limiter.note('b', 'first');
    limiter.close();
    expect(lines).toEqual(['first', 'refused 2 requests in the last 10 s: a (1), b (1)']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
