// The one window factory. Every window of the app is built from windowOptions(), whose exact
// value a unit test pins down, so a weakened security option cannot slip in unnoticed.
import { BrowserWindow, nativeTheme, type BrowserWindowConstructorOptions } from 'electron';
import type { PageSource } from './shell/renderer-location';

/** Painted before the page's first frame: the renderer's --bg (renderer/src/styles/theme.css). */
export const WINDOW_BACKGROUND = { dark: '#1d1d1b', light: '#ffffff' } as const;

/** If the page never reports ready (a renderer stuck or crashed), show the window anyway. */
const SHOW_FALLBACK_MS = 5_000;

export function windowOptions(opts: { preloadPath: string; dark: boolean }): BrowserWindowConstructorOptions {
  return {
    width: 1200,
    height: 820,
    minWidth: 640,
    minHeight: 420,
    title: 'clide',
    show: false,
    backgroundColor: opts.dark ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light,
    webPreferences: {
      preload: opts.preloadPath,
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
      // The composer holds mostly code, paths and commands, where spellcheck marks are noise;
      // off also means no dictionary download on Windows and Linux.
      spellcheck: false,
    },
  };
}

export interface CreatedWindow {
  window: BrowserWindow;
  /** Settles when the page has loaded; rejects with the reason when it cannot be loaded. */
  loaded: Promise<void>;
}

export function createMainWindow(opts: { preloadPath: string; source: PageSource }): CreatedWindow {
  const win = new BrowserWindow(windowOptions({ preloadPath: opts.preloadPath, dark: nativeTheme.shouldUseDarkColors }));
  const show = (): void => {
    if (!win.isDestroyed() && !win.isVisible()) win.show();
  };
  win.once('ready-to-show', show);
  const fallback = setTimeout(show, SHOW_FALLBACK_MS);
  win.once('closed', () => clearTimeout(fallback));

  const onTheme = (): void => {
    if (!win.isDestroyed()) win.setBackgroundColor(nativeTheme.shouldUseDarkColors ? WINDOW_BACKGROUND.dark : WINDOW_BACKGROUND.light);
  };
  nativeTheme.on('updated', onTheme);
  win.once('closed', () => nativeTheme.off('updated', onTheme));

  // Both sources are URLs: app://clide/index.html (the built page) or the dev server's page.
  const loaded = win.loadURL(opts.source.url);
  return { window: win, loaded };
}
