import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../../electron/core/api-handlers';
import { channels, EVENTS_CHANNEL, type AppEvent } from '../../../shared/ipc';
import { forwardHostEvents, isTrustedSender, registerIpcHandlers, type Handlers } from '../../../electron/ipc';
import { rendererLocation } from '../../../electron/shell/renderer-location';
import { FakeLab } from '../../support/fake-cli-harness';
import { ipcEvent, ipcMain, resetElectronMock } from './electron-mock';

vi.mock('electron', () => import('./electron-mock'));

const rendererDir = '/opt/clide/resources/app.asar/out/renderer';
const appUrl = 'app://clide/index.html';
const { isAppPage } = rendererLocation({ rendererDir });

function fakeHandlers() {
  const calls: Array<{ channel: string; input: unknown }> = [];
  // One recording stand-in for every channel; it answers no channel's real output, hence the cast.
  const table: Record<string, (input: never) => Promise<unknown>> = {};
  for (const { channel } of channels()) {
    table[channel] = vi.fn(async (input: never) => {
      calls.push({ channel, input });
      return channel === 'session:create' ? { id: 'new-session' } : {};
    });
  }
  const handlers = table as unknown as Handlers;
  return { handlers, calls };
}

function call(channel: string, event: unknown, input: unknown): Promise<unknown> {
  const handler = ipcMain.handlers.get(channel) as unknown as (e: unknown, i: unknown) => Promise<unknown>;
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler(event, input);
}

const top = { url: appUrl, parent: null };

let lab: FakeLab | undefined;
beforeEach(() => resetElectronMock());
afterEach(async () => {
  await lab?.finish();
  lab = undefined;
});

describe('registerIpcHandlers', () => {
  it('registers exactly the contract channels, and can remove them again', () => {
    const off = registerIpcHandlers({ handlers: fakeHandlers().handlers, isAppPage });
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      channels()
        .map((c) => c.channel)
        .sort(),
    );
    off();
    expect(ipcMain.handlers.size).toBe(0);
  });

  it('passes a valid call from the app page through, with the parsed input', async () => {
    const { handlers, calls } = fakeHandlers();
    registerIpcHandlers({ handlers, isAppPage });
    const result = await call('session:create', ipcEvent({ url: `${appUrl}#/tab/1`, parent: null }), { cwd: '/home/me/code' });
    expect(result).toEqual({ ok: true, value: { id: 'new-session' } });
    expect(calls).toEqual([{ channel: 'session:create', input: { cwd: '/home/me/code' } }]);
  });

  it('refuses session:create in a relative folder through the real handlers, starting nothing', async () => {
    lab = new FakeLab();
    const { host } = lab.host('idle');
    registerIpcHandlers({ handlers: createHandlers(host), isAppPage });
    const result = await call('session:create', ipcEvent({ url: appUrl, parent: null }), { cwd: 'projects/app' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input', message: expect.stringContaining('full path') } });
    expect(await call('session:create', ipcEvent({ url: appUrl, parent: null }), { cwd: `${lab.dir}/missing` })).toMatchObject({
      ok: false,
      error: { kind: 'cwd-missing' },
    });
    expect(host.list()).toEqual([]);
    expect(lab.processes()).toEqual([]);
  });

  it.each([
    ['another file page', { url: pathToFileURL('/tmp/evil/index.html').href, parent: null }],
    ['the built page opened from file://', { url: pathToFileURL(`${rendererDir}/index.html`).href, parent: null }],
    ['another app:// page', { url: 'app://clide/assets/index.html', parent: null }],
    ['another app:// host', { url: 'app://evil/index.html', parent: null }],
    ['a remote page', { url: 'https://example.com/', parent: null }],
    ['a subframe of the app page', { url: appUrl, parent: top }],
    ['a frame that is gone', null],
  ])('rejects a call from %s without running the handler', async (_what, frame) => {
    const { handlers, calls } = fakeHandlers();
    registerIpcHandlers({ handlers, isAppPage });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const result = await call('session:close', ipcEvent(frame), { id: 's1' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(calls).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('rejected IPC call session:close'));
    warn.mockRestore();
  });

  it('rejects a sender whose frame cannot be read', () => {
    const event = {
      get senderFrame(): never {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
    };
    expect(isTrustedSender(event, isAppPage)).toBe(false);
  });

  it.each([
    ['session:send', { id: 's1' }],
    ['session:send', { id: 's1', text: 'hi', extra: true }],
    ['session:close', { id: '' }],
    ['session:respond', { id: 's1', requestId: 'r1', decision: { behavior: 'maybe' } }],
    ['app:snapshot', { anything: 1 }],
    ['session:interrupt', 'not an object'],
  ])('returns invalid-input for %s %j and never runs the handler', async (channel, input) => {
    const { handlers, calls } = fakeHandlers();
    registerIpcHandlers({ handlers, isAppPage });
    const result = await call(channel, ipcEvent(top), input);
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(calls).toEqual([]);
  });

  it('turns a throwing handler into a typed error instead of throwing across IPC', async () => {
    const { handlers } = fakeHandlers();
    handlers['session:interrupt'] = async () => {
      throw new Error('boom');
    };
    registerIpcHandlers({ handlers, isAppPage });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(call('session:interrupt', ipcEvent(top), { id: 's1' })).resolves.toMatchObject({ ok: false, error: { kind: 'internal', message: 'boom' } });
    error.mockRestore();
  });

  it('accepts the dev server page in development, and nothing else', async () => {
    const dev = rendererLocation({ rendererDir, devServerUrl: 'http://localhost:5173/' });
    const { handlers, calls } = fakeHandlers();
    registerIpcHandlers({ handlers, isAppPage: dev.isAppPage });
    await expect(call('app:snapshot', ipcEvent({ url: 'http://localhost:5173/', parent: null }), {})).resolves.toMatchObject({ ok: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(call('app:snapshot', ipcEvent({ url: 'http://localhost:5174/', parent: null }), {})).resolves.toMatchObject({ ok: false });
    await expect(call('app:snapshot', ipcEvent({ url: appUrl, parent: null }), {})).resolves.toMatchObject({ ok: false });
    warn.mockRestore();
    expect(calls).toHaveLength(1);
  });
});

describe('forwardHostEvents', () => {
  function fakeHost() {
    let listener: ((batch: AppEvent[]) => void) | undefined;
    return {
      subscribe(l: (batch: AppEvent[]) => void) {
        listener = l;
        return () => {
          listener = undefined;
        };
      },
      push(batch: AppEvent[]) {
        listener?.(batch);
      },
    };
  }
  const contents = (opts: { destroyed?: boolean; throws?: boolean } = {}) => ({
    isDestroyed: () => opts.destroyed ?? false,
    send: vi.fn(() => {
      if (opts.throws) throw new Error('Object has been destroyed');
    }),
  });

  it('sends every batch to every live window on the events channel', () => {
    const host = fakeHost();
    const a = contents();
    const gone = contents({ destroyed: true });
    const broken = contents({ throws: true });
    const b = contents();
    const targets = [a, gone, broken, b] as unknown as Electron.WebContents[];
    const off = forwardHostEvents(host, () => targets);
    const batch: AppEvent[] = [{ type: 'session-closed', id: 's1' }];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    host.push(batch);
    warn.mockRestore();
    expect(a.send).toHaveBeenCalledWith(EVENTS_CHANNEL, batch);
    expect(b.send).toHaveBeenCalledWith(EVENTS_CHANNEL, batch);
    expect(gone.send).not.toHaveBeenCalled();
    off();
    host.push(batch);
    expect(a.send).toHaveBeenCalledTimes(1);
  });
});
