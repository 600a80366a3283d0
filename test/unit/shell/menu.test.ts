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
    expect(roles(prod)).toEqual(expect.arrayContaining(['zoomIn', 'zoomOut', 'resetZoom', 'togglefullscreen']));
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
