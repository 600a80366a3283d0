import { beforeAll, describe, expect, it, vi } from 'vitest';
import { channels, EVENTS_CHANNEL, type AppEvent } from '../../../shared/ipc';
import { contextBridge, ipcRenderer, resetElectronMock } from './electron-mock';

vi.mock('electron', () => import('./electron-mock'));

type Api = Record<string, unknown>;
let api: Api;

beforeAll(async () => {
  resetElectronMock();
  await import('../../../electron/preload');
  api = contextBridge.exposed.get('clide') as Api;
});

function fn(path: string): (...args: unknown[]) => unknown {
  const [domain, verb] = path.split(':') as [string, string];
  const d = api[domain] as Record<string, unknown>;
  return d[verb] as (...args: unknown[]) => unknown;
}

describe('preload', () => {
  it('exposes one object, window.clide, and nothing else', () => {
    expect([...contextBridge.exposed.keys()]).toEqual(['clide']);
  });

  it('has exactly one function per contract channel, plus onEvents', () => {
    const expected: Record<string, string[]> = {};
    for (const c of channels()) (expected[c.domain] ??= []).push(c.verb);
    expect(Object.keys(api).sort()).toEqual([...Object.keys(expected), 'onEvents'].sort());
    for (const [domain, verbs] of Object.entries(expected)) {
      const d = api[domain] as Record<string, unknown>;
      expect(Object.keys(d).sort()).toEqual([...verbs].sort());
      for (const v of verbs) expect(typeof d[v]).toBe('function');
    }
    expect(typeof api['onEvents']).toBe('function');
  });

  it('each function invokes its own channel with the input, and returns the result', async () => {
    for (const { channel } of channels()) {
      ipcRenderer.invoke.mockClear();
      const input = { probe: channel };
      const result = await fn(channel)(input);
      expect(ipcRenderer.invoke).toHaveBeenCalledTimes(1);
      expect(ipcRenderer.invoke).toHaveBeenCalledWith(channel, input);
      expect(result).toEqual({ ok: true, value: { channel, input } });
    }
  });

  it('never hands out ipcRenderer or one of its methods', () => {
    const forbidden = new Set<unknown>([ipcRenderer, ipcRenderer.invoke, ipcRenderer.send, ipcRenderer.on, ipcRenderer.emit]);
    const seen = new Set<unknown>();
    const walk = (v: unknown): void => {
      if (v === null || (typeof v !== 'object' && typeof v !== 'function') || seen.has(v)) return;
      seen.add(v);
      expect(forbidden.has(v)).toBe(false);
      for (const child of Object.values(v)) walk(child);
    };
    walk(api);
    // Only plain objects of functions: domains, then verbs.
    for (const value of Object.values(api)) {
      if (typeof value === 'function') continue;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      for (const f of Object.values(value as object)) expect(typeof f).toBe('function');
    }
  });

  it('onEvents delivers only the batch (never the IPC event) and its unsubscribe works', () => {
    const got: unknown[][] = [];
    const unsubscribe = (api['onEvents'] as (l: (...a: unknown[]) => void) => () => void)((...args) => got.push(args));
    const batch: AppEvent[] = [{ type: 'session-closed', id: 's1' }];
    const fakeEvent = { sender: ipcRenderer, ports: [] };
    ipcRenderer.emit(EVENTS_CHANNEL, fakeEvent, batch);
    expect(got).toEqual([[batch]]);
    unsubscribe();
    ipcRenderer.emit(EVENTS_CHANNEL, fakeEvent, batch);
    expect(got).toHaveLength(1);
    expect(ipcRenderer.listenerCount(EVENTS_CHANNEL)).toBe(0);
  });

  it('each subscription is independent', () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    const onEvents = api['onEvents'] as (l: (batch: unknown) => void) => () => void;
    const offA = onEvents((x) => a.push(x));
    const offB = onEvents((x) => b.push(x));
    offA();
    ipcRenderer.emit(EVENTS_CHANNEL, {}, ['x']);
    expect(a).toEqual([]);
    expect(b).toEqual([['x']]);
    offB();
  });

  it('onEvents refuses a non-function listener', () => {
    expect(() => (api['onEvents'] as (l: unknown) => unknown)('nope')).toThrow(/needs a function/);
    expect(ipcRenderer.listenerCount(EVENTS_CHANNEL)).toBe(0);
  });
});
