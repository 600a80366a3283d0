import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { SessionHost } from '../../../electron/core/host';
import { SocketBridge } from '../../../electron/web/ws-bridge';
import type { AppEvent, Handlers } from '../../../shared/ipc';
import { PATIENT } from '../../support/wait';

class FakeWs extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  terminated = false;
  pings = 0;
  closedWith: number | undefined;
  send(data: string): void {
    this.sent.push(data);
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
  ping(): void {
    this.pings++;
  }
  close(code: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  frames(): Array<Record<string, unknown>> {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  }
}

let listener: ((batch: AppEvent[]) => void) | undefined;
let unsubscribed = false;
const host = {
  subscribe(l: (batch: AppEvent[]) => void) {
    listener = l;
    return () => {
      unsubscribed = true;
    };
  },
} as unknown as SessionHost;

let logs: string[];
let bridge: SocketBridge;

function attach(): FakeWs {
  const ws = new FakeWs();
  bridge.attach(ws as unknown as WebSocket);
  return ws;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

beforeEach(() => {
  vi.useFakeTimers();
  logs = [];
  unsubscribed = false;
  bridge = new SocketBridge(
    host,
    {
      'app:checkClaude': () => ({ found: true }),
      'session:send': () => {
        throw new Error('boom');
      },
      // Only the channels these tests call; dispatch() answers any other as unknown.
    } as Partial<Handlers> as Handlers,
    { log: (m) => logs.push(m), maxBufferedBytes: 1000, heartbeatMs: 1000 },
  );
});

afterEach(() => {
  bridge.close();
  vi.useRealTimers();
});

describe('the socket bridge', () => {
  it('answers a call with its id, and a throwing handler with a typed error', async () => {
    const ws = attach();
    ws.emit('message', Buffer.from(JSON.stringify({ type: 'call', id: 1, channel: 'app:checkClaude', input: {} })), false);
    ws.emit('message', Buffer.from(JSON.stringify({ type: 'call', id: 2, channel: 'session:send', input: { id: 's', text: 'x' } })), false);
    await vi.waitFor(() => expect(ws.sent).toHaveLength(2), PATIENT);
    // Calls run concurrently, so answers may come in any order; the id pairs them up.
    expect(ws.frames().sort((x, y) => Number(x.id) - Number(y.id))).toEqual([
      { type: 'result', id: 1, result: { ok: true, value: { found: true } } },
      { type: 'result', id: 2, result: { ok: false, error: { kind: 'internal', message: 'boom' } } },
    ]);
  });

  it('drops malformed frames with a log and answers what it can', async () => {
    const ws = attach();
    ws.emit('message', Buffer.from('nope'), false);
    ws.emit('message', Buffer.from([0, 1]), true);
    ws.emit('message', Buffer.from(JSON.stringify({ type: 'call', id: 9 })), false);
    await settle();
    expect(ws.frames()).toEqual([
      { type: 'result', id: 9, result: { ok: false, error: { kind: 'invalid-input', message: expect.stringContaining('Malformed call') } } },
    ]);
    expect(logs).toEqual(['bad WebSocket frame: not JSON (4 chars)']);
    vi.advanceTimersByTime(10_000);
    expect(logs).toEqual(['bad WebSocket frame: not JSON (4 chars)', 'dropped 2 bad WebSocket frames in the last 10 s: binary (1), not a call (1)']);
  });

  it('logs a flood of malformed frames as one line per interval with a count', async () => {
    const ws = attach();
    for (let i = 0; i < 10_000; i++) ws.emit('message', Buffer.from(i % 2 ? '{' : '[]'), false);
    ws.emit('error', Object.assign(new RangeError('Max payload size exceeded'), { code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' }));
    await settle();
    expect(logs).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(logs).toEqual([
      'bad WebSocket frame: not a call frame: (root) Invalid input: expected object, received array',
      'dropped 10,000 bad WebSocket frames in the last 10 s: not JSON (5,000), not a call (4,999), too large (1)',
    ]);
  });

  it('pushes each event batch to every open socket, serialised once', () => {
    const a = attach();
    const b = attach();
    const closed = attach();
    closed.readyState = 3;
    const batch: AppEvent[] = [{ type: 'session-closed', id: 's1' }];
    listener!(batch);
    expect(a.sent).toEqual([JSON.stringify({ type: 'events', batch })]);
    expect(b.sent[0]).toBe(a.sent[0]);
    expect(closed.sent).toEqual([]);
  });

  it('drops a socket that stopped reading instead of queueing without bound', () => {
    const slow = attach();
    const fine = attach();
    slow.bufferedAmount = 5000;
    listener!([{ type: 'session-closed', id: 's1' }]);
    expect(slow.terminated).toBe(true);
    expect(fine.sent).toHaveLength(1);
    expect(bridge.size).toBe(1);
    expect(logs.some((l) => l.includes('stopped reading'))).toBe(true);
  });

  it('pings every socket and ends one that missed a pong', () => {
    const answering = attach();
    const silent = attach();
    vi.advanceTimersByTime(1000);
    expect(answering.pings).toBe(1);
    expect(silent.pings).toBe(1);
    answering.emit('pong');
    vi.advanceTimersByTime(1000);
    expect(silent.terminated).toBe(true);
    expect(answering.terminated).toBe(false);
    expect(answering.pings).toBe(2);
  });

  it('on close, stops listening to the host and closes every socket as going away', () => {
    const ws = attach();
    bridge.close();
    expect(unsubscribed).toBe(true);
    expect(ws.closedWith).toBe(1001);
  });
});
