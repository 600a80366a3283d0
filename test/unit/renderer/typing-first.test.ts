// While someone types, a streaming reply beside the box is redrawn in steps and never in the
// frame just after a key; it is never held back for long.
import { describe, expect, it } from 'vitest';
import { mayDrawStreaming } from '../../../renderer/src/lib/typing-first';

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
