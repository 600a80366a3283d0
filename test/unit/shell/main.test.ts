// Wiring of the main process: importing electron/main.ts against the mocked electron module
// must install every policy and register every channel.
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { channels } from '../../../shared/ipc';
import { CONTENT_SECURITY_POLICY } from '../../../electron/shell/content-security';
import { windowOptions } from '../../../electron/window';
import { app, BrowserWindow, dialog, ipcEvent, ipcMain, Menu, protocol, resetElectronMock, session } from './electron-mock';
import { PATIENT } from '../../support/wait';

vi.mock('electron', () => import('./electron-mock'));

let signalListeners: Map<string, unknown[]>;
/** The app root main.ts sees: a built page under out/renderer, as `npm start` or a package has. */
let appRoot: string;

beforeAll(() => {
  appRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-main-'));
  fs.mkdirSync(path.join(appRoot, 'out', 'renderer'), { recursive: true });
  fs.writeFileSync(path.join(appRoot, 'out', 'renderer', 'index.html'), '<!doctype html><title>built page</title>');
});

afterAll(() => fs.rmSync(appRoot, { recursive: true, force: true }));

beforeEach(() => {
  resetElectronMock();
  app.getAppPath.mockReturnValue(appRoot);
  vi.resetModules();
  signalListeners = new Map(['SIGINT', 'SIGTERM'].map((s) => [s, process.listeners(s as NodeJS.Signals)]));
});

afterEach(() => {
  // main.ts asks the app to quit on SIGINT/SIGTERM; the test process must keep its own behaviour.
  for (const [signal, before] of signalListeners) {
    for (const l of process.listeners(signal as NodeJS.Signals)) if (!before.includes(l)) process.off(signal, l as never);
  }
  delete process.env['ELECTRON_RENDERER_URL'];
});

async function startMain(): Promise<void> {
  await import('../../../electron/main');
  await new Promise((resolve) => setImmediate(resolve));
}

describe('main process wiring', () => {
  it('a second instance hands over and does nothing else', async () => {
    app.requestSingleInstanceLock.mockReturnValue(false);
    await startMain();
    expect(app.quit).toHaveBeenCalled();
    expect(ipcMain.handlers.size).toBe(0);
    expect(BrowserWindow.all).toHaveLength(0);
    expect(app.listenerCount('before-quit')).toBe(0);
  });

  it('installs the policies, registers every channel and opens one hardened window', async () => {
    await startMain();
    expect(app.enableSandbox).toHaveBeenCalled();
    expect([...ipcMain.handlers.keys()].sort()).toEqual(
      channels()
        .map((c) => c.channel)
        .sort(),
    );
    expect(session.defaultSession.webRequest.onHeadersReceived).toHaveBeenCalledTimes(1);
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalledTimes(1);
    expect(session.defaultSession.setPermissionCheckHandler).toHaveBeenCalledTimes(1);
    expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(1);
    expect(BrowserWindow.all).toHaveLength(1);
    const win = BrowserWindow.all[0]!;
    expect(win.options).toStrictEqual(windowOptions({ preloadPath: path.join(appRoot, 'out', 'preload', 'preload.cjs'), dark: false }));
    // The page comes from app://clide, served from the built renderer folder; never from file://.
    expect(win.loadURL).toHaveBeenCalledWith('app://clide/index.html');
    expect(win.loadFile).not.toHaveBeenCalled();
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledTimes(1);
    expect(protocol.registerSchemesAsPrivileged.mock.calls[0]![0]).toEqual([expect.objectContaining({ scheme: 'app' })]);
    expect([...protocol.handlers.keys()]).toEqual(['app']);
    const page = await protocol.handlers.get('app')!(new Request('app://clide/index.html'));
    expect(await page.text()).toBe('<!doctype html><title>built page</title>');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(dialog.showErrorBox).not.toHaveBeenCalled();

    const callback = vi.fn();
    const listener = session.defaultSession.webRequest.onHeadersReceived.mock.calls[0]?.[0] as (d: unknown, cb: unknown) => void;
    listener({ responseHeaders: {} }, callback);
    expect(callback).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
  });

  it('says so and quits when there is no built page to serve', async () => {
    app.getAppPath.mockReturnValue(path.join(appRoot, 'nothing-here'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await startMain();
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalled());
    error.mockRestore();
    expect(dialog.showErrorBox).toHaveBeenCalledWith('clide could not start', expect.stringContaining('There is no built page in'));
  });

  it('guards every web contents that gets created', async () => {
    await startMain();
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn(), setWebRTCIPHandlingPolicy: vi.fn() });
    app.emit('web-contents-created', {}, contents);
    expect(contents.setWindowOpenHandler).toHaveBeenCalledTimes(1);
    // WebRTC goes outside every CSP: no UDP but through a proxy, for every view.
    expect(contents.setWebRTCIPHandlingPolicy).toHaveBeenCalledWith('disable_non_proxied_udp');
    const handler = contents.setWindowOpenHandler.mock.calls[0]?.[0] as (d: { url: string }) => unknown;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    warn.mockRestore();
    for (const e of ['will-navigate', 'will-redirect', 'will-frame-navigate', 'will-attach-webview']) expect(contents.listenerCount(e)).toBe(1);
  });

  it('holds quit for the session shutdown, then exits', async () => {
    await startMain();
    let prevented = false;
    app.emit('before-quit', { preventDefault: () => (prevented = true) });
    expect(prevented).toBe(true);
    await vi.waitFor(() => expect(app.exit).toHaveBeenCalledWith(0), PATIENT);
  });

  it('focuses the existing window on a second launch', async () => {
    await startMain();
    const win = BrowserWindow.all[0]!;
    const focus = vi.fn();
    Object.assign(win, { isMinimized: () => false, restore: vi.fn(), focus });
    win.hide();
    app.emit('second-instance');
    expect(win.isVisible()).toBe(true);
    expect(focus).toHaveBeenCalled();
    expect(BrowserWindow.all).toHaveLength(1);
  });

  it("hands the first and a second launch's folders to the window, each once", async () => {
    const argv = process.argv;
    process.argv = ['/opt/clide/clide', appRoot];
    try {
      await startMain();
    } finally {
      process.argv = argv;
    }
    const take = ipcMain.handlers.get('app:takeLaunchRequests') as (event: unknown, input: unknown) => Promise<{ ok: boolean; value: unknown }>;
    const page = ipcEvent({ url: 'app://clide/index.html', parent: null });
    expect((await take(page, {})).value).toEqual({ requests: [{ kind: 'open', cwd: appRoot }] });
    app.emit('second-instance', {}, ['/opt/clide/clide', '--no-sandbox', 'out', 'missing'], appRoot);
    expect((await take(page, {})).value).toEqual({
      requests: [
        { kind: 'open', cwd: path.join(appRoot, 'out') },
        expect.objectContaining({ kind: 'error', message: expect.stringContaining(path.join(appRoot, 'missing')) }),
      ],
    });
    expect((await take(page, {})).value).toEqual({ requests: [] });
    // The menu's Check for Updates… is wired.
    const template = Menu.buildFromTemplate.mock.calls[0]?.[0] as Array<{ role?: string; submenu?: Array<{ label?: string }> }>;
    expect(template.find((i) => i.role === 'help')?.submenu?.map((i) => i.label)).toEqual(['Check for Updates…']);
  });

  it('a packaged app ignores a dev server URL from the environment', async () => {
    process.env['ELECTRON_RENDERER_URL'] = 'http://attacker.example:5173/';
    await startMain();
    const win = BrowserWindow.all[0]!;
    expect(win.loadURL).toHaveBeenCalledWith('app://clide/index.html');
    expect(win.loadFile).not.toHaveBeenCalled();
  });

  it('a development run loads the dev server and shows devtools in the menu', async () => {
    app.isPackaged = false;
    process.env['ELECTRON_RENDERER_URL'] = 'http://localhost:5173';
    await startMain();
    expect(BrowserWindow.all[0]!.loadURL).toHaveBeenCalledWith('http://localhost:5173');
    expect(session.defaultSession.webRequest.onHeadersReceived).not.toHaveBeenCalled();
    // The dev server serves the page; no app:// scheme is registered or handled.
    expect(protocol.registerSchemesAsPrivileged).not.toHaveBeenCalled();
    expect(protocol.handlers.size).toBe(0);
    const template = Menu.buildFromTemplate.mock.calls[0]?.[0];
    expect(JSON.stringify(template)).toContain('toggleDevTools');
  });
});
