// The decision `npm run dist` makes before it builds anything: environment and arguments in,
// allow or refuse (with the exact missing variables) and electron-builder's arguments out.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decideDist } from '../../../scripts/release-signing';

const root = fileURLToPath(new URL('../../../', import.meta.url));

const MAC_ALL = {
  CSC_LINK: '/secure/developer-id.p12',
  CSC_KEY_PASSWORD: 'p12-password',
  APPLE_ID: 'dev@example.com',
  APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh-ijkl-mnop',
  APPLE_TEAM_ID: 'ABCDE12345',
};
const WIN_ALL = { WIN_CSC_LINK: '/secure/code-signing.pfx', WIN_CSC_KEY_PASSWORD: 'pfx-password' };

describe('decideDist', () => {
  it('a local build goes ahead unsigned, on every platform, and never publishes', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const d = decideDist({ env: {}, argv: [], platform });
      expect(d).toMatchObject({ release: false, ok: true, missing: {}, builderArgs: ['--publish', 'never'] });
    }
    expect(decideDist({ env: {}, argv: ['--mac', '--win'], platform: 'darwin' })).toMatchObject({
      ok: true,
      targets: ['mac', 'win'],
      builderArgs: ['--mac', '--win', '--publish', 'never'],
    });
    expect(decideDist({ env: { CLIDE_RELEASE: '0' }, argv: [], platform: 'darwin' }).release).toBe(false);
  });

  it('a release build on macOS with nothing set is refused, naming every missing variable', () => {
    const d = decideDist({ env: { CLIDE_RELEASE: '1' }, argv: [], platform: 'darwin' });
    expect(d.ok).toBe(false);
    expect(d.targets).toEqual(['mac']);
    expect(d.missing).toEqual({ mac: ['CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'] });
    expect(d.message).toBe(
      'Release build refused: these would come out unsigned. Set the missing variables:\n' +
        '  macOS: CSC_LINK, CSC_KEY_PASSWORD, APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID\n' +
        '(For macOS, APPLE_API_KEY, APPLE_API_KEY_ID, APPLE_API_ISSUER may notarise instead of the Apple ID.)',
    );
  });

  it('`npm run release` for macOS and Windows names what each one still lacks', () => {
    const d = decideDist({
      env: { CSC_LINK: MAC_ALL.CSC_LINK, APPLE_ID: MAC_ALL.APPLE_ID, WIN_CSC_LINK: '  ' },
      argv: ['--release', '--mac', '--win'],
      platform: 'darwin',
    });
    expect(d.ok).toBe(false);
    expect(d.missing).toEqual({
      mac: ['CSC_KEY_PASSWORD', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'],
      // A blank value is as good as none.
      win: ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'],
    });
    expect(d.message).toContain('  macOS: CSC_KEY_PASSWORD, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID\n  Windows: WIN_CSC_LINK, WIN_CSC_KEY_PASSWORD');
    // --release is ours, not electron-builder's.
    expect(d.builderArgs).not.toContain('--release');
  });

  it('a release build with every variable goes ahead, with electron-builder told to fail rather than ship unsigned', () => {
    const d = decideDist({ env: { ...MAC_ALL, ...WIN_ALL, CLIDE_RELEASE: 'true' }, argv: ['--mac', '--win'], platform: 'darwin' });
    expect(d).toMatchObject({ release: true, ok: true, missing: {} });
    expect(d.builderArgs).toEqual(['--mac', '--win', '--publish', 'never', '-c.forceCodeSigning=true']);
    expect(d.message).toBe('Release build: macOS (signed and notarised), Windows (signed).');
  });

  it('notarisation may use an App Store Connect API key instead of the Apple ID', () => {
    const signing = { CSC_LINK: MAC_ALL.CSC_LINK, CSC_KEY_PASSWORD: MAC_ALL.CSC_KEY_PASSWORD };
    const partial = decideDist({ env: { ...signing, APPLE_API_KEY: '/secure/AuthKey.p8' }, argv: ['--release'], platform: 'darwin' });
    expect(partial.missing).toEqual({ mac: ['APPLE_API_KEY_ID', 'APPLE_API_ISSUER'] });
    expect(partial.message).not.toContain('APPLE_ID');
    const full = decideDist({
      env: { ...signing, APPLE_API_KEY: '/secure/AuthKey.p8', APPLE_API_KEY_ID: 'KEY123', APPLE_API_ISSUER: 'issuer-uuid' },
      argv: ['--release'],
      platform: 'darwin',
    });
    expect(full.ok).toBe(true);
  });

  it('publishing counts as a release: `npm run dist -- --publish always` must be signed too', () => {
    for (const argv of [['--publish', 'always'], ['--publish=onTag'], ['-p', 'onTagOrDraft']]) {
      const d = decideDist({ env: {}, argv: ['--win', ...argv], platform: 'win32' });
      expect(d, argv.join(' ')).toMatchObject({ release: true, ok: false, missing: { win: ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'] } });
    }
    const never = decideDist({ env: {}, argv: ['--publish', 'never'], platform: 'win32' });
    expect(never).toMatchObject({ release: false, ok: true, builderArgs: ['--publish', 'never'] });
    const signed = decideDist({ env: WIN_ALL, argv: ['--publish', 'always'], platform: 'win32' });
    expect(signed.builderArgs).toEqual(['--publish', 'always', '-c.forceCodeSigning=true']);
  });

  it('a Linux release needs no signing variables (its packages carry no code signature)', () => {
    const d = decideDist({ env: { CLIDE_RELEASE: '1' }, argv: [], platform: 'linux' });
    expect(d).toMatchObject({ release: true, ok: true, targets: ['linux'], missing: {} });
    expect(d.message).toBe('Release build: Linux (AppImage, deb, rpm and pacman carry no code signature).');
    // Asking a Linux machine for a Windows release still needs the Windows certificate.
    expect(decideDist({ env: { CLIDE_RELEASE: '1' }, argv: ['--linux', '--win'], platform: 'linux' }).missing).toEqual({
      win: ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD'],
    });
  });
});

describe('scripts/dist.ts', () => {
  it('refuses an unsigned release before building anything, with the message on stderr and exit code 1', () => {
    const env = { PATH: process.env['PATH'], HOME: process.env['HOME'], CLIDE_RELEASE: '1' };
    const r = spawnSync(process.execPath, [`${root}node_modules/tsx/dist/cli.mjs`, 'scripts/dist.ts', '--mac'], { cwd: root, env, encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('dist: Release build refused');
    expect(r.stderr).toContain('macOS: CSC_LINK, CSC_KEY_PASSWORD, APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID');
    // Nothing was built: electron-vite never ran.
    expect(r.stdout).toBe('');
  }, 30_000);
});
