import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowserWindow, nativeTheme, resetElectronMock } from './electron-mock';
import { createMainWindow, WINDOW_BACKGROUND, windowOptions } from '../../../electron/window';

vi.mock('electron', () => import('./electron-mock'));

beforeEach(() => resetElectronMock());
afterEach(() => vi.useRealTimers());

describe('windowOptions', () => {
  it('is exactly the hardened option set', () => {
    expect(windowOptions({ preloadPath: '/app/out/preload/preload.cjs', dark: false })).toStrictEqual({
      width: 1200,
      height: 820,
      minWidth: 640,
      minHeight: 420,
      title: 'clide',
      show: false,
      backgroundColor: '#ffffff',
      webPreferences: {
        preload: '/app/out/preload/preload.cjs',
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        navigateOnDragDrop: false,
        safeDialogs: true,
        spellcheck: false,
      },
    });
  });

  it('paints the dark background in dark mode, so there is no white flash', () => {
    const dark = windowOptions({ preloadPath: '/p', dark: true });
    expect(dark.backgroundColor).toBe(WINDOW_BACKGROUND.dark);
    expect(WINDOW_BACKGROUND.dark).not.toBe('#ffffff');
    // Only the colour differs between the themes.
    expect({ ...dark, backgroundColor: 'x' }).toStrictEqual({ ...windowOptions({ preloadPath: '/p', dark: false }), backgroundColor: 'x' });
  });
});

describe('WINDOW_BACKGROUND', () => {
  it("matches the page's own --bg in both themes", () => {
    const css = readFileSync(new URL('../../../renderer/src/styles/theme.css', import.meta.url), 'utf8');
    const [, light, dark] = /:root\s*{[^}]*--bg:\s*light-dark\(\s*(#[0-9a-f]{6}),\s*(#[0-9a-f]{6})\s*\)/i.exec(css) ?? [];
    expect(light?.toLowerCase()).toBe(WINDOW_BACKGROUND.light);
    expect(dark?.toLowerCase()).toBe(WINDOW_BACKGROUND.dark);
  });
});

describe('createMainWindow', () => {
  it('builds the window from windowOptions and shows it only when ready to show', () => {
    nativeTheme.shouldUseDarkColors = true;
    const { window } = createMainWindow({
      preloadPath: '/app/out/preload/preload.cjs',
      source: { kind: 'app', url: 'app://clide/index.html', root: '/app/out/renderer' },
    });
    const fake = window as unknown as BrowserWindow;
    expect(fake.options).toStrictEqual(windowOptions({ preloadPath: '/app/out/preload/preload.cjs', dark: true }));
    // The built page comes over app://, never from a file: URL.
    expect(fake.loadURL).toHaveBeenCalledWith('app://clide/index.html');
    expect(fake.loadFile).not.toHaveBeenCalled();
    expect(fake.isVisible()).toBe(false);
    fake.emit('ready-to-show');
    expect(fake.isVisible()).toBe(true);
  });

  it('loads the dev server URL when given one', () => {
    const { window } = createMainWindow({ preloadPath: '/p', source: { kind: 'url', url: 'http://localhost:5173/' } });
    const fake = window as unknown as BrowserWindow;
    expect(fake.loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    expect(fake.loadFile).not.toHaveBeenCalled();
  });

  it('shows the window anyway if the page never reports ready', () => {
    vi.useFakeTimers();
    const { window } = createMainWindow({ preloadPath: '/p', source: { kind: 'app', url: 'app://clide/index.html', root: '/r' } });
    const fake = window as unknown as BrowserWindow;
    vi.advanceTimersByTime(4_999);
    expect(fake.isVisible()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(fake.isVisible()).toBe(true);
  });

  it('follows the system theme for the background', () => {
    const { window } = createMainWindow({ preloadPath: '/p', source: { kind: 'app', url: 'app://clide/index.html', root: '/r' } });
    const fake = window as unknown as BrowserWindow;
    nativeTheme.shouldUseDarkColors = true;
    nativeTheme.emit('updated');
    expect(fake.background).toBe(WINDOW_BACKGROUND.dark);
    fake.emit('closed');
    expect(nativeTheme.listenerCount('updated')).toBe(0);
  });
});
