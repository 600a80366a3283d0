import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findClaude as realFindClaude, isAppOwned, npmPrefix, type FindClaudeInput } from '../../../electron/core/find-claude';
import { parseLoginOutput, PRINT_ENV } from '../../../electron/core/login-path';

// No login shell, no app folder, no version unless a test gives them: each case says what it needs.
const findClaude = (input: FindClaudeInput) => realFindClaude({ loginPath: () => undefined, appRoot: '/app/clide', version: () => undefined, ...input });

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

  it("prefers the login shell's PATH to its own, and says so", () => {
    const r = findClaude({
      env: { PATH: '/usr/bin' },
      loginPath: () => '/home/me/bin:/usr/bin',
      homeDir: home,
      platform: 'linux',
      isExecutable: only('/usr/bin/claude', '/home/me/bin/claude'),
      version: (p) => (p === '/home/me/bin/claude' ? '2.1.337' : undefined),
    });
    expect(r).toEqual({ found: true, path: '/home/me/bin/claude', source: 'login-shell', version: '2.1.337' });
  });

  it("never picks the app's own claude: its node_modules/.bin (and a parent's) on either PATH, or anything inside it", () => {
    const pin = '/app/clide/node_modules/.bin/claude';
    const parentPin = '/app/node_modules/.bin/claude';
    const local = path.join(home, '.local', 'bin', 'claude');
    const isExecutable = only(pin, parentPin, local, '/other/node_modules/.bin/claude');
    const r = findClaude({
      env: { PATH: '/app/clide/node_modules/.bin:/app/node_modules/.bin:/usr/bin' },
      loginPath: () => '/app/clide/node_modules/.bin:/usr/bin',
      homeDir: home,
      platform: 'linux',
      isExecutable,
    });
    expect(r).toMatchObject({ found: true, path: local, source: 'install-location' });
    // Another project's node_modules/.bin is the person's business.
    expect(findClaude({ env: { PATH: '/other/node_modules/.bin' }, homeDir: home, platform: 'linux', isExecutable })).toMatchObject({
      path: '/other/node_modules/.bin/claude',
    });
    expect(isAppOwned('/app/clide/node_modules/@anthropic-ai/claude-code/bin', '/app/clide', 'linux')).toBe(true);
    expect(isAppOwned('/app/clide-other/bin', '/app/clide', 'linux')).toBe(false);
    // Relative entries mean "wherever clide runs": skipped.
    expect(findClaude({ env: { PATH: 'node_modules/.bin:.' }, homeDir: home, platform: 'linux', isExecutable: () => 'ok' }).source).not.toBe('path');
  });

  it("looks in npm's global prefix, read without starting npm", () => {
    const r = findClaude({ env: { npm_config_global_prefix: '/opt/npm' }, homeDir: home, platform: 'linux', isExecutable: only('/opt/npm/bin/claude') });
    expect(r).toMatchObject({ found: true, path: '/opt/npm/bin/claude', source: 'install-location' });
    expect(npmPrefix({ NPM_CONFIG_PREFIX: ' /x ' }, home)).toBe('/x');
  });

  it('reads PATH between the markers, whatever the shell prints around it', () => {
    expect(PRINT_ENV).toMatch(/^echo \S+; env; echo \S+$/);
    const [begin, end] = [PRINT_ENV.split(';')[0]!.slice(5), PRINT_ENV.split(';')[2]!.trim().slice(5)];
    const out = `Welcome to the box!\nPATH=/banner/not/this\n${begin}\nHOME=/h\nPATH=/a:/b\nX=1\n${end}\nbye\n`;
    expect(parseLoginOutput(out)).toBe('/a:/b');
    expect(parseLoginOutput(`${begin}\nPATH=/a`)).toBeUndefined();
    expect(parseLoginOutput('PATH=/a\n')).toBeUndefined();
  });
});
