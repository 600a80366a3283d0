import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { visibleNodes } from '../../../renderer/src/components/common/visible-text';

type Node = string | ReactElement<{ className: string; title: string; children: string }>;

describe('visibleNodes', () => {
  it('hands clean text back as the same string', () => {
    const text = 'npm test ⚠️ done';
    expect(visibleNodes(text)).toBe(text);
  });

  it('puts each hidden character in a titled marker element, the text between as strings', () => {
    const nodes = visibleNodes('a\u202Eb\u200Bc') as Node[];
    expect(nodes.map((n) => (isValidElement(n) ? `[${n.props.children}|${n.props.title}|${n.props.className}]` : n))).toEqual([
      'a',
      '[⟨U+202E⟩|RIGHT-TO-LEFT OVERRIDE|invisible-char]',
      'b',
      '[⟨U+200B⟩|ZERO WIDTH SPACE|invisible-char]',
      'c',
    ]);
  });

  it('past the limit, shows the remaining markers as plain text rather than one element each', () => {
    const nodes = visibleNodes('x\u200B'.repeat(50), 8) as Node[];
    expect(nodes.filter(isValidElement)).toHaveLength(8);
    const tail = nodes.at(-1);
    expect(tail).toBe(`${'x⟨U+200B⟩'.repeat(42)}`);
    expect(nodes.map((n) => (isValidElement(n) ? n.props.children : n)).join('')).toBe('x⟨U+200B⟩'.repeat(50));
  });
});
