import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findClaude } from '../../../electron/core/find-claude';

const home = '/home/me';
const only =
  (...ok: string[]) =>
  (p: string) =>
    ok.includes(p) ? ('ok' as const) : ('missing' as const);

describe('findClaude', () => {
  it('uses CLIDE_CLAUDE_PATH first', () => {
    const r = findClaude({
      env: { CLIDE_CLAUDE_PATH: '/opt/c/claude', PATH: '/usr/bin' },
      homeDir: home,
      platform: 'linux',
      isExecutable: only('/opt/c/claude', '/usr/bin/claude'),
    });
    expect(r).toEqual({ found: true, path: '/opt/c/claude', source: 'env' });
  });

  it('reports a CLIDE_CLAUDE_PATH that is missing or not executable, without falling back silently', () => {
    const missing = findClaude({
      env: { CLIDE_CLAUDE_PATH: '/nope', PATH: '/usr/bin' },
      homeDir: home,
      platform: 'linux',
      isExecutable: only('/usr/bin/claude'),
    });
    expect(missing).toMatchObject({ found: false, error: { kind: 'cli-not-found' } });
    expect(missing.error?.message).toContain('/nope');
    const notExec = findClaude({ env: { CLIDE_CLAUDE_PATH: '/x' }, homeDir: home, platform: 'linux', isExecutable: () => 'not-executable' });
    expect(notExec).toMatchObject({ found: false, error: { kind: 'cli-not-executable' } });
  });

  it('uses the executable chosen in Settings after CLIDE_CLAUDE_PATH and before PATH', () => {
    const isExecutable = only('/opt/c/claude', '/set/claude', '/usr/bin/claude');
    expect(findClaude({ env: { PATH: '/usr/bin' }, claudePath: '/set/claude', homeDir: home, platform: 'linux', isExecutable })).toEqual({
      found: true,
      path: '/set/claude',
      source: 'setting',
    });
    expect(
      findClaude({ env: { CLIDE_CLAUDE_PATH: '/opt/c/claude', PATH: '/usr/bin' }, claudePath: '/set/claude', homeDir: home, platform: 'linux', isExecutable }),
    ).toMatchObject({ path: '/opt/c/claude', source: 'env' });
    // Blank means "find it".
    expect(findClaude({ env: { PATH: '/usr/bin' }, claudePath: '  ', homeDir: home, platform: 'linux', isExecutable })).toMatchObject({
      path: '/usr/bin/claude',
      source: 'path',
    });
  });

  it('reports a chosen executable that is missing or not executable, and says where to fix it', () => {
    const missing = findClaude({
      env: { PATH: '/usr/bin' },
      claudePath: '/gone/claude',
      homeDir: home,
      platform: 'linux',
      isExecutable: only('/usr/bin/claude'),
    });
    expect(missing).toMatchObject({ found: false, source: 'setting', path: '/gone/claude', error: { kind: 'cli-not-found' } });
    expect(missing.error?.message).toContain('/gone/claude');
    expect(missing.error?.hint).toMatch(/Settings/);
    const notExec = findClaude({ env: {}, claudePath: '/x/claude', homeDir: home, platform: 'linux', isExecutable: () => 'not-executable' });
    expect(notExec).toMatchObject({ found: false, source: 'setting', error: { kind: 'cli-not-executable' } });
  });

  it('searches PATH in order', () => {
    const r = findClaude({ env: { PATH: '/a:/b:/c' }, homeDir: home, platform: 'linux', isExecutable: only('/b/claude', '/c/claude') });
    expect(r).toEqual({ found: true, path: '/b/claude', source: 'path' });
  });

  it('falls back to ~/.local/bin then ~/.claude/local', () => {
    const local = path.join(home, '.local', 'bin', 'claude');
    const claudeLocal = path.join(home, '.claude', 'local', 'claude');
    expect(findClaude({ env: { PATH: '/a' }, homeDir: home, platform: 'linux', isExecutable: only(claudeLocal, local) })).toEqual({
      found: true,
      path: local,
      source: 'install-location',
    });
    expect(findClaude({ env: {}, homeDir: home, platform: 'linux', isExecutable: only(claudeLocal) }).path).toBe(claudeLocal);
  });

  it('says what to do when nothing is found', () => {
    const r = findClaude({ env: { PATH: '/a' }, homeDir: home, platform: 'linux', isExecutable: () => 'missing' });
    expect(r.found).toBe(false);
    expect(r.error?.kind).toBe('cli-not-found');
    expect(r.error?.hint).toMatch(/npm install -g @anthropic-ai\/claude-code/);
    expect(r.error?.hint).toMatch(/CLIDE_CLAUDE_PATH/);
  });

  it('uses Windows separators and executable names', () => {
    const r = findClaude({
      env: { Path: 'C:\\bin;C:\\tools' },
      homeDir: 'C:\\Users\\me',
      platform: 'win32',
      isExecutable: only(path.join('C:\\tools', 'claude.exe')),
    });
    expect(r).toMatchObject({ found: true, source: 'path' });
  });
});
