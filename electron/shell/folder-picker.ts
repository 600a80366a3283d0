// The native "choose a folder" dialog for a new session's working directory, attached to the
// window that asked (a sheet on macOS).
import type { BrowserWindow, OpenDialogOptions, OpenDialogReturnValue } from 'electron';

export interface DialogLike {
  showOpenDialog(window: BrowserWindow, options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
  showOpenDialog(options: OpenDialogOptions): Promise<OpenDialogReturnValue>;
}

export function folderDialogOptions(defaultPath: string | undefined): OpenDialogOptions {
  return {
    title: 'Choose a working folder',
    buttonLabel: 'Start session here',
    properties: ['openDirectory', 'createDirectory'],
    ...(defaultPath ? { defaultPath } : {}),
  };
}

/** The chosen folder, or undefined when the dialog was cancelled. */
export async function pickFolder(dialog: DialogLike, parent: BrowserWindow | undefined, defaultPath: string | undefined): Promise<string | undefined> {
  const options = folderDialogOptions(defaultPath);
  const r = parent && !parent.isDestroyed() ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return r.canceled ? undefined : r.filePaths[0];
}
