// Builds the main, preload and renderer bundles with the project's real configs (into a
// temporary directory, so the shared out/ is untouched) and checks what Electron will load:
// the sandboxed preload must be CommonJS and self-contained, since it can require nothing but
// 'electron'; the renderer, served over app://clide, must find every script, style and worker
// it loads under that origin.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { MainConfigFactory, PreloadConfigFactory } from 'electron-vite';
import { build, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import electronViteConfig from '../../../electron.vite.config';
import { APP_ORIGIN, APP_PAGE_URL, appRequestHandler } from '../../../electron/shell/app-protocol';
import { rendererConfig } from '../../../renderer/vite.config';
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
      const ok =
        id.startsWith('node:') ||
        id === 'electron' ||
        Object.hasOwn(pkg.dependencies, id.split('/')[0]!.startsWith('@') ? id.split('/').slice(0, 2).join('/') : id.split('/')[0]!);
      expect(ok, `main imports ${id}`).toBe(true);
    }
  });
});

describe('renderer bundle over app://clide', () => {
  let serve: (url: string) => Promise<Response>;
  beforeAll(async () => {
    const dir = path.join(outDir, 'renderer');
    await build({ ...rendererConfig, configFile: false, logLevel: 'silent', build: { ...rendererConfig.build, outDir: dir, sourcemap: false } });
    const handler = appRequestHandler(dir);
    serve = (url) => handler(new Request(url));
  }, 120_000);

  it('the page, its scripts, styles and the highlight worker all resolve under app://clide and are served with their types', async () => {
    const page = await serve(APP_PAGE_URL);
    expect(page.status).toBe(200);
    const html = await page.text();
    const refs = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((r) => !r.startsWith('data:'));
    expect(refs.length).toBeGreaterThanOrEqual(2);
    const scripts: string[] = [];
    for (const ref of refs) {
      const url = new URL(ref, APP_PAGE_URL).href;
      // Same origin as the page: what script-src, style-src and worker-src 'self' allow.
      expect(url.startsWith(`${APP_ORIGIN}/assets/`), url).toBe(true);
      const res = await serve(url);
      expect(res.status, url).toBe(200);
      if (url.endsWith('.js')) {
        expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        scripts.push(url);
      }
    }
    // The page loads most of its code on demand: follow every chunk the scripts name
    // ("./name-hash.js"), so a part loaded later resolves under app://clide too. The worker is
    // built as new URL(<file>, import.meta.url) inside one of them.
    const workers = new Set<string>();
    const seen = new Set(scripts);
    for (let i = 0; i < scripts.length; i++) {
      const script = scripts[i]!;
      const res = await serve(script);
      expect(res.status, script).toBe(200);
      expect(res.headers.get('content-type'), script).toBe('text/javascript; charset=utf-8');
      const code = await res.text();
      for (const m of code.matchAll(/new URL\(\s*([`"'])([^`"']*worker[^`"']*\.js)\1\s*,\s*import\.meta\.url\s*\)/g)) workers.add(new URL(m[2]!, script).href);
      for (const m of code.matchAll(/["'`](\.\/[\w.-]+\.js)["'`]/g)) {
        const chunk = new URL(m[1]!, script).href;
        if (chunk.includes('worker') || seen.has(chunk)) continue;
        expect(chunk.startsWith(`${APP_ORIGIN}/assets/`), chunk).toBe(true);
        seen.add(chunk);
        scripts.push(chunk);
      }
    }
    expect(scripts.length).toBeGreaterThan(refs.length);
    expect([...workers]).toHaveLength(1);
    const [workerUrl] = [...workers];
    expect(workerUrl).toMatch(/^app:\/\/clide\/assets\/highlight\.worker-[\w-]+\.js$/);
    const worker = await serve(workerUrl!);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });
});
