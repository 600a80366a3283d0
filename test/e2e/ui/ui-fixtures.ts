// UI tests of the built renderer alone: a tiny static server for out/renderer and an in-page
// API double (test/support/api-double.ts) in place of the host. Every test also fails on any
// error the page logs (a CSP violation, an exception), so a silent breakage cannot pass.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import type { SessionEvent } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';
import { installApiDouble, type ApiDoubleOptions, type RecordedCall } from '../../support/api-double';
import { serveStatic } from '../../support/static-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dist = path.join(root, 'out', 'renderer');

function newestMtime(p: string): number {
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of fs.readdirSync(p)) if (name !== 'node_modules') newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** Build out/renderer when it is missing or older than its sources (npm run test:e2e usually has). */
function ensureBuilt(): void {
  const index = path.join(dist, 'index.html');
  const built = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(path.join(root, 'renderer')), newestMtime(path.join(root, 'shared')));
  if (built >= sources) return;
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`The renderer build failed:\n${r.stdout}\n${r.stderr}`);
}

export interface UiApp {
  page: Page;
  /** Install the double with this state and load the app. */
  open(options: ApiDoubleOptions): Promise<void>;
  push(batch: AppEvent[]): Promise<void>;
  pushSession(id: string, events: SessionEvent[]): Promise<void>;
  calls(channel?: string): Promise<RecordedCall[]>;
  setConnection(state: 'connected' | 'disconnected' | 'full'): Promise<void>;
}

export const test = base.extend<{ ui: UiApp }, { rendererUrl: string }>({
  rendererUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      ensureBuilt();
      const server = await serveStatic(dist);
      await use(server.url);
      await server.close();
    },
    { scope: 'worker' },
  ],
  ui: async ({ page, rendererUrl }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    await use({
      page,
      async open(options) {
        await page.addInitScript(installApiDouble, options);
        await page.goto(rendererUrl);
        // Until the first screen replaces the splash, the window's shortcuts are not installed:
        // a key pressed at once would be lost, and the test would fail on a fast machine.
        await page.waitForFunction(() => document.getElementById('root')?.firstElementChild && !document.querySelector('.screen-quiet'));
      },
      push: (batch) => page.evaluate((b) => window.__clideDouble?.push(b), batch),
      pushSession: (id, events) => page.evaluate(([i, e]) => window.__clideDouble?.pushSession(i, e), [id, events] as const),
      calls: (channel) => page.evaluate((c) => (window.__clideDouble?.calls ?? []).filter((call) => !c || call.channel === c), channel),
      setConnection: (state) => page.evaluate((s) => window.__clideDouble?.setConnection(s), state),
    });
    expect(problems, 'errors logged by the page').toEqual([]);
  },
});

export { expect };
