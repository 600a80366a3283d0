import { describe, expect, it } from 'vitest';
import { openEarlySocket, takeEarlyStart, type WebSocketish } from '../../../renderer/src/api/early-socket';
import { createWebClient } from '../../../renderer/src/api/web-client';

/** A browser WebSocket stand-in the test drives by hand. */
class FakeWs implements WebSocketish {
  readyState: WebSocketish['readyState'] = 0;
  sent: string[] = [];
  onopen: WebSocket['onopen'] = null;
  onmessage: WebSocket['onmessage'] = null;
  onclose: WebSocket['onclose'] = null;
  onerror: WebSocket['onerror'] = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.call(this as never, {} as Event);
  }
  message(data: unknown): void {
    this.onmessage?.call(this as never, { data: JSON.stringify(data) } as MessageEvent);
  }
}

function pageWindow(href: string, extra: Record<string, unknown> = {}) {
  const store = new Map<string, string>();
  const win = {
    location: new URL(href) as unknown as Location,
    history: { state: null, replaceState: (_s: unknown, _t: string, url: string) => (win.location = new URL(url, href) as unknown as Location) },
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
    ...extra,
  };
  return win as unknown as Parameters<typeof openEarlySocket>[0];
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("the page's early socket", () => {
  it('opens with the token from the link, and keeps what happens until the app takes it over, in order', async () => {
    const opened: FakeWs[] = [];
    const win = pageWindow('http://127.0.0.1:4000/#token=abc');
    openEarlySocket(win, (url, protocols) => {
      const ws = new FakeWs(url, protocols);
      opened.push(ws);
      return ws;
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]!.url).toBe('ws://127.0.0.1:4000/ws');
    expect(opened[0]!.protocols).toEqual(['clide.v1', 'clide.token.abc']);
    expect(win.location.href).not.toContain('abc');

    // The socket opens and an event batch arrives before the app has loaded.
    opened[0]!.open();
    opened[0]!.message({ type: 'events', batch: [{ type: 'session-closed', id: 'early' }] });
    const early = takeEarlyStart(win);
    expect(takeEarlyStart(win)).toBeUndefined();
    expect(early?.token).toBe('abc');
    expect(early?.socket?.readyState).toBe(0);

    const client = createWebClient({ url: early!.url, token: early!.token, createSocket: () => early!.socket!, log: () => {} });
    const batches: unknown[] = [];
    client.onEvents((b) => batches.push(b));
    const answer = client.app.snapshot({});
    await flush();
    // The held open reached the client, which sent its call on the socket already open.
    expect(client.connectionState()).toBe('connected');
    expect(batches).toEqual([[{ type: 'session-closed', id: 'early' }]]);
    const call = JSON.parse(opened[0]!.sent[0]!) as { id: number; channel: string };
    expect(call.channel).toBe('app:snapshot');
    opened[0]!.message({ type: 'result', id: call.id, result: { ok: true, value: { sessions: [] } } });
    expect(await answer).toEqual({ ok: true, value: { sessions: [] } });
    client.dispose();
  });

  it('opens nothing without a token, or in Electron (window.clide)', () => {
    let opened = 0;
    const open = (url: string, protocols: string[]) => (opened++, new FakeWs(url, protocols));
    const bare = pageWindow('http://127.0.0.1:4000/');
    openEarlySocket(bare, open);
    expect(takeEarlyStart(bare)).toEqual({ url: 'ws://127.0.0.1:4000/ws', token: undefined, socket: undefined });
    const electron = pageWindow('app://clide/index.html', { clide: {} });
    openEarlySocket(electron, open);
    expect(takeEarlyStart(electron)).toBeUndefined();
    expect(opened).toBe(0);
  });
});
