// electron-builder cannot run here (it needs the Electron binary), so check what can be checked:
// the configuration passes electron-builder's own schema validation, says what we mean, and the
// resources it points at exist.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);

interface BuilderConfig {
  appId: string;
  productName: string;
  asar: boolean;
  directories: { buildResources: string };
  files: Array<string | { filter: string[] }>;
  linux: { target: string[]; category: string; maintainer: string; synopsis: string };
  mac: { target: string[]; hardenedRuntime: boolean; entitlements: string; category: string; notarize: boolean };
  win: { target: string[] };
  nsis: { oneClick: boolean; allowToChangeInstallationDirectory: boolean };
  electronFuses: Record<string, boolean>;
}

async function loadConfig(): Promise<BuilderConfig> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
    getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<BuilderConfig>;
    validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
  const config = await getConfig(root, null, null);
  // Throws with electron-builder's own explanation when an option is unknown or mistyped.
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe('electron-builder.yml', () => {
  it('passes electron-builder schema validation and says what we mean', async () => {
    const config = await loadConfig();
    expect(config.appId).toBe('dev.clide.app');
    expect(config.productName).toBe('clide');
    expect(config.asar).toBe(true);
    expect(config.directories.buildResources).toBe('build');
    expect(config.linux.target).toEqual(['AppImage', 'deb', 'rpm', 'pacman']);
    expect(config.linux.category).toBe('Development');
    expect(config.linux.maintainer).toMatch(/<[^@\s]+@[^>\s]+>/);
    expect(config.linux.synopsis).toBeTruthy();
    // Notarised whenever APPLE_ID & co. are set (electron-builder reads them); scripts/dist.ts makes a release require them.
    expect(config.mac).toMatchObject({
      target: ['dmg'],
      hardenedRuntime: true,
      entitlements: 'build/entitlements.mac.plist',
      category: 'public.app-category.developer-tools',
      notarize: true,
    });
    expect(config.win.target).toEqual(['nsis']);
    expect(config.nsis).toMatchObject({ oneClick: false, allowToChangeInstallationDirectory: true });
  }, 30_000);

  it('decides every fuse of the pinned Electron, and flips exactly the hardened set', async () => {
    const config = await loadConfig();
    expect(config.electronFuses).toStrictEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      // The page comes from the app:// scheme (electron/shell/app-protocol.ts), so file:// pages
      // need none of their legacy powers.
      grantFileProtocolExtraPrivileges: false,
    });
    // What electron-builder hands @electron/fuses: every fuse the wire has, none left to its default.
    const { PlatformPackager } = require('app-builder-lib') as {
      PlatformPackager: { prototype: { generateFuseConfig(f: unknown): Promise<Record<string, unknown>> } };
    };
    const { FuseV1Options } = require('@electron/fuses') as { FuseV1Options: Record<string, number | string> };
    const wire = await PlatformPackager.prototype.generateFuseConfig.call({}, config.electronFuses);
    const fuseIds = Object.values(FuseV1Options).filter((v): v is number => typeof v === 'number');
    for (const id of fuseIds) expect(typeof wire[String(id)], `fuse ${FuseV1Options[id]} is decided`).toBe('boolean');
    expect(wire[String(FuseV1Options['GrantFileProtocolExtraPrivileges'])]).toBe(false);
    expect(wire[String(FuseV1Options['EnableEmbeddedAsarIntegrityValidation'])]).toBe(true);
  }, 30_000);

  it("a release build's arguments mean to electron-builder what scripts/dist.ts intends", async () => {
    const { decideDist } = await import('../../../scripts/release-signing');
    const { builderArgs } = decideDist({ env: { CLIDE_RELEASE: '1' }, argv: [], platform: 'linux' });
    // Parsed by electron-builder's own command line and merged into the validated configuration.
    const { createYargs, configureBuildCommand } = require('electron-builder/out/builder.js') as {
      createYargs(): unknown;
      configureBuildCommand(y: unknown): { parse(args: string[]): { publish?: string; config?: object } };
    };
    const parsed = configureBuildCommand(createYargs()).parse(builderArgs);
    expect(parsed.publish).toBe('never');
    const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
      getConfig(projectDir: string, configPath: string | null, fromOptions: object | undefined): Promise<{ forceCodeSigning?: unknown }>;
      validateConfiguration(config: object, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
    const config = await getConfig(root, null, parsed.config);
    await validateConfiguration(config, new DebugLogger(false));
    expect(config.forceCodeSigning).toBe(true);
  }, 30_000);

  it('ships only the build output and package.json from the project', async () => {
    const config = await loadConfig();
    const patterns = config.files.flatMap((f) => (typeof f === 'string' ? [f] : f.filter));
    const includes = patterns.filter((p) => !p.startsWith('!'));
    expect(includes.sort()).toEqual(['out/**', 'package.json']);
  }, 30_000);

  it('points at resources that exist', () => {
    expect(existsSync(`${root}build/entitlements.mac.plist`)).toBe(true);
    const plist = readFileSync(`${root}build/entitlements.mac.plist`, 'utf8');
    expect(plist).toContain('com.apple.security.cs.allow-jit');
    // Least privilege: no library-validation opt-out, no device access.
    expect(plist).not.toContain('disable-library-validation');
    expect(plist).not.toContain('com.apple.security.device');
  });

  it('has a 1024x1024 RGBA PNG icon', () => {
    const png = readFileSync(`${root}build/icon.png`);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1024);
    expect(png.readUInt32BE(20)).toBe(1024);
    expect(png[24]).toBe(8); // bit depth
    expect(png[25]).toBe(6); // RGBA
  });
});

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { main: string; scripts: Record<string, string> };

  it('points Electron at the built main bundle', () => {
    expect(pkg.main).toBe('out/main/main.js');
  });

  it('start and dev fetch the Electron binary first; build and dist never need it', () => {
    // electron >= 45 has no postinstall: the binary arrives through its install-electron bin
    // (or the first require('electron')), and electron-vite only reads node_modules/electron/path.txt.
    // (scripts/install-electron.mjs runs that installer and says plainly why it failed, if it does.)
    expect(pkg.scripts['start']).toBe('node scripts/install-electron.mjs && electron-vite preview');
    expect(pkg.scripts['dev']).toBe('node scripts/install-electron.mjs && electron-vite dev');
    expect(pkg.scripts['build']).toBe('electron-vite build');
    // dist builds with electron-vite and packages with electron-builder, after the signing check.
    expect(pkg.scripts['dist']).toBe('tsx scripts/dist.ts');
    expect(pkg.scripts['release']).toBe('tsx scripts/dist.ts --release');
  });
});
