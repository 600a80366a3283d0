// The test bench for the tab benchmarks (R5, R6, R9): the built renderer served on loopback
// with the in-page API double in place of the host, a bare textarea page for baselines, and
// headless Chromium. Large synthetic sessions are served as JSON so they reach the page the way
// a host's push would, not through a script.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { AppEvent } from '../../shared/ipc';
import { doubleOptions, installApiDouble, sessionView, snapshotWith } from '../../test/support/api-double';
import { serveStatic, type StaticServer } from '../../test/support/static-server';
import { launchBenchChromium } from './chromium';
import { syntheticView } from './synthetic';

export const ACTIVE = 'active';

const TEXTAREA_PAGE =
  '<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><textarea aria-label="Message Claude" rows="4" cols="60" autofocus></textarea></body></html>';

export interface TabBench {
  browser: Browser;
  /** The app with one small, idle, active session and `extra` sessions of `size` entries behind it. */
  app(extra?: Array<{ id: string; size: number; cwd?: string }>): Promise<Page>;
  /** A page with a bare textarea (the R5 baseline). */
  bare(): Promise<Page>;
  close(): Promise<void>;
}

async function ensureRenderer(root: string): Promise<string> {
  const web = (await import(pathToFileURL(path.join(root, 'scripts', 'web.mjs')).href)) as { ensureRendererBuilt: () => Promise<unknown> };
  await web.ensureRendererBuilt();
  const dist = path.join(root, 'out', 'renderer');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No built renderer at ${dist}; run npm run build:web.`);
  return dist;
}

const sessions = new Map<string, string>();
function sessionJson(id: string, size: number): string {
  const key = `${id}:${size}`;
  let json = sessions.get(key);
  if (!json) {
    const event: AppEvent = { type: 'session-created', session: { id, view: syntheticView(id, size, `/home/ada/code/${id}`) } };
    json = JSON.stringify([event]);
    sessions.set(key, json);
  }
  return json;
}

function serve(dir: string): Promise<StaticServer> {
  return serveStatic(dir, (url, res) => {
    const session = /^\/__tabs\/session-([a-z0-9-]+)-(\d+)\.json$/.exec(url.pathname);
    if (session?.[1] && session[2]) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(sessionJson(session[1], Number(session[2])));
      return true;
    }
    if (url.pathname === '/__tabs/textarea.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(TEXTAREA_PAGE);
      return true;
    }
    return false;
  });
}

export async function startTabBench(root: string): Promise<TabBench> {
  // CLIDE_BENCH_RENDERER points at another build (an unminified one, to read a profile).
  const dist = process.env.CLIDE_BENCH_RENDERER ? path.resolve(process.env.CLIDE_BENCH_RENDERER) : await ensureRenderer(root);
  const server = await serve(dist);
  const browser = await launchBenchChromium();
  let context: BrowserContext | undefined;
  const fresh = async (): Promise<Page> => {
    // One page at a time, so the renderer processes measured are this page's.
    await context?.close();
    context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    // Functions bundled by tsx refer to a __name helper (keepNames) the page does not have.
    await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
    return page;
  };
  return {
    browser,
    async app(extra = []) {
      const page = await fresh();
      const options = doubleOptions(snapshotWith([sessionView(ACTIVE, { cwd: '/home/ada/code/active' })]));
      await page.addInitScript(installApiDouble, options);
      await page.goto(server.url);
      await page.getByRole('textbox', { name: 'Message Claude' }).waitFor({ timeout: 60_000 });
      for (const s of extra) {
        await page.evaluate(
          async ({ id, size }) => {
            const batch = JSON.parse(await (await fetch(`/__tabs/session-${id}-${size}.json`)).text()) as AppEvent[];
            window.__clideDouble?.push(batch);
          },
          { id: s.id, size: s.size },
        );
      }
      if (extra.length > 0) await page.getByRole('tab').nth(extra.length).waitFor({ timeout: 60_000 });
      return page;
    },
    async bare() {
      const page = await fresh();
      await page.goto(`${server.url}__tabs/textarea.html`);
      return page;
    },
    async close() {
      await context?.close();
      await browser.close();
      await server.close();
    },
  };
}

/** Let the page settle: two frames, then a pause. */
export async function settle(page: Page, ms = 400): Promise<void> {
  await page.evaluate((wait) => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, wait)))), ms);
}

export function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
}

export function median(xs: readonly number[]): number {
  return percentile(xs, 50);
}

/**
 * CPU time (ms) used so far by the browser's renderer processes. On Linux from schedstat, in
 * nanoseconds (Chromium's own figure is rounded to 10 ms); elsewhere from Chromium.
 */
export async function rendererCpuMs(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const info = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number; cpuTime: number }> };
    let total = 0;
    for (const p of info.processInfo.filter((x) => x.type === 'renderer')) total += threadTimeMs(p.id) ?? p.cpuTime * 1000;
    return total;
  } finally {
    await cdp.detach();
  }
}

function threadTimeMs(pid: number): number | undefined {
  try {
    let ns = 0;
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const first = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0];
      ns += Number(first);
    }
    return ns / 1e6;
  } catch {
    return undefined;
  }
}
