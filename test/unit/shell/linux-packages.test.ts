// The Linux packages, the URL scheme, the folder handler and where updates come from, as
// electron-builder itself reads electron-builder.yml: its configuration loader, its command
// line, and the code that writes the .desktop file (fpm and appimagetool cannot run here).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decideDist } from '../../../scripts/release-signing';
// @ts-expect-error: a plain .mjs build script without type declarations
import { LINUX_SIZES, renderIcon } from '../../../build/make-icon.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const require = createRequire(import.meta.url);

interface Config {
  linux: { target: string[]; executableName: string; icon: string; mimeTypes: string[]; category: string; description: string };
  protocols: Array<{ name: string; schemes: string[] }>;
  publish: Array<Record<string, string>> | Record<string, string>;
  mac: { extendInfo: { CFBundleDocumentTypes: Array<Record<string, unknown>> } };
}

const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: object | null | undefined): Promise<Config>;
  validateConfiguration(config: object, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

async function loadConfig(fromOptions: object | null = null): Promise<Config> {
  const config = await getConfig(root, null, fromOptions);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { productName: string; description: string; desktopName: string };

/** The .desktop file electron-builder writes into the AppImage, deb, rpm and pacman packages. */
function desktopEntry(config: Config): Promise<string> | string {
  const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper.js') as {
    LinuxTargetHelper: new (packager: unknown) => { computeDesktopEntry(options: unknown): Promise<string> | string };
  };
  const packager = {
    appInfo: { productName: pkg.productName, sanitizedProductName: pkg.productName, description: pkg.description },
    executableName: config.linux.executableName,
    info: { metadata: pkg },
    fileAssociations: [],
    config,
    platformSpecificBuildOptions: config.linux,
  };
  return new LinuxTargetHelper(packager).computeDesktopEntry(config.linux);
}

function parseEntry(text: string): Map<string, string> {
  const lines = text.trim().split('\n');
  expect(lines[0]).toBe('[Desktop Entry]');
  return new Map(lines.slice(1).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)] as [string, string]));
}

describe('Linux packages', () => {
  it('builds AppImage, deb, rpm and pacman from the one configuration, as the `clide` command', async () => {
    const config = await loadConfig();
    expect(config.linux.target).toEqual(['AppImage', 'deb', 'rpm', 'pacman']);
    expect(config.linux.executableName).toBe('clide');
    // Electron takes its Wayland app_id from desktopName; the entry's StartupWMClass must match it.
    expect(pkg.desktopName).toBe('clide.desktop');
  }, 30_000);

  it('writes a desktop entry that opens folders and clide:// links with clide', async () => {
    const config = await loadConfig();
    const entry = parseEntry(await desktopEntry(config));
    expect(entry.get('Name')).toBe('clide');
    expect(entry.get('Type')).toBe('Application');
    // %U: the file manager passes a folder as a file:// URL, a link as itself (electron/core/launch).
    expect(entry.get('Exec')).toBe('/opt/clide/clide %U');
    expect(entry.get('Icon')).toBe('clide');
    expect(entry.get('StartupWMClass')).toBe('clide');
    expect(entry.get('Categories')).toBe('Development;');
    expect(entry.get('MimeType')?.split(';').filter(Boolean)).toEqual(['inode/directory', 'x-scheme-handler/clide']);
    expect(config.protocols).toEqual([{ name: 'clide', schemes: ['clide'] }]);
  }, 30_000);

  it('ships the icon drawn at every hicolor size, as build/make-icon.mjs draws it today', async () => {
    const config = await loadConfig();
    expect(config.linux.icon).toBe('build/icons');
    expect(LINUX_SIZES).toEqual([16, 24, 32, 48, 64, 128, 256, 512]);
    for (const size of LINUX_SIZES as number[]) {
      const png = readFileSync(`${root}build/icons/${size}x${size}.png`);
      expect(png.toString('ascii', 12, 16), `${size}x${size}.png`).toBe('IHDR');
      expect([png.readUInt32BE(16), png.readUInt32BE(20), png[24], png[25]], `${size}x${size}.png`).toEqual([size, size, 8, 6]);
      // A stale file (the drawing changed, the icons were not made again) fails here.
      if (size <= 128) expect(png.equals(renderIcon(size) as Buffer), `${size}x${size}.png is current`).toBe(true);
    }
  }, 60_000);

  it('lets macOS open a folder dropped on the Dock icon', async () => {
    const config = await loadConfig();
    expect(config.mac.extendInfo.CFBundleDocumentTypes).toEqual([
      expect.objectContaining({ CFBundleTypeRole: 'Viewer', LSItemContentTypes: ['public.folder'] }),
    ]);
  }, 30_000);
});

describe('update source of a build', () => {
  it("is GitHub releases of package.json's repository by default", async () => {
    const config = await loadConfig();
    expect(config.publish).toEqual([{ provider: 'github' }]);
    const { getRepositoryInfo } = require('app-builder-lib/out/util/repositoryInfo.js') as {
      getRepositoryInfo(projectDir: string, metadata: object): Promise<{ user: string; project: string; type: string } | null>;
    };
    expect(await getRepositoryInfo(root, pkg)).toMatchObject({ type: 'github', user: 'clide-dev', project: 'clide' });
  }, 30_000);

  it('is a generic server when CLIDE_UPDATE_URL is set, as electron-builder parses the arguments', async () => {
    const { builderArgs, ok } = decideDist({ env: { CLIDE_UPDATE_URL: 'https://updates.example.com/clide/' }, argv: ['--linux'], platform: 'linux' });
    expect(ok).toBe(true);
    const { createYargs, configureBuildCommand } = require('electron-builder/out/builder.js') as {
      createYargs(): unknown;
      configureBuildCommand(y: unknown): { parse(args: string[]): { config?: object } };
    };
    const parsed = configureBuildCommand(createYargs()).parse(builderArgs);
    const config = await loadConfig(parsed.config);
    const publish = Array.isArray(config.publish) ? config.publish : [config.publish];
    expect(publish).toEqual([{ provider: 'generic', url: 'https://updates.example.com/clide/' }]);
  }, 30_000);

  it('refuses a CLIDE_UPDATE_URL that is not an http(s) address, saying so', () => {
    for (const url of ['updates.example.com', 'file:///srv/updates']) {
      const d = decideDist({ env: { CLIDE_UPDATE_URL: url }, argv: [], platform: 'linux' });
      expect(d.ok).toBe(false);
      expect(d.message).toMatch(/^CLIDE_UPDATE_URL (is not a URL|must be an http\(s\) address)/);
    }
  });
});
