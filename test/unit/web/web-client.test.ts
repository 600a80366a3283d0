import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { channels, type AppEvent } from '../../../shared/ipc';
import { createWebClient, type Access, type SocketLike, type WebClient } from '../../../renderer/src/api/web-client';
import { MAX_FRAME_BYTES } from '../../../shared/web-wire';
import { PATIENT } from '../../support/wait';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<{ type: string; id: number; channel: string; input: unknown }> = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[] = [],
  ) {}
  send(data: string): void {
    if (this.readyState !== 1) throw new Error('not open');
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  push(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  reply(id: number, result: unknown): void {
    this.push({ type: 'result', id, result });
  }
}

let sockets: FakeSocket[];
let client: WebClient;
let logs: string[];

const TOKEN = 'tok-en_1';

function make(opts: { callTimeoutMs?: number } = {}): WebClient {
  client = createWebClient({
    url: 'ws://127.0.0.1:1/ws',
    token: TOKEN,
    createSocket: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
    reconnectInitialMs: 100,
    reconnectMaxMs: 1000,
    log: (m) => logs.push(m),
    ...opts,
  });
  return client;
}

const last = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  logs = [];
});

afterEach(() => {
  client?.dispose();
  vi.useRealTimers();
});

describe('the browser-host API client', () => {
  it('has a function for every channel of the contract table', () => {
    const api = make() as unknown as Record<string, Record<string, unknown>>;
    for (const { domain, verb } of channels()) expect(typeof api[domain]?.[verb], `${domain}:${verb}`).toBe('function');
  });

  it('sends a call with an id and resolves with the matching result', async () => {
    const api = make();
    last().open();
    const a = api.session.create({});
    const b = api.app.checkClaude({});
    const [fa, fb] = last().sent;
    expect(fa).toMatchObject({ type: 'call', channel: 'session:create', input: {} });
    expect(fb).toMatchObject({ type: 'call', channel: 'app:checkClaude' });
    expect(fa!.id).not.toBe(fb!.id);
    last().reply(fb!.id, { ok: true, value: { found: true } });
    last().reply(fa!.id, { ok: false, error: { kind: 'cwd-missing', message: 'gone' } });
    await expect(b).resolves.toEqual({ ok: true, value: { found: true } });
    await expect(a).resolves.toEqual({ ok: false, error: { kind: 'cwd-missing', message: 'gone' } });
  });

  it('holds calls made before the first connection and sends them once it opens', async () => {
    const api = make();
    const p = api.app.snapshot({});
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent).toHaveLength(1);
    last().reply(last().sent[0]!.id, { ok: true, value: { sessions: [] } });
    await expect(p).resolves.toMatchObject({ ok: true });
  });

  it('fails held calls when the first connection attempt fails', async () => {
    const api = make();
    const p = api.app.snapshot({});
    last().drop();
    await expect(p).resolves.toMatchObject({ ok: false, error: { kind: 'not-running', message: expect.stringContaining('app:snapshot') } });
  });

  it('fails calls in flight when the connection drops, and fails new calls fast until it is back', async () => {
    const api = make();
    last().open();
    const inFlight = api.session.interrupt({ id: 's1' });
    last().drop();
    await expect(inFlight).resolves.toMatchObject({ ok: false, error: { kind: 'not-running', message: expect.stringContaining('may or may not') } });
    const fast = await api.session.send({ id: 's1', text: 'hi' });
    expect(fast).toMatchObject({ ok: false, error: { kind: 'not-running', hint: expect.any(String) } });
    expect(sockets).toHaveLength(1);
  });

  it('reconnects with growing backoff and reports each change', () => {
    const api = make();
    const states: string[] = [];
    api.onConnectionChange((s) => states.push(s));
    last().open();
    last().drop();
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(130); // first retry after ~100 ms (+-20 %)
    expect(sockets).toHaveLength(2);
    last().drop();
    vi.advanceTimersByTime(150);
    expect(sockets).toHaveLength(2); // second retry waits ~200 ms
    vi.advanceTimersByTime(120);
    expect(sockets).toHaveLength(3);
    last().open();
    expect(states).toEqual(['connected', 'disconnected', 'connected']);
    expect(api.connectionState()).toBe('connected');
  });

  it('caps the backoff and resets it after a successful connection', () => {
    make();
    last().open();
    for (let i = 0; i < 8; i++) {
      last().drop();
      vi.advanceTimersByTime(1200); // never more than the 1 s cap (+20 %)
    }
    expect(sockets).toHaveLength(9);
    last().open();
    last().drop();
    vi.advanceTimersByTime(130);
    expect(sockets).toHaveLength(10);
  });

  it('reconnects at once when asked instead of waiting out the backoff', () => {
    make();
    last().open();
    last().drop();
    client.reconnectNow();
    expect(sockets).toHaveLength(2);
  });

  it('times a call out with a typed error and ignores a late answer', async () => {
    const api = make({ callTimeoutMs: 1000 });
    last().open();
    const p = api.session.close({ id: 's1' });
    vi.advanceTimersByTime(1001);
    await expect(p).resolves.toMatchObject({ ok: false, error: { kind: 'control-timeout', message: expect.stringContaining('session:close') } });
    expect(() => last().reply(last().sent[0]!.id, { ok: true, value: {} })).not.toThrow();
  });

  it('delivers pushed event batches to every listener until unsubscribed', () => {
    const api = make();
    last().open();
    const a: AppEvent[][] = [];
    const b: AppEvent[][] = [];
    const offA = api.onEvents((batch) => a.push(batch));
    api.onEvents((batch) => {
      b.push(batch);
      throw new Error('listener bug');
    });
    const batch: AppEvent[] = [{ type: 'session-closed', id: 's1' }];
    last().push({ type: 'events', batch });
    offA();
    last().push({ type: 'events', batch });
    expect(a).toEqual([batch]);
    expect(b).toEqual([batch, batch]);
    expect(logs.some((l) => l.includes('listener bug'))).toBe(true);
  });

  it('ignores frames that are not JSON or not understood', () => {
    const api = make();
    last().open();
    const seen: unknown[] = [];
    api.onEvents((b) => seen.push(b));
    last().push('{oops');
    last().push({ type: 'events', batch: 'not a list' });
    last().push({ type: 'result', id: 999, result: { ok: true, value: 1 } });
    expect(seen).toEqual([]);
  });

  it('answers a malformed result with a typed error instead of passing it on', async () => {
    const api = make();
    last().open();
    const p = api.app.snapshot({});
    last().reply(last().sent[0]!.id, 'nonsense');
    await expect(p).resolves.toMatchObject({ ok: false, error: { kind: 'internal' } });
  });

  it('refuses a frame over the cap without sending it or dropping the connection', async () => {
    const api = make();
    last().open();
    const data = 'A'.repeat(MAX_FRAME_BYTES);
    const r = await api.session.send({ id: 's1', text: '', images: [{ mediaType: 'image/png', data }] });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid-input', message: expect.stringContaining('too large') } });
    expect(last().sent).toEqual([]);
    expect(client.connectionState()).toBe('connected');
  });

  it('after dispose, fails calls and stops reconnecting', async () => {
    const api = make();
    last().open();
    client.dispose();
    vi.advanceTimersByTime(10_000);
    expect(sockets).toHaveLength(1);
    await expect(api.app.snapshot({})).resolves.toMatchObject({ ok: false, error: { kind: 'not-running' } });
  });
});

describe('the access token', () => {
  it('is offered as a subprotocol value beside clide.v1, never in the URL', () => {
    make();
    expect(last().url).toBe('ws://127.0.0.1:1/ws');
    expect(last().protocols).toEqual(['clide.v1', `clide.token.${TOKEN}`]);
  });

  it('missing: the client never connects and every call is refused, naming the printed link', async () => {
    client = createWebClient({
      url: 'ws://127.0.0.1:1/ws',
      token: undefined,
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      log: (m) => logs.push(m),
    });
    await expect(client.app.snapshot({})).resolves.toMatchObject({
      ok: false,
      error: { kind: 'unauthorized', message: expect.stringContaining('without its access token'), hint: expect.stringContaining('npm run web') },
    });
    vi.advanceTimersByTime(60_000);
    client.reconnectNow();
    expect(sockets).toHaveLength(0);
  });
});

describe('a page the host no longer accepts', () => {
  function makeChecked(allowed: () => Promise<Access>): { checks: () => number } {
    let checks = 0;
    client = createWebClient({
      url: 'ws://127.0.0.1:1/ws',
      token: TOKEN,
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      reconnectInitialMs: 100,
      checkAccess: () => {
        checks++;
        return allowed();
      },
      log: (m) => logs.push(m),
    });
    return { checks: () => checks };
  }

  it('fails calls as unauthorized and stops retrying when the host refuses it', async () => {
    makeChecked(async () => 'refused');
    const p = client.app.snapshot({});
    last().drop();
    await expect(p).resolves.toMatchObject({ ok: false, error: { kind: 'unauthorized', hint: expect.stringContaining('npm run web') } });
    vi.advanceTimersByTime(60_000);
    client.reconnectNow();
    expect(sockets).toHaveLength(1);
    await expect(client.session.create({})).resolves.toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
  });

  it('too many windows: calls say so, and it retries at the slowest pace until there is room', async () => {
    let access: Access = 'full';
    makeChecked(async () => access);
    const states: string[] = [];
    client.onConnectionChange((st) => states.push(st));
    const first = client.app.snapshot({});
    last().drop();
    await expect(first).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('as many windows connected as it allows'), hint: expect.stringContaining('Close another') },
    });
    expect(client.connectionState()).toBe('full');
    await expect(client.session.create({})).resolves.toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('as many windows connected as it allows') },
    });
    vi.advanceTimersByTime(3_000);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(3_000);
    expect(sockets).toHaveLength(2);
    access = 'allowed';
    last().open();
    expect(states).toEqual(['full', 'connected']);
    const p = client.app.checkClaude({});
    last().reply(last().sent[0]!.id, { ok: true, value: { found: true } });
    await expect(p).resolves.toEqual({ ok: true, value: { found: true } });
  });

  it('keeps retrying when the host still accepts it, or cannot be reached', async () => {
    const { checks } = makeChecked(async () => {
      throw new Error('offline');
    });
    last().drop();
    await vi.waitFor(() => expect(checks()).toBe(1), PATIENT);
    vi.advanceTimersByTime(130);
    expect(sockets).toHaveLength(2);
  });

  it('does not ask after a drop of an open connection', async () => {
    const { checks } = makeChecked(async () => 'allowed');
    last().open();
    last().drop();
    expect(checks()).toBe(0);
    vi.advanceTimersByTime(130);
    expect(sockets).toHaveLength(2);
  });
});
