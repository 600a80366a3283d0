import { describe, expect, it } from 'vitest';
import { fenceOnly, splitGrowing, splitMarkdown, splitWithOffsets } from '../../../renderer/src/lib/transcript/markdown-chunks';

const reply = [
  'Intro paragraph that is long enough to be split from the rest of the reply, which keeps going for a while, and then goes on a little longer still so that the whole reply is well past the length where splitting starts.',
  '- one\n- two\n\n- three',
  '```ts\nconst a = 1;\n\nconst b = 2;\n```',
  'Closing words.',
].join('\n\n');

describe('splitting a streaming reply', () => {
  it('gives the same chunks as a whole split, whatever the steps it grew in', () => {
    const whole = splitMarkdown(reply);
    expect(whole).toHaveLength(4);
    for (const step of [1, 7, 40]) {
      let state = splitGrowing(undefined, '');
      for (let at = step; at < reply.length + step; at += step) state = splitGrowing(state, reply.slice(0, at));
      expect([...state.settled, state.last]).toEqual(whole);
    }
  });
  it('keeps the settled chunks as the same array while only the last one grows', () => {
    const a = splitGrowing(undefined, reply);
    const b = splitGrowing(a, `${reply} More.`);
    expect(b.settled).toBe(a.settled);
    expect(b.last).toBe('Closing words. More.');
    // A change anywhere but the end starts over.
    expect(splitGrowing(b, `X${reply}`).settled[0]?.startsWith('X')).toBe(true);
  });
  it('knows where each chunk starts', () => {
    const { chunks, starts } = splitWithOffsets(reply);
    chunks.forEach((c, i) => expect(reply.slice(starts[i] ?? 0).startsWith(c)).toBe(true));
  });
});

describe('fenceOnly', () => {
  it('recognises a chunk that is exactly one fenced block', () => {
    expect(fenceOnly('```ts\nconst a = 1;\n\nconst b = 2;\n```')).toEqual({ code: 'const a = 1;\n\nconst b = 2;', lang: 'ts' });
    expect(fenceOnly('~~~~\n```\nnot a close\n~~~~')).toEqual({ code: '```\nnot a close', lang: undefined });
    expect(fenceOnly('  ```py\n  x = 1\n  ```')).toEqual({ code: 'x = 1', lang: 'py' });
  });
  it('leaves anything else to the markdown parser', () => {
    expect(fenceOnly('```ts\nstill open')).toBeUndefined();
    expect(fenceOnly('```\na\n```\ntext\n```\nb\n```')).toBeUndefined();
    expect(fenceOnly('text\n```\na\n```')).toBeUndefined();
    expect(fenceOnly('```js" onmouseover="x\ncode\n```')).toEqual({ code: 'code', lang: undefined });
  });
});
