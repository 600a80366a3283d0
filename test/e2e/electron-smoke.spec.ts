// Smoke test of the real desktop app: the built main, preload and renderer in Electron, talking
// to the real pinned `claude` CLI against the loopback fake API. It needs the Electron binary,
// which `npm start` (or `npx install-electron`) downloads; where there is none, as on the build
// machines, the test is skipped and says why. Presence is checked without require('electron'),
// which would try to download the binary.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron as electron, expect, test, type ElectronApplication } from '@playwright/test';
import { text } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function findElectron(): { executable: string } | { reason: string } {
  const dir = path.join(root, 'node_modules', 'electron');
  const pathFile = path.join(dir, 'path.txt');
  if (!fs.existsSync(pathFile)) {
    return {
      reason:
        'No Electron binary: node_modules/electron/path.txt is missing. The binary is downloaded by `npx install-electron` ' +
        '(also run by `npm start`); it cannot be fetched on machines without access to its download site.',
    };
  }
  const relative = fs.readFileSync(pathFile, 'utf8').trim();
  const distDir = process.env['ELECTRON_OVERRIDE_DIST_PATH'] ?? path.join(dir, 'dist');
  const executable = path.join(distDir, relative);
  if (!fs.existsSync(executable)) return { reason: `No Electron binary at ${executable}; run \`npx install-electron\`.` };
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return { reason: 'Electron is installed but there is no display (DISPLAY is unset); run the tests under `xvfb-run`.' };
  }
  return { executable };
}

function definedOnly(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

const found = findElectron();
const skipReason = 'reason' in found ? `electron smoke test skipped: ${found.reason}` : undefined;
if (skipReason) console.log(skipReason);

test.describe('desktop app (Electron)', () => {
  test.skip(skipReason !== undefined, skipReason ?? '');

  let sandbox: CliSandbox | undefined;
  let app: ElectronApplication | undefined;
  let userData: string | undefined;

  test.beforeAll(() => {
    // Test the current code: main, preload and renderer as `npm start` would build them.
    execFileSync(process.execPath, [path.join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'pipe' });
  });

  test.afterEach(async () => {
    await app?.close().catch(() => {});
    await sandbox?.cleanup();
    if (userData) fs.rmSync(userData, { recursive: true, force: true });
    app = undefined;
    sandbox = undefined;
  });

  test('opens a hardened window whose only bridge is window.clide, and runs a turn', async () => {
    if (!('executable' in found)) return;
    sandbox = await cliSandbox([text('Hello from the fake API')]);
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-electron-'));
    app = await electron.launch({
      executablePath: found.executable,
      // A private profile, so a clide the person has open does not take the single-instance lock.
      args: ['.', `--user-data-dir=${userData}`],
      cwd: root,
      // The display variables come from the parent; HOME, the config dir and the API from the sandbox.
      env: definedOnly({ ...process.env, ...sandbox.env }),
    });
    const page = await app.firstWindow();
    await expect(page).toHaveTitle('clide');
    // The page has its own origin, served by the app:// scheme from the built renderer.
    expect(page.url()).toBe('app://clide/index.html');
    expect(await page.evaluate(() => ({ origin: location.origin, secure: isSecureContext }))).toEqual({ origin: 'app://clide', secure: true });

    const shown = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => ({ visible: w.isVisible(), title: w.getTitle() })));
    expect(shown).toEqual([{ visible: true, title: 'clide' }]);

    // The page sees no Node and no ipcRenderer; only the contract's functions.
    const globals = await page.evaluate(() => ({
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
      clide: Object.keys((window as unknown as { clide: object }).clide).sort(),
    }));
    expect(globals).toEqual({ require: 'undefined', process: 'undefined', clide: ['app', 'onEvents', 'session'] });

    // window.open is denied (a file: URL is refused without even asking).
    expect(await page.evaluate(() => window.open('file:///etc/hostname') === null)).toBe(true);
    expect(app.windows()).toHaveLength(1);

    const snapshot = await page.evaluate(() => window.clide!.app.snapshot({}));
    expect(snapshot).toMatchObject({ ok: true, value: { environment: { host: 'electron', claude: { found: true } } } });

    // A whole turn through the preload: create a session, send, see the reply stream back.
    const reply = await page.evaluate(
      (cwd) =>
        new Promise<string>((resolve, reject) => {
          const api = window.clide!;
          const seen: unknown[] = [];
          const timer = setTimeout(() => reject(new Error(`no reply; events: ${JSON.stringify(seen).slice(-2000)}`)), 60_000);
          const off = api.onEvents((batch) => {
            seen.push(...batch);
            if (JSON.stringify(batch).includes('Hello from the fake API')) {
              clearTimeout(timer);
              off();
              resolve('Hello from the fake API');
            }
          });
          void (async () => {
            const created = await api.session.create({ cwd });
            if (!created.ok) return reject(new Error(created.error.message));
            const sent = await api.session.send({ id: created.value.id, text: 'hello' });
            if (!sent.ok) reject(new Error(sent.error.message));
          })();
        }),
      sandbox.cwd,
    );
    expect(reply).toBe('Hello from the fake API');

    // Quitting closes the session's claude process and finishes well inside the hard cap.
    const started = Date.now();
    await app.close();
    app = undefined;
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
