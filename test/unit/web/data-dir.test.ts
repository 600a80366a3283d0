import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { webDataDir } from '../../../electron/web/data-dir';

describe('the browser host data dir', () => {
  it('follows each platform’s place for app state', () => {
    expect(webDataDir({}, '/home/ada', 'linux')).toBe(path.join('/home/ada', '.local', 'state', 'clide', 'web'));
    expect(webDataDir({ XDG_STATE_HOME: '/xdg' }, '/home/ada', 'linux')).toBe(path.join('/xdg', 'clide', 'web'));
    expect(webDataDir({}, '/Users/ada', 'darwin')).toBe(path.join('/Users/ada', 'Library', 'Application Support', 'clide', 'web'));
    expect(webDataDir({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'C:\\Users\\ada', 'win32')).toBe(
      path.join('C:\\Users\\ada\\AppData\\Local', 'clide', 'web'),
    );
  });

  it('can be set with CLIDE_WEB_DATA_DIR', () => {
    expect(webDataDir({ CLIDE_WEB_DATA_DIR: '/tmp/x' }, '/home/ada', 'linux')).toBe(path.resolve('/tmp/x'));
    expect(webDataDir({ CLIDE_WEB_DATA_DIR: '  ' }, '/home/ada', 'linux')).toBe(path.join('/home/ada', '.local', 'state', 'clide', 'web'));
  });
});
