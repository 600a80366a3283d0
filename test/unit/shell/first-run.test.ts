// What a first run from source prints: the Node version the README and package.json ask for is
// one every installed tool accepts (Electron's installer among them), the renderer's Vite config
// loads without warnings, and a failed Electron download says what failed and what works
// without it (scripts/install-electron.mjs), not a raw stack.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigFromFile, type Logger } from 'vite';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { installElectron } from '../../../scripts/install-electron.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;
const nodeRange = (pkg: Record<string, unknown>) => (pkg.engines as { node?: string } | undefined)?.node;

type Version = [number, number, number];

function parse(v: string): Version {
  const [a = 0, b = 0, c = 0] = v.split('.').map(Number);
  return [a, b, c];
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** Whether `v` is in `range`: npm's range forms (||, space-separated comparators, ^ ~ >= > < <=, partial versions). */
function satisfies(v: Version, range: string): boolean {
  return range.split('||').some((alt) =>
    alt
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .replace(/(\.[xX*])+(?=\s|$)/g, '')
      .trim()
      .split(/\s+/)
      .every((comparator) => {
        if (comparator === '*' || comparator === '' || comparator === 'x') return true;
        const m = /^(>=|<=|>|<|=|\^|~)?v?(\d+(?:\.\d+){0,2})$/.exec(comparator);
        if (!m) throw new Error(`An engines range this test cannot read: "${range}"`);
        const parts = m[2]!.split('.').length;
        const min = parse(m[2]!);
        const c = compare(v, min);
        switch (m[1]) {
          case '>=':
            return c >= 0;
          case '>':
            return c > 0;
          case '<':
            return c < 0;
          case '<=':
            return c <= 0;
          case '^':
            return c >= 0 && v[0] === min[0];
          case '~':
            return c >= 0 && v[0] === min[0] && (parts === 1 || v[1] === min[1]);
          default:
            // A bare or partial version: everything it names ("20" is every 20.x).
            return v.slice(0, parts).every((n, i) => n === min[i]);
        }
      }),
  );
}

describe('the Node version clide asks for', () => {
  const engines = nodeRange(readJson('package.json'));
  const oldest = parse(/^>=(\d+\.\d+\.\d+)$/.exec(engines ?? '')?.[1] ?? '0');
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const electronRange = nodeRange(readJson('node_modules/electron/package.json'))!;
  const electronOldest = parse(/^>=\s*(\d+\.\d+\.\d+)$/.exec(electronRange)?.[1] ?? '0');

  it('is what the README says, and the lock file agrees', () => {
    expect(engines).toMatch(/^>=\d+\.\d+\.0$/);
    expect(readme).toContain(`**Node.js ${oldest[0]}.${oldest[1]} or newer**`);
    const lock = readJson('package-lock.json') as { packages: Record<string, Record<string, unknown>> };
    expect(nodeRange(lock.packages['']!)).toBe(engines);
  });

  it('is what this suite runs on: the tests themselves prove the browser host and every check work there', () => {
    // CI and the dev machines run Node 20: were the README to ask for less than they have, or
    // this run be older than it asks, the statement would be untested.
    expect(satisfies(parse(process.versions.node), engines!)).toBe(true);
    expect(parse(process.versions.node)[0]).toBe(oldest[0]);
  });

  it("names what the desktop app's Electron installer asks for, and npm start says so on an older Node", async () => {
    expect(electronRange).toBeDefined();
    expect(readme).toContain(`**Node.js ${electronOldest[0]}.${electronOldest[1]} or newer**`);
    // @ts-expect-error a plain .mjs script without types
    const { nodeTooOld } = (await import('../../../scripts/install-electron.mjs')) as { nodeTooOld(dir: string, v: string): string | undefined };
    const dir = path.join(root, 'node_modules', 'electron');
    expect(nodeTooOld(dir, `${oldest[0]}.${oldest[1]}.0`)).toBe(`${electronOldest.join('.')} or newer`);
    expect(nodeTooOld(dir, electronOldest.join('.'))).toBeUndefined();
  });
});

describe('the renderer build config', () => {
  it('loads without a warning (no import Vite cannot load natively)', async () => {
    const warnings: string[] = [];
    const logger = {
      info: () => undefined,
      warn: (m: string) => void warnings.push(m),
      warnOnce: (m: string) => void warnings.push(m),
      error: (m: string) => void warnings.push(m),
      clearScreen: () => undefined,
      hasErrorLogged: () => false,
      hasWarned: false,
    } satisfies Logger;
    const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, path.join(root, 'renderer', 'vite.config.ts'), root, 'info', logger);
    expect(loaded?.config.root).toBe(path.join(root, 'renderer'));
    expect(warnings).toEqual([]);
  });
});

describe('npm start when the Electron runtime cannot be downloaded', () => {
  function run(installer: string, env: NodeJS.ProcessEnv, nodeVersion?: string) {
    let text = '';
    const out = { write: (s: string) => void (text += s) };
    return (installElectron({ installer, env, out, nodeVersion }) as Promise<number>).then((code) => ({ code, text }));
  }

  it('says what failed and that npm run web works without it, with no stack', async () => {
    // A stand-in for Electron's installer that fails as it does offline.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-electron-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '45.5.0' }));
      fs.writeFileSync(
        path.join(dir, 'install.js'),
        "console.error('TypeError: fetch failed\\n    at node:internal/deps/undici/undici:14976:13\\n    at async FetchDownloader.download (file:///x.js:46:30)'); process.exit(1);",
      );
      const { code, text } = await run(path.join(dir, 'install.js'), { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/' });
      expect(code).toBe(1);
      expect(text).toContain("clide: Electron 45.5.0's runtime could not be downloaded from http://127.0.0.1:9/ (fetch failed).");
      expect(text).toContain('`npm run web` runs clide in your browser');
      expect(text).not.toMatch(/\bat |TypeError|undici/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with the real installer and an unreachable mirror (Electron not yet installed here)', async (ctx) => {
    // What Electron's installer itself checks first (install.js, isInstalled).
    const installed = fs.existsSync(path.join(root, 'node_modules', 'electron', 'path.txt'));
    if (installed) ctx.skip('Electron’s runtime is already installed on this machine, so its installer downloads nothing');
    // As on a Node its installer accepts (this machine's may be older: that is said first, below).
    const { code, text } = await run(
      path.join(root, 'node_modules', 'electron', 'install.js'),
      { ...process.env, ELECTRON_MIRROR: 'http://127.0.0.1:9/' },
      '99.0.0',
    );
    expect(code).not.toBe(0);
    expect(text).toMatch(/^clide: Electron [\d.]+'s runtime could not be downloaded from http:\/\/127\.0\.0\.1:9\/ \(fetch failed\)\.\n/);
    expect(text).toContain('`npm run web` runs clide in your browser');
    expect(text).not.toMatch(/\n\s+at /);
  });

  it("on a Node older than Electron's installer accepts, says so before trying, and that npm run web works", async () => {
    const { code, text } = await run(path.join(root, 'node_modules', 'electron', 'install.js'), process.env, '20.19.0');
    expect(code).toBe(1);
    expect(text).toMatch(/^clide: the desktop app's Electron [\d.]+ installs only on Node\.js 22\.12\.0 or newer \(this is 20\.19\.0\)\.\n/);
    expect(text).toContain('`npm run web` runs clide in your browser on this one');
  });

  it('says nothing when the installer succeeds', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-electron-'));
    try {
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version: '45.5.0' }));
      fs.writeFileSync(path.join(dir, 'install.js'), "console.log('Downloading...');");
      expect(await run(path.join(dir, 'install.js'), process.env)).toEqual({ code: 0, text: '' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
