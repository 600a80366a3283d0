// An Edit's (or an overwriting Write's) structured result carries the whole file as it was before
// (originalFile) beside the patch. The window draws the patch; the file before is kept only when
// there is no patch to draw, so a session of many edits to a large file does not hold a copy of
// that file per edit in the host and in every window.
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

  it('pass other results through', () => {
    const s = { stdout: 'ok', stderr: '', interrupted: false };
    expect(structuredOf(new WireNormalizer().user(toolResult(s)))).toEqual(s);
    expect(structuredOf(new WireNormalizer().user(toolResult(undefined)))).toBeUndefined();
  });
});
