// The Electron main process: wires the session host to windows and applies the app-wide
// security policies. The policies themselves live in electron/shell/ (tested with a mocked
// electron module); this file only puts them together.
import os from 'node:os';
import { app, BrowserWindow, dialog, Menu, protocol, session } from 'electron';
import type { AppUpdater } from 'electron-updater';
import { createHandlers } from './core/api-handlers';
import { ignoreClosedOutput } from './core/closed-output';
import { SessionHost } from './core/host';
import { forwardHostEvents, registerIpcHandlers } from './ipc';
import { hasAppPage, registerAppScheme, serveAppScheme } from './shell/app-protocol';
import { installContentSecurityPolicy, installPermissionPolicy, limitWebRtc } from './shell/content-security';
import { openExternalSafely } from './shell/external-links';
import { pickFolder } from './shell/folder-picker';
import { menuTemplate } from './shell/menu';
import { guardNavigation } from './shell/navigation';
import { installGracefulQuit } from './shell/quit';
import { installLaunchHandoff } from './shell/launch-handoff';
import { updaterPort } from './shell/updater';
import { appPaths, rendererLocation } from './shell/renderer-location';
import { raiseWindow } from './shell/window-focus';
import { createMainWindow } from './window';

function start(): void {
  // Started from a terminal that is then closed, its log writes would fail (closed-output.ts).
  ignoreClosedOutput();
  // A second launch hands over to the running instance (one set of sessions, one window).
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.enableSandbox();
  app.setAppUserModelId('dev.clide.app');

  const isDev = !app.isPackaged;
  // Set by `electron-vite dev`; ignored in a packaged app.
  const devServerUrl = isDev ? process.env['ELECTRON_RENDERER_URL'] : undefined;
  const paths = appPaths(app.getAppPath());
  const location = rendererLocation({ rendererDir: paths.rendererDir, devServerUrl });
  // The built page is served from app://clide; the scheme's privileges must be declared before ready.
  if (location.source.kind === 'app') registerAppScheme(protocol);
  let mainWindow: BrowserWindow | undefined;
  const host = new SessionHost({
    host: 'electron',
    defaultCwd: os.homedir(),
    appVersion: app.getVersion(),
    // Settings and the process registry live beside the app's other per-user state.
    dataDir: app.getPath('userData'),
    // Sessions work as a team: the clide-team MCP server in every session.
    team: {},
    // One warm spare claude, so a tab's first reply is as quick as it is in a running one.
    spare: {},
    shell: {
      pickFolder: (defaultPath) => pickFolder(dialog, BrowserWindow.getFocusedWindow() ?? mainWindow, defaultPath),
      focusWindow: () => raiseWindow(mainWindow, app),
    },
    // electron-updater is loaded at the first check; the policy never checks when not packaged.
    updates: { updater: updaterPort(loadUpdater), packaged: app.isPackaged },
  });
  // Reopen the tabs of the previous run, even before the window is ready (it waits for them).
  void host.continuity.restore();

  const openWindow = (): void => {
    const { window, loaded } = createMainWindow({ preloadPath: paths.preload, source: location.source });
    mainWindow = window;
    window.on('closed', () => {
      if (mainWindow === window) mainWindow = undefined;
    });
    // A missing page is an answer (404) on app://, not a failed load: check for the build first.
    const source = location.source;
    const page = source.kind === 'app' && !hasAppPage(source.root) ? Promise.reject(new Error(`There is no built page in ${source.root}.`)) : loaded;
    page.catch((err: unknown) => {
      const where = source.kind === 'app' ? `${source.url} (${source.root})` : source.url;
      console.error(`[clide] could not load the window's page from ${where}:`, err);
      dialog.showErrorBox(
        'clide could not start',
        `The app's page could not be loaded from ${where}.\n\n${err instanceof Error ? err.message : String(err)}\n\n` +
          'If you are running from source, build it first with "npm run build" (or start it with "npm start").',
      );
      app.quit();
    });
  };

  // `clide <folder>`, a second launch, a folder from the file manager or the Dock, a clide:// link.
  installLaunchHandoff({
    app,
    inbox: host.launches,
    argv: process.argv,
    cwd: process.cwd(),
    defaultApp: process.defaultApp === true,
    raise: () => {
      if (!mainWindow) return openWindow();
      raiseWindow(mainWindow, app);
    },
  });

  app.on('web-contents-created', (_event, contents) => {
    limitWebRtc(contents);
    guardNavigation(contents, {
      isAppPage: location.isAppPage,
      openExternal: (url) => void openExternalSafely(url, BrowserWindow.fromWebContents(contents) ?? undefined),
    });
  });

  installGracefulQuit({
    app,
    shutdown: () => host.shutdown(),
    onQuitting: () => {
      for (const w of BrowserWindow.getAllWindows()) if (!w.isDestroyed()) w.hide();
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => app.quit());

  // macOS keeps the app (and its sessions) running with no window; activate brings one back.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app
    .whenReady()
    .then(() => {
      // The header repeats the page's meta policy for the shipped page. The dev server's page
      // needs an inline module script (React refresh), so in development the page's own meta
      // policy is the only one.
      if (!devServerUrl) installContentSecurityPolicy(session.defaultSession);
      if (location.source.kind === 'app') serveAppScheme(protocol, location.source.root);
      installPermissionPolicy(session.defaultSession, location.isAppPage);
      const checkForUpdates = (): void => {
        raiseWindow(mainWindow, app);
        void host.updates.checkNow();
      };
      Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate({ platform: process.platform, isDev, checkForUpdates })));
      registerIpcHandlers({ handlers: createHandlers(host), isAppPage: location.isAppPage });
      forwardHostEvents(host, () => BrowserWindow.getAllWindows().map((w) => w.webContents));
      openWindow();
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow();
      });
    })
    .catch((err: unknown) => {
      console.error('[clide] failed to start:', err);
      app.exit(1);
    });
}

/** electron-updater picks its updater class (AppImage, deb, rpm, pacman, NSIS, macOS) on first use. */
async function loadUpdater(): Promise<AppUpdater> {
  // A CommonJS module whose autoUpdater is a getter: Node's ESM import finds it on the default export.
  const mod: { default?: { autoUpdater: AppUpdater }; autoUpdater?: AppUpdater } = await import('electron-updater');
  const updater = mod.default?.autoUpdater ?? mod.autoUpdater;
  if (!updater) throw new Error('electron-updater has no updater for this system.');
  return updater;
}

start();
