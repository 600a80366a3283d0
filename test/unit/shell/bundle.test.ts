// Builds the main and preload bundles with the project's real electron-vite config (into a
// temporary directory, so the shared out/ is untouched) and checks what Electron will load:
// the sandboxed preload must be CommonJS and self-contained, since it can require nothing but
// 'electron'.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { MainConfigFactory, PreloadConfigFactory } from 'electron-vite';
import { build, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import electronViteConfig from '../../../electron.vite.config';
import { channels } from '../../../shared/ipc';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let outDir: string;
const config = electronViteConfig as { main: object; preload: object };

async function bundle(kind: 'main' | 'preload', file: string): Promise<string> {
  const inline = { root, configFile: false as const, logLevel: 'silent' as const, build: { outDir } };
  const Factory = kind === 'main' ? MainConfigFactory : PreloadConfigFactory;
  await build((await new Factory(config[kind] as never, inline, { outDir, root }).build()) as InlineConfig);
  return readFileSync(path.join(outDir, kind, file), 'utf8');
}

beforeAll(() => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'clide-bundle-'));
});

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('preload bundle', () => {
  let preloadCode = '';
  beforeAll(async () => {
    preloadCode = await bundle('preload', 'preload.cjs');
  }, 60_000);

  it("is CommonJS that requires only 'electron'", () => {
    expect(preloadCode).not.toMatch(/^\s*import\s/m);
    expect(preloadCode).not.toMatch(/^\s*export\s/m);
    const required = new Set([...preloadCode.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]));
    expect([...required]).toEqual(['electron']);
  });

  it('runs in a sandbox-like context and exposes window.clide', () => {
    const exposed = new Map<string, Record<string, unknown>>();
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => exposed.set(key, api) },
      ipcRenderer: { invoke: async () => undefined, on: () => undefined, removeListener: () => undefined },
    };
    const module = { exports: {} };
    const sandboxRequire = (id: string): unknown => {
      if (id === 'electron') return electron;
      throw new Error(`module not found: ${id}`);
    };
    vm.runInNewContext(`(function (require, module, exports) {${preloadCode}\n})`, { console }, { filename: 'preload.cjs' })(
      sandboxRequire,
      module,
      module.exports,
    );
    const api = exposed.get('clide');
    expect(api).toBeDefined();
    for (const { domain, verb } of channels()) expect(typeof (api?.[domain] as Record<string, unknown>)[verb]).toBe('function');
    expect(typeof api?.['onEvents']).toBe('function');
  });
});

describe('main bundle', () => {
  let mainCode = '';
  beforeAll(async () => {
    mainCode = await bundle('main', 'main.js');
  }, 60_000);

  it('is an ES module importing only node built-ins, electron and production dependencies', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    // The search worker is a second entry; code both use sits in a chunk beside them.
    const files = ['main.js', 'search-worker.js'];
    const imports: string[] = [];
    for (let i = 0; i < files.length; i++) {
      const code = i === 0 ? mainCode : readFileSync(path.join(outDir, 'main', files[i]!), 'utf8');
      for (const m of code.matchAll(/^import\s[^'"]*["']([^"']+)["']/gm)) {
        const id = m[1] as string;
        if (id.startsWith('./')) {
          if (!files.includes(id.slice(2))) files.push(id.slice(2));
        } else imports.push(id);
      }
    }
    expect(imports.length).toBeGreaterThan(0);
    for (const id of imports) {
      const ok = id.startsWith('node:') || id === 'electron' || Object.hasOwn(pkg.dependencies, id.split('/')[0]!.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]!);
      expect(ok, `main imports ${id}`).toBe(true);
    }
  });
});
