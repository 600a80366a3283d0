// While someone types, a streaming reply beside the box is redrawn in steps and never in the
// frame just after a key; it is never held back for long.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawStreamingNow, frameAfterTyping, mayDrawStreaming, noteTyping } from '../../../renderer/src/lib/typing-first';

const NEVER = Number.NEGATIVE_INFINITY;

describe('mayDrawStreaming', () => {
  it('draws every frame when nobody types', () => {
    expect(mayDrawStreaming(1000, NEVER, 990)).toBe(true);
    // The last key was over half a second ago: typing has stopped.
    expect(mayDrawStreaming(1000, 400, 995)).toBe(true);
  });

  it('never draws in the frame just after a key', () => {
    expect(mayDrawStreaming(1000, 995, 940)).toBe(false);
    expect(mayDrawStreaming(1000, 983, 940)).toBe(true);
  });

  it('draws at most every 50 ms while typing', () => {
    expect(mayDrawStreaming(1000, 900, 960)).toBe(false);
    expect(mayDrawStreaming(1000, 900, 950)).toBe(true);
  });

  it('a key every frame still lets the reply move every 100 ms', () => {
    expect(mayDrawStreaming(1000, 999, 950)).toBe(false);
    expect(mayDrawStreaming(1000, 999, 900)).toBe(true);
  });
});

describe('frameAfterTyping', () => {
  // A hand-driven clock and frame loop: each frame runs the callbacks asked for before it.
  let now = 0;
  let queue: Array<(t: number) => void> = [];
  const frame = () => {
    now += 1000 / 60;
    const due = queue;
    queue = [];
    for (const f of due) f(now);
  };
  beforeEach(() => {
    now = 10_000;
    queue = [];
    vi.stubGlobal('requestAnimationFrame', (f: (t: number) => void) => queue.push(f));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    vi.spyOn(performance, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('draws in the next frame when nobody types', () => {
    const drawn: string[] = [];
    frameAfterTyping(() => drawn.push('a'));
    frame();
    expect(drawn).toEqual(['a']);
  });

  it('two replies streaming at once draw in the same frame while a key arrives every frame, within 100 ms', () => {
    let frames = 0;
    const drawnAt: Record<string, number> = {};
    frameAfterTyping(() => (drawnAt.a = frames));
    frameAfterTyping(() => (drawnAt.b = frames));
    while (Object.keys(drawnAt).length < 2 && frames < 30) {
      noteTyping();
      frames++;
      frame();
    }
    expect(drawnAt.a).toBeDefined();
    expect(drawnAt.a).toBe(drawnAt.b);
    expect(drawnAt.a! * (1000 / 60)).toBeLessThanOrEqual(120);
    // The next pair, asked for right after, waits its turn again rather than drawing at once.
    const next: string[] = [];
    frameAfterTyping(() => next.push('a'));
    noteTyping();
    frame();
    expect(next).toEqual([]);
  });

  it('while nobody types, a batch is drawn as it arrives, at most once a frame', () => {
    now += 1000;
    expect(drawStreamingNow()).toBe(true);
    // A second batch within the same frame waits for the frame.
    now += 5;
    expect(drawStreamingNow()).toBe(false);
    now += 1000 / 60;
    expect(drawStreamingNow()).toBe(true);
  });

  it('never draws as it arrives while someone types: the frame loop decides', () => {
    now += 1000;
    noteTyping();
    now += 40;
    expect(drawStreamingNow()).toBe(false);
    now += 600;
    expect(drawStreamingNow()).toBe(true);
  });
});
