// A tool's output repeated in its structured result is kept once (C6: retained heap).
import { describe, expect, it } from 'vitest';
import { shareRepeatedOutput } from '../../../electron/core/session';

describe('shareRepeatedOutput', () => {
  it('points an equal copy at the content, leaves different or short strings alone', () => {
    const content = 'line of output\n'.repeat(200);
    const copy = JSON.parse(JSON.stringify(content)) as string;
    const e = { kind: 'tool-result' as const, toolUseId: 't', content, isError: false, structured: { stdout: copy, stderr: '', other: 'x'.repeat(3000) } };
    shareRepeatedOutput(e);
    expect(e.structured.stdout).toBe(content);
    expect(e.structured.other).toBe('x'.repeat(3000));
    expect(e.structured.stderr).toBe('');
    const short = { kind: 'tool-result' as const, toolUseId: 't', content: 'hi', isError: false, structured: { stdout: 'hi' } };
    shareRepeatedOutput(short);
    expect(short.structured).toEqual({ stdout: 'hi' });
    const none = { kind: 'tool-result' as const, toolUseId: 't', content, isError: false, structured: [content] };
    shareRepeatedOutput(none);
    expect(none.structured).toEqual([content]);
  });
});
