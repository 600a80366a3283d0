import { describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES, parseClientFrame } from '../../../electron/web/wire';
import { MAX_FRAME_BYTES as CLIENT_MAX } from '../../../renderer/src/api/web-wire';

describe('browser host frames', () => {
  it('client and server agree on the frame cap', () => {
    expect(CLIENT_MAX).toBe(MAX_FRAME_BYTES);
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
