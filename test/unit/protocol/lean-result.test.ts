// An Edit's (or an overwriting Write's) structured result carries the whole file as it was before
// (originalFile) beside the patch. The window draws the patch; the file before is kept only when
// there is no patch to draw, so a session of many edits to a large file does not hold a copy of
// that file per edit in the host and in every window. A Read's carries what it read a second time
// (or an image's bytes as base64), which no window draws: only its path and line counts are kept.
import { describe, expect, it } from 'vitest';
import { WireNormalizer } from '../../../electron/core/protocol/normalize';
import type { WireOf } from '../../../electron/core/protocol/wire';
import type { SessionEvent } from '../../../shared/events';
import { hasFastProperties } from '../../support/v8-natives';

const big = 'const line = 1;\n'.repeat(5000);
const patch = [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-const line = 1;', '+const line = 2;'] }];

function toolResult(structured: unknown): WireOf<'user'> {
  return {
    type: 'user',
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'The file has been updated.' }] },
    parent_tool_use_id: null,
    tool_use_result: structured,
  } as WireOf<'user'>;
}

function structuredOf(events: readonly SessionEvent[]): unknown {
  const e = events.find((x) => x.kind === 'tool-result');
  return e?.kind === 'tool-result' ? e.structured : undefined;
}

describe('tool results', () => {
  it('drop the file before an edit when there is a patch to show', () => {
    const s = {
      filePath: '/r/a.ts',
      oldString: 'const line = 1;',
      newString: 'const line = 2;',
      originalFile: big,
      structuredPatch: patch,
      userModified: false,
    };
    const out = structuredOf(new WireNormalizer().user(toolResult(s))) as Record<string, unknown>;
    expect(out).toEqual({ filePath: '/r/a.ts', oldString: 'const line = 1;', newString: 'const line = 2;', structuredPatch: patch, userModified: false });
    // The CLI's own object is left as it was; the one kept is a plain object, not a hash table.
    expect(s.originalFile).toBe(big);
    expect(hasFastProperties(out)).toBe(true);
  });

  it('keep it when there is no patch (an overwriting Write is drawn from it)', () => {
    const s = { type: 'update', filePath: '/r/a.ts', content: 'new', originalFile: big, structuredPatch: [] };
    expect(structuredOf(new WireNormalizer().user(toolResult(s)))).toEqual(s);
  });

  it('keep the path and line counts of a text Read, not its text again', () => {
    const s = { type: 'text', file: { filePath: '/r/a.ts', content: big, numLines: 5000, startLine: 1, totalLines: 5000 } };
    const out = structuredOf(new WireNormalizer().user(toolResult(s))) as Record<string, unknown>;
    expect(out).toEqual({ type: 'text', file: { filePath: '/r/a.ts', numLines: 5000, startLine: 1, totalLines: 5000 } });
    expect(s.file.content).toBe(big);
    expect(hasFastProperties(out)).toBe(true);
    expect(hasFastProperties(out.file as object)).toBe(true);
  });

  it('keep the kind and size of an image Read, not its bytes', () => {
    const base64 = 'iVBORw0KGgo'.repeat(10_000);
    const s = { type: 'image', file: { base64, type: 'image/png', originalSize: 82_000 } };
    expect(structuredOf(new WireNormalizer().user(toolResult(s)))).toEqual({ type: 'image', file: { type: 'image/png', originalSize: 82_000 } });
  });

  it('pass other results through', () => {
    const s = { stdout: 'ok', stderr: '', interrupted: false };
    expect(structuredOf(new WireNormalizer().user(toolResult(s)))).toEqual(s);
    // A notebook's cells are its own; a file record without a copy of the text is left alone.
    const notebook = { type: 'notebook', file: { filePath: '/r/n.ipynb', cells: [{ cell_type: 'code', source: 'x = 1' }] } };
    expect(structuredOf(new WireNormalizer().user(toolResult(notebook)))).toBe(notebook);
    expect(structuredOf(new WireNormalizer().user(toolResult(undefined)))).toBeUndefined();
  });
});
