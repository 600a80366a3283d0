import { describe, expect, it } from 'vitest';
import { LineFramer } from '../../../electron/core/protocol/line-framer';

const b = (s: string) => Buffer.from(s, 'utf8');

describe('LineFramer', () => {
  it('yields complete lines and holds the rest', () => {
    const f = new LineFramer();
    expect(f.push(b('{"a":1}\n{"b"'))).toEqual(['{"a":1}']);
    expect(f.pending).toBe(4);
    expect(f.push(b(':2}\n'))).toEqual(['{"b":2}']);
    expect(f.pending).toBe(0);
  });

  it('joins a line split over many chunks', () => {
    const f = new LineFramer();
    const line = JSON.stringify({ text: 'x'.repeat(1000) });
    const out: string[] = [];
    for (let i = 0; i < line.length; i += 7) out.push(...f.push(b(line.slice(i, i + 7))));
    out.push(...f.push(b('\n')));
    expect(out).toEqual([line]);
  });

  it('reassembles a UTF-8 character split across chunks', () => {
    const f = new LineFramer();
    const bytes = b('{"t":"héllo 🍌"}\n');
    const cut = bytes.indexOf(0xf0) + 2; // inside the 4-byte banana
    expect(f.push(bytes.subarray(0, cut))).toEqual([]);
    expect(f.push(bytes.subarray(cut))).toEqual(['{"t":"héllo 🍌"}']);
  });

  it('strips CR of CRLF line endings', () => {
    const f = new LineFramer();
    expect(f.push(b('{"a":1}\r\n{"b":2}\r\n'))).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('emits a final line without a newline at end of stream', () => {
    const f = new LineFramer();
    expect(f.push(b('{"a":1}\n{"last":true}'))).toEqual(['{"a":1}']);
    expect(f.end()).toEqual(['{"last":true}']);
    expect(f.end()).toEqual([]);
  });

  it('does not split on U+2028 or U+2029 inside a string', () => {
    const f = new LineFramer();
    const line = '{"t":"a\u2028b\u2029c"}';
    expect(f.push(b(line + '\n'))).toEqual([line]);
    expect(JSON.parse(f.push(b(line + '\n'))[0] ?? '{}').t).toBe('a\u2028b\u2029c');
  });

  it('skips empty lines', () => {
    const f = new LineFramer();
    expect(f.push(b('\n\r\n{"a":1}\n\n'))).toEqual(['{"a":1}']);
  });

  it('drops a line past the cap, reports its size and recovers on the next line', () => {
    const sizes: number[] = [];
    const f = new LineFramer({ maxLineBytes: 100, onOversize: (n) => sizes.push(n) });
    expect(f.push(b('{"x":"' + 'y'.repeat(60)))).toEqual([]);
    expect(f.push(b('y'.repeat(60)))).toEqual([]);
    expect(f.pending).toBe(0); // memory released while discarding
    expect(f.push(b('y'.repeat(60) + '"}\n{"ok":1}\n'))).toEqual(['{"ok":1}']);
    expect(sizes).toEqual([6 + 180 + 2]);
  });

  it('keeps a line exactly at the cap', () => {
    const f = new LineFramer({ maxLineBytes: 10 });
    expect(f.push(b('0123456789\n'))).toEqual(['0123456789']);
  });

  it('handles a 50 MB line fed in 64 KiB chunks', () => {
    const f = new LineFramer();
    const big = Buffer.alloc(50 * 1024 * 1024, 0x61);
    const out: string[] = [];
    for (let i = 0; i < big.length; i += 65536) out.push(...f.push(big.subarray(i, i + 65536)));
    out.push(...f.push(b('\n')));
    expect(out).toHaveLength(1);
    expect(out[0]?.length).toBe(big.length);
  });

  it('does not keep a reference to a reused chunk buffer', () => {
    const f = new LineFramer();
    const chunk = b('abc');
    f.push(chunk);
    chunk.fill(0x7a);
    expect(f.push(b('\n'))).toEqual(['abc']);
  });
});
