// Bringing the window to the front when the person clicks one of its notifications. A page's
// own window.focus() cannot raise a minimised or background window, so the shell does it.
import type { BrowserWindow } from 'electron';

export interface AppLike {
  focus(options?: { steal: boolean }): void;
}

export function raiseWindow(win: BrowserWindow | undefined, app: AppLike, platform: NodeJS.Platform = process.platform): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  // macOS only activates an app that is in the background when asked to take focus.
  if (platform === 'darwin') app.focus({ steal: true });
}
