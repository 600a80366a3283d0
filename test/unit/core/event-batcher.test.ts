// One delivery per frame at most (<= 60 a second per window), deltas of the same block joined,
// and a lone event not held back for a whole frame.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBatcher, FRAME_MS } from '../../../electron/core/event-batcher';
import type { AppEvent } from '../../../shared/ipc';

const delta = (id: string, text: string, index = 0): AppEvent => ({
  type: 'session-events',
  id,
  events: [{ kind: 'block-delta', messageId: 'm', index, text }],
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the event batcher', () => {
  it('delivers at most 60 batches a second under a steady stream of 600 events a second', () => {
    const times: number[] = [];
    const b = new EventBatcher(
      () => times.push(Date.now()),
      FRAME_MS,
      () => Date.now(),
    );
    for (let t = 0; t < 5000; t++) {
      // 3 sessions x 200 deltas/s is one event every ~1.67 ms; push one each ms for 5 s.
      b.push(delta(`s${t % 3}`, 'x'));
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(100);
    for (let w = 0; w + 1000 <= 5000; w += 250) {
      const inWindow = times.filter((t) => t >= w && t < w + 1000).length;
      expect(inWindow).toBeLessThanOrEqual(60);
    }
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(Math.floor(FRAME_MS));
  });

  it('joins consecutive deltas of one block and keeps sessions apart', () => {
    const batches: AppEvent[][] = [];
    const b = new EventBatcher((x) => batches.push(x));
    b.push(delta('a', 'Hel'));
    b.push(delta('a', 'lo'));
    b.push(delta('b', '!'));
    b.push(delta('b', '?', 1));
    b.flush();
    expect(batches).toEqual([
      [
        { type: 'session-events', id: 'a', events: [{ kind: 'block-delta', messageId: 'm', index: 0, text: 'Hello' }] },
        {
          type: 'session-events',
          id: 'b',
          events: [
            { kind: 'block-delta', messageId: 'm', index: 0, text: '!' },
            { kind: 'block-delta', messageId: 'm', index: 1, text: '?' },
          ],
        },
      ],
    ]);
  });

  it('sends a lone event after a quiet spell without waiting a frame', () => {
    const batches: AppEvent[][] = [];
    const b = new EventBatcher(
      (x) => batches.push(x),
      FRAME_MS,
      () => Date.now(),
    );
    vi.advanceTimersByTime(1000);
    b.push(delta('a', 'x'));
    vi.advanceTimersByTime(0);
    expect(batches).toHaveLength(1);
  });

  it('loses nothing: every delta arrives, in order', () => {
    let text = '';
    const b = new EventBatcher((batch) => {
      for (const ev of batch) if (ev.type === 'session-events') for (const e of ev.events) if (e.kind === 'block-delta') text += e.text;
    });
    let expected = '';
    for (let i = 0; i < 1000; i++) {
      b.push(delta('a', String(i % 10)));
      expected += String(i % 10);
      if (i % 37 === 0) vi.advanceTimersByTime(20);
    }
    vi.advanceTimersByTime(50);
    expect(text).toBe(expected);
    expect(b.pending).toBe(0);
  });
});

describe('the event batcher with sessions streaming at once', () => {
  it('joins each session’s deltas within a frame even when their pushes interleave', () => {
    const batches: AppEvent[][] = [];
    const b = new EventBatcher((x) => batches.push(x));
    for (const t of ['a', 'b', 'c']) for (const id of ['s1', 's2', 's3']) b.push(delta(id, `${id}${t} `));
    b.flush();
    expect(batches).toEqual([
      ['s1', 's2', 's3'].map((id) => ({
        type: 'session-events',
        id,
        events: [{ kind: 'block-delta', messageId: 'm', index: 0, text: `${id}a ${id}b ${id}c ` }],
      })),
    ]);
  });

  it('keeps a session’s creation and closing in order with its events', () => {
    const batches: AppEvent[][] = [];
    const b = new EventBatcher((x) => batches.push(x));
    b.push(delta('s1', 'before '));
    b.push({ type: 'session-closed', id: 's1' });
    b.push(delta('s1', 'after'));
    b.flush();
    expect(batches[0]!.map((e) => e.type)).toEqual(['session-events', 'session-closed', 'session-events']);
  });

  it('never changes the events it was given', () => {
    const first = delta('s1', 'one ');
    const second = delta('s1', 'two');
    const b = new EventBatcher(() => {});
    b.push(first);
    b.push(second);
    b.flush();
    expect(first).toEqual(delta('s1', 'one '));
    expect(second).toEqual(delta('s1', 'two'));
  });
});
