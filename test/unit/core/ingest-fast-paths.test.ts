// The ingest fast paths (whole-chunk decoding in the line framer, the large-line decoders, the
// hand-written stream_event/system checks) must give exactly what the straightforward way
// gives: the same lines, the same strings, the same accept/reject decisions.
import { describe, expect, it } from 'vitest';
import { decodeLine } from '../../../electron/core/protocol/decode';
import { LineFramer, decodeUtf8 } from '../../../electron/core/protocol/line-framer';
import { wireSchemas } from '../../../electron/core/protocol/wire';

/** A deterministic pseudo-random generator, so a failure can be replayed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const PIECES = ['a', 'Z', ' ', '{"k":"v"}', '\u00e9', '\u2713', '\u{1F34C}', '\u2028', '\r', '\\', '"', '\t', '\u65e5'];

function naiveLines(bytes: Buffer, max = Infinity): { lines: string[]; oversize: number[] } {
  const lines: string[] = [];
  const oversize: number[] = [];
  let start = 0;
  for (;;) {
    const nl = bytes.indexOf(0x0a, start);
    const end = nl === -1 ? bytes.length : nl;
    let line = bytes.subarray(start, end);
    if (line.length > max) oversize.push(line.length);
    else {
      if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
      if (line.length > 0) lines.push(line.toString('utf8'));
    }
    if (nl === -1) break;
    start = nl + 1;
  }
  return { lines, oversize };
}

describe('the line framer', () => {
  it('gives the same lines as splitting the whole stream, for random text cut at random places', () => {
    const next = rng(42);
    for (let round = 0; round < 300; round++) {
      let text = '';
      const n = Math.floor(next() * 60);
      for (let i = 0; i < n; i++) text += next() < 0.15 ? '\n' : (PIECES[Math.floor(next() * PIECES.length)] as string).repeat(1 + Math.floor(next() * 4));
      const bytes = Buffer.from(text, 'utf8');
      const max = next() < 0.3 ? 1 + Math.floor(next() * 20) : undefined;
      const sizes: number[] = [];
      const f = new LineFramer({ maxLineBytes: max, onOversize: (b) => sizes.push(b) });
      const out: string[] = [];
      for (let i = 0; i < bytes.length;) {
        const len = 1 + Math.floor(next() * 9);
        out.push(...f.push(bytes.subarray(i, i + len)));
        i += len;
      }
      out.push(...f.end());
      const want = naiveLines(bytes, max);
      expect(out, `round ${round}: ${JSON.stringify(text)}`).toEqual(want.lines);
      expect(sizes.length, `round ${round}`).toBe(want.oversize.length);
    }
  });

  it('decodes a line spread over thousands of small chunks, copying the small pieces it keeps', () => {
    const line = `{"t":"${'\u2713 ok\\n'.repeat(40_000)}"}`;
    const bytes = Buffer.from(`${line}\n`);
    const f = new LineFramer();
    const out: string[] = [];
    for (let i = 0; i < bytes.length; i += 1000) {
      const chunk = Buffer.from(bytes.subarray(i, i + 1000));
      out.push(...f.push(chunk));
      chunk.fill(0x7a); // the caller reusing its buffer must not change what was kept
    }
    expect(out).toEqual([line]);
  });
});

describe('decodeUtf8', () => {
  const big = (s: string) => Buffer.from(s.repeat(Math.ceil(100_000 / s.length)));

  it('matches Buffer#toString for large ASCII, large non-ASCII and small input', () => {
    for (const b of [big('plain ascii text\n'), big('check \u2713 arrow \u2192 e\u0301 \u{1F34C}\n'), big('caf\u00e9\n'), Buffer.from('small \u2713')]) {
      expect(decodeUtf8(b)).toBe(b.toString('utf8'));
    }
  });

  it('replaces malformed UTF-8 exactly like Buffer#toString', () => {
    const bad = Buffer.concat([big('ok \u2713 '), Buffer.from([0xe2, 0x9c, 0x61, 0xff, 0xc3]), big('tail')]);
    expect(decodeUtf8(bad)).toBe(bad.toString('utf8'));
  });
});

describe('decodeLine fast paths', () => {
  const cases: unknown[] = [
    { type: 'stream_event', event: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'hi' } }, parent_tool_use_id: null },
    { type: 'stream_event', event: { type: 'message_stop' }, parent_tool_use_id: 'toolu_1', uuid: 'u' },
    { type: 'stream_event', event: { type: 'ping' } },
    { type: 'stream_event', event: { type: 3 } },
    { type: 'stream_event', event: [] },
    { type: 'stream_event', event: null },
    { type: 'stream_event' },
    { type: 'stream_event', event: { type: 'x' }, parent_tool_use_id: 7 },
    { type: 'system', subtype: 'status', status: 'requesting', session_id: 's', uuid: 'u' },
    { type: 'system', subtype: 'thinking_tokens' },
    { type: 'system' },
    { type: 'system', subtype: 1 },
    { type: 'system', subtype: 'init', session_id: 5 },
    { type: 'system', subtype: 'init', uuid: null },
  ];

  it('accepts and rejects exactly what the zod schemas do, and passes every field through', () => {
    for (const c of cases) {
      const d = decodeLine(JSON.stringify(c));
      const type = (c as { type: 'stream_event' | 'system' }).type;
      const zod = wireSchemas[type].safeParse(c);
      expect(d.kind, JSON.stringify(c)).toBe(zod.success ? 'message' : 'invalid');
      if (d.kind === 'message' && zod.success) expect(d.message).toEqual(zod.data);
    }
  });

  it('still treats leading whitespace and non-JSON as before', () => {
    expect(decodeLine('  {"type":"system","subtype":"status"}').kind).toBe('message');
    expect(decodeLine('Warning: x').kind).toBe('noise');
  });
});
