// The browser host under abuse, against reality (a real SessionHost over the pinned CLI):
// how many sockets get in, how large a frame may be, and how much a flood of refused
// requests may write to the log.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_FRAME_BYTES } from '../../shared/web-wire';
import { socketProtocols } from '../../shared/web-wire';
import { waitFor } from '../support/wait';
import { bearer, openSocket, request, webServerHarness } from '../support/web-server';

const harness = webServerHarness();
const { logs, start, connectClient } = harness;
afterEach(() => harness.cleanup());

/** A hand-made client: the handshake with the token, then whatever bytes a test writes. */
async function rawSocket(port: number, token: string): Promise<{ socket: net.Socket; received: () => Buffer }> {
  const socket = net.connect(port, '127.0.0.1');
  let data = Buffer.alloc(0);
  socket.on('data', (d: Buffer) => (data = Buffer.concat([data, d])));
  socket.on('error', () => {});
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      'GET /ws HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      `Authorization: Bearer ${token}`,
      '',
      '',
    ].join('\r\n'),
  );
  await waitFor(() => data.includes('\r\n\r\n'), 'the handshake answer');
  expect(data.toString('latin1')).toMatch(/^HTTP\/1\.1 101 /);
  const headerEnd = data.indexOf('\r\n\r\n') + 4;
  return { socket, received: () => data.subarray(headerEnd) };
}

/** The header of a masked text frame of `length` bytes, with an all-zero mask (payload as is). */
function frameHeader(length: number): Buffer {
  const h = Buffer.alloc(14);
  h[0] = 0x81;
  h[1] = 0x80 | 127;
  h.writeBigUInt64BE(BigInt(length), 2);
  return h; // bytes 10..13: the mask key, zero
}

describe('the browser host under abuse', () => {
  it('lets at most maxConnections authenticated sockets in; the next is refused with 503 and /access says why', async () => {
    const { server: s } = await start([], { maxConnections: 2, logIntervalMs: 100 });
    const ws = `ws://127.0.0.1:${s.port}/ws`;
    // Refused handshakes take no room.
    for (let i = 0; i < 5; i++) expect(await openSocket(ws)).toEqual({ refused: 403 });
    const a = await openSocket(ws, bearer(s));
    const b = await openSocket(ws, { origin: s.origin }, socketProtocols(s.token));
    await waitFor(() => s.clients() === 2, 'two sockets');
    expect(await openSocket(ws, bearer(s))).toEqual({ refused: 503 });
    const access = await request(s.port, '/access', bearer(s));
    expect(access.status).toBe(503);
    expect(access.body).toContain('Too many windows are connected to this clide host (2 at most)');
    // (Counted into the rate-limited summary, after the refusals above.)
    await waitFor(() => logs.some((l) => /: .*too many connections \(1\)/.test(l)), 'the refusal in the log');
    expect(s.clients()).toBe(2);

    a.ws!.close();
    await waitFor(() => s.clients() === 1, 'one socket left');
    expect((await request(s.port, '/access', bearer(s))).status).toBe(204);
    const c = await openSocket(ws, bearer(s));
    expect(c.ws?.readyState).toBe(WebSocket.OPEN);
    b.ws!.close();
    c.ws!.close();
  });

  it('logs a flood of refused requests as a few summary lines with counts, not a line each', async () => {
    const { server: s } = await start([], { logIntervalMs: 1000 });
    const ws = `ws://127.0.0.1:${s.port}/ws`;
    const attempts: Array<Promise<unknown>> = [];
    for (let i = 0; i < 150; i++) {
      attempts.push(openSocket(ws));
      attempts.push(openSocket(ws, { origin: 'http://attacker.example' }, socketProtocols(s.token)));
      attempts.push(request(s.port, '/access', { authorization: 'Bearer wrong' }));
    }
    await Promise.all(attempts);
    const counted = () =>
      logs.reduce((sum, l) => {
        const m = /^refused ([\d,]+) requests? in the last 1 s: /.exec(l);
        return sum + (m ? Number(m[1]!.replace(/,/g, '')) : l.startsWith('refused ') ? 1 : 0);
      }, 0);
    await waitFor(() => counted() === 450, 'every refusal counted', 20_000);
    expect(logs.length).toBeLessThan(20);
    expect(logs.find((l) => /^refused \d[\d,]* requests in the last 1 s: /.test(l))).toMatch(/no token \(\d+\)|wrong origin \(\d+\)|wrong token \(\d+\)/);
  });

  it('closes only the socket that sends an oversized frame', async () => {
    const { server: s } = await start([], { maxFrameBytes: 4096 });
    const { api } = connectClient(s);
    expect(await api.app.checkClaude({})).toMatchObject({ ok: true });
    const raw = (await openSocket(`ws://127.0.0.1:${s.port}/ws`, bearer(s))).ws!;
    const closed = new Promise<number>((resolve) => raw.on('close', (code) => resolve(code)));
    raw.send(JSON.stringify({ type: 'call', id: 1, channel: 'session:send', input: { id: 'x', text: 'y'.repeat(10_000) } }));
    expect(await closed).toBe(1009);
    expect(await api.app.checkClaude({})).toMatchObject({ ok: true });
  });

  it('takes a frame of exactly the cap, and closes one a byte larger with 1009 before its payload is sent', async () => {
    const { server: s } = await start();
    const { api } = connectClient(s);
    expect(await api.app.checkClaude({})).toMatchObject({ ok: true });
    const rssBefore = process.memoryUsage().rss;

    // One byte over: the host answers the header alone with a close, having buffered nothing.
    const over = await rawSocket(s.port, s.token);
    over.socket.write(frameHeader(MAX_FRAME_BYTES + 1));
    await waitFor(() => over.received().length >= 4, 'the close frame');
    const close = over.received();
    expect(close[0]).toBe(0x88);
    expect(close.readUInt16BE(2)).toBe(1009);
    await waitFor(() => over.socket.destroyed || over.socket.readableEnded, 'the socket to be closed');
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(MAX_FRAME_BYTES / 2);
    await waitFor(() => logs.some((l) => l.includes('Max payload size exceeded')), 'the log line');

    // Exactly the cap: a legitimate call padded with JSON whitespace is read and answered.
    const call = JSON.stringify({ type: 'call', id: 1, channel: 'app:checkClaude', input: {} });
    const exact = await rawSocket(s.port, s.token);
    exact.socket.write(frameHeader(MAX_FRAME_BYTES));
    exact.socket.write(call);
    exact.socket.write(Buffer.alloc(MAX_FRAME_BYTES - call.length, 0x20));
    const answered = () => exact.received().includes('"found":true');
    await waitFor(() => answered() || exact.socket.readableEnded || exact.socket.destroyed, 'the answer to the largest frame', 60_000);
    expect(answered(), 'the largest legitimate frame was answered, not refused').toBe(true);
    exact.socket.destroy();

    // The other socket never noticed.
    expect(await api.app.checkClaude({})).toMatchObject({ ok: true });
  });
});
