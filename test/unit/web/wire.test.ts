import { describe, expect, it } from 'vitest';
import { ACCESS_PATH, MAX_FRAME_BYTES, parseClientFrame, socketProtocols, TOKEN_PROTOCOL_PREFIX, WS_PATH, WS_PROTOCOL } from '../../../shared/web-wire';
import { contractFor } from '../../../shared/ipc';
import { base64Length, MAX_IMAGE_BYTES, MAX_MESSAGE_IMAGE_BYTES, MAX_PROMPT_CHARS } from '../../../shared/message-limits';

describe('browser host frames', () => {
  it('the page offers the protocol first and its token second', () => {
    expect(socketProtocols('abc')).toEqual([WS_PROTOCOL, `${TOKEN_PROTOCOL_PREFIX}abc`]);
    expect([WS_PATH, ACCESS_PATH]).toEqual(['/ws', '/access']);
  });

  it('the frame cap is the named number, and the largest message the composer can make fits under it', () => {
    expect(MAX_FRAME_BYTES).toBe(67_989_592);
    // Everything the composer allows at once: 40 MB of images (as two 20 MB files), 2,000,000
    // characters of text that JSON escapes at 6 bytes each, the longest ids.
    const image = { mediaType: 'image/webp', data: 'A'.repeat(base64Length(MAX_IMAGE_BYTES)) };
    const input = { id: 'x'.repeat(200), text: '\u0001'.repeat(MAX_PROMPT_CHARS), images: [image, image], queue: false };
    expect(2 * MAX_IMAGE_BYTES).toBe(MAX_MESSAGE_IMAGE_BYTES);
    expect(contractFor('session:send')!.input.safeParse(input).success).toBe(true);
    const frame = JSON.stringify({ type: 'call', id: Number.MAX_SAFE_INTEGER, channel: 'session:send', input });
    const bytes = Buffer.byteLength(frame, 'utf8');
    expect(bytes).toBeLessThanOrEqual(MAX_FRAME_BYTES);
    // ...and the cap is not much more than that: a few KiB of slack, not megabytes.
    expect(MAX_FRAME_BYTES - bytes).toBeLessThan(64 * 1024);
  });

  it('accept a call with a numeric or string id', () => {
    expect(parseClientFrame(JSON.stringify({ type: 'call', id: 7, channel: 'app:snapshot', input: {} }))).toEqual({
      ok: true,
      frame: { type: 'call', id: 7, channel: 'app:snapshot', input: {} },
    });
    expect(parseClientFrame(JSON.stringify({ type: 'call', id: 'a', channel: 'x:y' }))).toMatchObject({ ok: true });
  });

  it('reject non-JSON without an id to answer', () => {
    expect(parseClientFrame('{nope')).toEqual({ ok: false, kind: 'not JSON', reason: 'not JSON (5 chars)' });
    expect(parseClientFrame('null')).not.toHaveProperty('id');
  });

  it('keep the id of a malformed call so it can still be answered', () => {
    const r = parseClientFrame(JSON.stringify({ type: 'call', id: 3, channel: 42 }));
    expect(r).toMatchObject({ ok: false, id: 3, reason: expect.stringContaining('channel') });
    expect(parseClientFrame(JSON.stringify({ type: 'cast', id: 4, channel: 'app:snapshot' }))).toMatchObject({ ok: false, id: 4 });
    expect(parseClientFrame(JSON.stringify({ type: 'call', id: -1, channel: 'a:b' }))).not.toHaveProperty('id');
  });
});
