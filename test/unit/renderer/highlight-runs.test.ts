import hljs from 'highlight.js/lib/common';
import { describe, expect, it } from 'vitest';
import { linesFromRuns, runsFromHtml } from '../../../renderer/src/lib/transcript/highlight-runs';
import { indexLines, lineAt, lineIndexer, lineText } from '../../../renderer/src/lib/transcript/line-index';
import { cpuTime } from '../../support/cpu-time';

describe('runsFromHtml', () => {
  it('turns highlight.js output into runs over the original code, never markup', () => {
    const code = "const a = '<b>&amp;</b>'; // x\nlet b = 2;";
    const html = hljs.highlight(code, { language: 'typescript' }).value;
    const runs = runsFromHtml(html, code);
    expect(runs).toBeDefined();
    const lines = linesFromRuns(code, runs!);
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.map((s) => s.text).join(''))).toEqual(code.split('\n'));
    expect(lines[0]?.find((s) => s.text === 'const')?.cls).toBe('hljs-keyword');
    expect(lines[0]?.find((s) => s.text.includes('<b>'))?.cls).toBe('hljs-string');
  });
  it('refuses markup it does not expect, or text that differs from the code', () => {
    expect(runsFromHtml('<img src=x>', '<img src=x>')).toBeUndefined();
    expect(runsFromHtml('<span class="hljs-keyword">const</span>', 'let')).toBeUndefined();
    expect(runsFromHtml('<span class="a">x', 'x')).toBeUndefined();
  });
  it('keeps class names to safe characters', () => {
    const r = runsFromHtml('<span class="hljs-title function_ x&quot;y">f</span>', 'f');
    expect(r?.classes).toContain('hljs-title function_ xquoty');
  });
});

describe('line index', () => {
  it('indexes lines a slice at a time and cuts very long lines', () => {
    const text = `a\n${'x'.repeat(5000)}\nb`;
    const ix = lineIndexer(text, 2000);
    let steps = 0;
    while (!ix.step(1000)) steps++;
    const index = ix.result();
    expect(steps).toBeGreaterThan(2);
    expect(index.count).toBe(5);
    expect(lineText(text, index, 0)).toBe('a');
    expect(lineText(text, index, 1)).toHaveLength(2000);
    expect(lineText(text, index, 4)).toBe('b');
    expect(lineAt(index, text.length - 1)).toBe(4);
  });
  it('never cuts a long line between the halves of an astral character', () => {
    const text = `${'x'.repeat(1999)}${'😀'.repeat(2000)}`;
    const index = indexLines(text, 2000);
    for (let i = 0; i < index.count; i++) expect(lineText(text, index, i)).not.toMatch(/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/);
    expect(lineText(text, index, 0)).toBe('x'.repeat(1999));
  });
  it('indexes one 4 MB line once, not once per cut', async () => {
    const text = 'y'.repeat(4_000_000);
    const { value: index, ms } = await cpuTime(() => indexLines(text, 2000));
    expect(ms).toBeLessThan(500);
    expect(index.count).toBe(2000);
  });
});
