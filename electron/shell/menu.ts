// The application menu: standard roles, and Help > Check for Updates… Ctrl/Cmd+W is left to the
// window (it closes a tab there), so no menu item binds it; reload and devtools exist only in
// development.
import type { MenuItemConstructorOptions } from 'electron';

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
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
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
