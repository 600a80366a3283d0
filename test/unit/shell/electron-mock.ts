// Tiny hand-written stand-ins for the parts of the electron module the shell uses. Tests
// install them with vi.mock('electron', () => import('./electron-mock')) and read the same
// instances back by importing this file.
import { EventEmitter } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';

type Listener = (...args: never[]) => unknown;

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  handle(channel: string, fn: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.handlers.set(channel, fn);
  },
  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  },
};

class FakeIpcRenderer extends EventEmitter {
  invoke = vi.fn(async (channel: string, input: unknown) => ({ ok: true, value: { channel, input } }));
  send = vi.fn();
}
export const ipcRenderer = new FakeIpcRenderer();

export const contextBridge = {
  exposed: new Map<string, unknown>(),
  exposeInMainWorld(key: string, api: unknown): void {
    if (this.exposed.has(key)) throw new Error(`Cannot bind an API on top of an existing property on the window object: ${key}`);
    this.exposed.set(key, api);
  },
};

export const dialog = {
  showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 1, checkboxChecked: false })),
  showErrorBox: vi.fn(),
  showOpenDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: true, filePaths: [] as string[] })),
};

export const shell = { openExternal: vi.fn(async (_url: string) => undefined) };

class FakeNativeTheme extends EventEmitter {
  shouldUseDarkColors = false;
}
export const nativeTheme = new FakeNativeTheme();

export class BrowserWindow extends EventEmitter {
  static all: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.all.filter((w) => !w.destroyed);
  }
  static fromWebContents(): BrowserWindow | null {
    return null;
  }
  static getFocusedWindow(): BrowserWindow | null {
    return null;
  }

  readonly options: unknown;
  visible = false;
  destroyed = false;
  background: string | undefined;
  loadFile = vi.fn(async (_path: string) => undefined);
  loadURL = vi.fn(async (_url: string) => undefined);
  readonly webContents = { send: vi.fn(), isDestroyed: () => this.destroyed };

  constructor(options: unknown) {
    super();
    this.options = options;
    BrowserWindow.all.push(this);
  }
  show(): void {
    this.visible = true;
  }
  hide(): void {
    this.visible = false;
  }
  isVisible(): boolean {
    return this.visible;
  }
  minimized = false;
  focused = false;
  isMinimized(): boolean {
    return this.minimized;
  }
  restore(): void {
    this.minimized = false;
  }
  focus(): void {
    this.focused = true;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setBackgroundColor(color: string): void {
    this.background = color;
  }
}

class FakeApp extends EventEmitter {
  isPackaged = true;
  requestSingleInstanceLock = vi.fn(() => true);
  enableSandbox = vi.fn();
  setAppUserModelId = vi.fn();
  getAppPath = vi.fn(() => '/opt/clide/resources/app.asar');
  getVersion = vi.fn(() => '1.2.3');
  getPath = vi.fn((_name: string) => path.join(os.tmpdir(), 'clide-electron-mock-userdata'));
  focus = vi.fn();
  whenReady = vi.fn(() => Promise.resolve());
  quit = vi.fn();
  exit = vi.fn();
}
export const app = new FakeApp();

export const Menu = {
  buildFromTemplate: vi.fn((template: unknown) => ({ template })),
  setApplicationMenu: vi.fn(),
};

export const session = {
  defaultSession: {
    webRequest: { onHeadersReceived: vi.fn() },
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  },
};

export const protocol = {
  registerSchemesAsPrivileged: vi.fn((_schemes: unknown[]) => undefined),
  handlers: new Map<string, (request: Request) => Response | Promise<Response>>(),
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void {
    if (this.handlers.has(scheme)) throw new Error(`The scheme has been handled: ${scheme}`);
    this.handlers.set(scheme, handler);
  },
};

export function resetElectronMock(): void {
  app.removeAllListeners();
  app.isPackaged = true;
  for (const f of [
    app.requestSingleInstanceLock,
    app.enableSandbox,
    app.setAppUserModelId,
    app.quit,
    app.exit,
    Menu.setApplicationMenu,
    Menu.buildFromTemplate,
  ]) {
    f.mockClear();
  }
  app.requestSingleInstanceLock.mockReturnValue(true);
  session.defaultSession.webRequest.onHeadersReceived.mockClear();
  session.defaultSession.setPermissionRequestHandler.mockClear();
  session.defaultSession.setPermissionCheckHandler.mockClear();
  session.defaultSession.setDevicePermissionHandler.mockClear();
  ipcMain.handlers.clear();
  protocol.registerSchemesAsPrivileged.mockClear();
  protocol.handlers.clear();
  ipcRenderer.removeAllListeners();
  ipcRenderer.invoke.mockClear();
  contextBridge.exposed.clear();
  dialog.showMessageBox.mockReset();
  dialog.showMessageBox.mockResolvedValue({ response: 1, checkboxChecked: false });
  dialog.showErrorBox.mockReset();
  dialog.showOpenDialog.mockReset();
  dialog.showOpenDialog.mockResolvedValue({ canceled: true, filePaths: [] });
  app.focus.mockClear();
  shell.openExternal.mockReset();
  shell.openExternal.mockResolvedValue(undefined);
  nativeTheme.removeAllListeners();
  nativeTheme.shouldUseDarkColors = false;
  BrowserWindow.all = [];
}

/** A fake IPC event whose sender is the given frame. */
export function ipcEvent(frame: { url: string; parent: unknown } | null): { senderFrame: typeof frame } {
  return { senderFrame: frame };
}
