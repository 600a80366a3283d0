import { describe, expect, it } from 'vitest';
import { splitMarkdown } from '../../../renderer/src/lib/transcript/markdown-chunks';

const para = (n: number) => `Paragraph ${n} `.repeat(20).trim();

describe('splitMarkdown', () => {
  it('splits at blank lines between top-level blocks', () => {
    const text = [para(1), '', para(2), '', '## Heading', '', para(3)].join('\n');
    expect(splitMarkdown(text)).toEqual([para(1), para(2), '## Heading', para(3)]);
  });

  it('never splits inside a code fence', () => {
    const code = '```ts\nconst a = 1;\n\nconst b = 2;\n```';
    const text = [para(1), '', code, '', para(2)].join('\n');
    expect(splitMarkdown(text)).toEqual([para(1), code, para(2)]);
  });

  it('keeps list items and indented continuations together', () => {
    const list = '- one\n\n- two\n\n    indented continuation';
    const text = [para(1), '', list].join('\n');
    expect(splitMarkdown(text)).toEqual([para(1), list]);
  });

  it('keeps text with reference links or footnotes whole', () => {
    const text = [para(1), '', 'See [the docs][d].', '', '[d]: https://example.com'].join('\n');
    expect(splitMarkdown(text)).toEqual([text]);
  });

  it('keeps earlier chunks identical while text streams in (so they need no re-render)', () => {
    const full = [para(1), '', para(2), '', para(3)].join('\n');
    let previous: string[] = [];
    for (let end = 1; end <= full.length; end += 7) {
      const chunks = splitMarkdown(full.slice(0, end));
      for (let i = 0; i < previous.length - 1; i++) expect(chunks[i]).toBe(previous[i]);
      previous = chunks;
    }
  });
});
