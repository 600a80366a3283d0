import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { menuTemplate } from '../../../electron/shell/menu';

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}
const roles = (items: MenuItemConstructorOptions[]) =>
  flatten(items)
    .map((i) => i.role)
    .filter(Boolean);

describe('menuTemplate', () => {
  it.each(['darwin', 'linux', 'win32'] as const)('%s: standard edit roles, devtools and reload only in development', (platform) => {
    const prod = menuTemplate({ platform, isDev: false });
    const dev = menuTemplate({ platform, isDev: true });
    expect(roles(prod)).toContain('editMenu');
    expect(roles(prod)).toContain('togglefullscreen');
    for (const r of ['toggleDevTools', 'reload', 'forceReload']) {
      expect(roles(prod)).not.toContain(r);
      expect(roles(dev)).toContain(r);
    }
  });

  it('has the app menu on macOS and a Quit item elsewhere', () => {
    expect(roles(menuTemplate({ platform: 'darwin', isDev: false }))).toEqual(expect.arrayContaining(['appMenu', 'windowMenu']));
    for (const platform of ['linux', 'win32'] as const) {
      const r = roles(menuTemplate({ platform, isDev: false }));
      expect(r).toContain('quit');
      expect(r).not.toContain('appMenu');
    }
  });

  it('leaves Ctrl/Cmd+W to the window (it closes a tab, not the app window)', () => {
    for (const platform of ['darwin', 'linux', 'win32'] as const) {
      const r = roles(menuTemplate({ platform, isDev: true }));
      for (const bad of ['close', 'fileMenu']) expect(r).not.toContain(bad);
      if (platform !== 'darwin') expect(r).not.toContain('windowMenu');
    }
  });
});

describe('zoom and the transcript text keys', () => {
  it.each(['darwin', 'linux', 'win32'] as const)('%s: nothing binds Ctrl/Cmd+= / + / - / 0 (the window sizes the transcript text with them)', (platform) => {
    const items = flatten(menuTemplate({ platform, isDev: true }));
    // The zoom roles bring those keys with them, even without an accelerator written here.
    for (const bad of ['zoomIn', 'zoomOut', 'resetZoom', 'viewMenu']) expect(roles(items)).not.toContain(bad);
    const keys = items.map((i) => String(i.accelerator ?? '').toLowerCase()).filter(Boolean);
    for (const key of keys) expect(key).not.toMatch(/^(cmdorctrl|commandorcontrol|ctrl|control|cmd|command)\+(=|plus|-|minus|0|numadd|numsub|num0)$/);
  });

  it('zooms the whole window from the View menu by the steps the zoom roles use', () => {
    const view = menuTemplate({ platform: 'linux', isDev: false }).find((i) => i.label === '&View');
    const item = (label: string) => (view?.submenu as MenuItemConstructorOptions[]).find((i) => i.label === label);
    let level = 0;
    const win = { webContents: { getZoomLevel: () => level, setZoomLevel: (l: number) => void (level = l) } };
    const click = (label: string) => (item(label)?.click as (i: unknown, w: unknown) => void)(undefined, win);
    click('Zoom In');
    click('Zoom In');
    expect(level).toBe(1);
    click('Zoom Out');
    expect(level).toBe(0.5);
    click('Actual Size');
    expect(level).toBe(0);
    // With no window (the menu used while none has focus) nothing happens.
    expect(() => (item('Zoom In')?.click as (i: unknown, w: unknown) => void)(undefined, undefined)).not.toThrow();
  });
});

describe('Check for Updates…', () => {
  it.each(['darwin', 'linux', 'win32'] as const)('%s: in the Help menu when the app can update, and it asks for a check', (platform) => {
    const checkForUpdates = vi.fn();
    const help = menuTemplate({ platform, isDev: false, checkForUpdates }).find((i) => i.role === 'help');
    const item = (help?.submenu as MenuItemConstructorOptions[] | undefined)?.find((i) => i.label === 'Check for Updates…');
    expect(item).toBeDefined();
    (item!.click as () => void)();
    expect(checkForUpdates).toHaveBeenCalledTimes(1);
    expect(menuTemplate({ platform, isDev: false }).some((i) => i.role === 'help')).toBe(false);
  });
});
