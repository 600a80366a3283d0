// The application menu: standard roles, and Help > Check for Updates… Ctrl/Cmd+W is left to the
// window (it closes a tab there), so no menu item binds it; reload and devtools exist only in
// development. Ctrl/Cmd+= / - / 0 are left to the window too: they size the transcript's text
// (what a person reads; the composer, tabs and status bar keep their size). The View menu still
// zooms the whole window, from the menu only: the zoom roles would bind those same keys, and a
// menu accelerator can take a key before the page sees it.
import type { BrowserWindow, MenuItemConstructorOptions } from 'electron';

export interface MenuOptions {
  platform: NodeJS.Platform;
  isDev: boolean;
  /** Help > Check for Updates…: the answer shows in the window. */
  checkForUpdates?(): void;
}

export function menuTemplate({ platform, isDev, checkForUpdates }: MenuOptions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const view: MenuItemConstructorOptions[] = [
    ...(isDev ? ([{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }] satisfies MenuItemConstructorOptions[]) : []),
    zoomItem('Actual Size', () => 0),
    zoomItem('Zoom In', (level) => level + 0.5),
    zoomItem('Zoom Out', (level) => level - 0.5),
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ];
  return [
    ...(mac ? ([{ role: 'appMenu' }] satisfies MenuItemConstructorOptions[]) : []),
    // macOS: the app menu holds Quit. Elsewhere a File menu with Quit only (the standard
    // fileMenu role would add Close Window on Ctrl+W).
    ...(mac ? [] : ([{ label: '&File', submenu: [{ role: 'quit' }] }] satisfies MenuItemConstructorOptions[])),
    { role: 'editMenu' },
    { label: mac ? 'View' : '&View', submenu: view },
    // macOS's windowMenu role has no Close item; elsewhere it would bind Ctrl+W, so build it.
    mac ? { role: 'windowMenu' } : { label: '&Window', submenu: [{ role: 'minimize' }] },
    ...(checkForUpdates
      ? ([
          { role: 'help', label: mac ? 'Help' : '&Help', submenu: [{ label: 'Check for Updates…', click: () => checkForUpdates() }] },
        ] satisfies MenuItemConstructorOptions[])
      : []),
  ];
}

/** Whole-window zoom by the same steps as Electron's zoom roles, without their keys. */
function zoomItem(label: string, next: (level: number) => number): MenuItemConstructorOptions {
  return {
    label,
    click: (_item, win) => {
      const contents = win && 'webContents' in win ? (win as BrowserWindow).webContents : undefined;
      contents?.setZoomLevel(next(contents.getZoomLevel()));
    },
  };
}
