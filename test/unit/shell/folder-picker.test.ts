// The shell's folder dialog and window raising, against the mocked electron module.
import { describe, expect, it, vi } from 'vitest';
import type { BrowserWindow } from 'electron';
import { folderDialogOptions, pickFolder, type DialogLike } from '../../../electron/shell/folder-picker';
import { raiseWindow } from '../../../electron/shell/window-focus';
import { BrowserWindow as FakeWindow } from './electron-mock';

vi.mock('electron', () => import('./electron-mock'));

function dialogAnswering(answer: { canceled: boolean; filePaths: string[] }) {
  const showOpenDialog = vi.fn(async (..._args: unknown[]) => answer);
  return { dialog: { showOpenDialog } as unknown as DialogLike, showOpenDialog };
}

describe('pickFolder', () => {
  it('asks for one folder (creating one allowed), attached to the window, starting where asked', async () => {
    const { dialog, showOpenDialog } = dialogAnswering({ canceled: false, filePaths: ['/home/ada/code/api'] });
    const win = new FakeWindow({}) as unknown as BrowserWindow;
    await expect(pickFolder(dialog, win, '/home/ada/code')).resolves.toBe('/home/ada/code/api');
    expect(showOpenDialog).toHaveBeenCalledWith(win, folderDialogOptions('/home/ada/code'));
    expect(folderDialogOptions('/x').properties).toEqual(['openDirectory', 'createDirectory']);
    expect(folderDialogOptions(undefined)).not.toHaveProperty('defaultPath');
  });

  it('answers undefined when cancelled, and works without a window', async () => {
    const { dialog, showOpenDialog } = dialogAnswering({ canceled: true, filePaths: [] });
    await expect(pickFolder(dialog, undefined, undefined)).resolves.toBeUndefined();
    expect(showOpenDialog).toHaveBeenCalledWith(folderDialogOptions(undefined));
  });
});

describe('raiseWindow', () => {
  it('restores a minimised window, shows and focuses it; on macOS also activates the app', () => {
    const win = new FakeWindow({});
    win.minimized = true;
    const app = { focus: vi.fn() };
    raiseWindow(win as unknown as BrowserWindow, app, 'linux');
    expect(win.minimized).toBe(false);
    expect(win.visible).toBe(true);
    expect(win.focused).toBe(true);
    expect(app.focus).not.toHaveBeenCalled();
    raiseWindow(win as unknown as BrowserWindow, app, 'darwin');
    expect(app.focus).toHaveBeenCalledWith({ steal: true });
  });

  it('does nothing for a closed window', () => {
    const win = new FakeWindow({});
    win.destroyed = true;
    const app = { focus: vi.fn() };
    raiseWindow(win as unknown as BrowserWindow, app, 'darwin');
    expect(win.focused).toBe(false);
    expect(app.focus).not.toHaveBeenCalled();
  });
});
