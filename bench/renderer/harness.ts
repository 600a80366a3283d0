// The renderer benchmarks' test bench: the built renderer (out/renderer) served on loopback,
// headless Chromium, the in-page API double in place of the host, and synthetic sessions
// served as JSON so a 50,000-entry view reaches the page without going through a script.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import type { AppEvent } from '../../shared/ipc';
import { doubleOptions, sessionView, snapshotWith } from '../../test/support/api-double';
import { installApiDouble } from '../../test/support/api-double';
import { serveStatic, type StaticServer } from '../../test/support/static-server';
import { launchBenchChromium } from './chromium';
import { syntheticView } from './synthetic';

export const SMALL = 'small';

export interface Bench {
  url: string;
  browser: Browser;
  /** A fresh page with the app loaded and one small session open. */
  open(): Promise<Page>;
  /** A blank page (baselines). */
  blank(): Promise<Page>;
  close(): Promise<void>;
}

/** Build out/renderer when it is missing or older than its sources. */
export async function ensureRenderer(root: string): Promise<string> {
  const web = (await import(pathToFileURL(path.join(root, 'scripts', 'web.mjs')).href)) as { ensureRendererBuilt: () => Promise<boolean> };
  await web.ensureRendererBuilt();
  const dist = path.join(root, 'out', 'renderer');
  if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`No built renderer at ${dist}.`);
  return dist;
}

/** The session views the benchmarks open, by size, as the host would push them. */
const sessionCache = new Map<number, string>();
function sessionJson(n: number): string {
  let json = sessionCache.get(n);
  if (!json) {
    const id = `s${n}`;
    const event: AppEvent = { type: 'session-created', session: { id, view: syntheticView(id, n, `/home/ada/code/session-${n}`) } };
    json = JSON.stringify([event]);
    sessionCache.set(n, json);
  }
  return json;
}

function serve(dir: string): Promise<StaticServer> {
  return serveStatic(dir, (url, res) => {
    const session = /^\/__bench\/session-(\d+)\.json$/.exec(url.pathname);
    if (session?.[1]) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(sessionJson(Number(session[1])));
      return true;
    }
    if (url.pathname === '/__bench/blank.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html><body></body></html>');
      return true;
    }
    return false;
  });
}

export async function startBench(root: string): Promise<Bench> {
  const dist = await ensureRenderer(root);
  const server = await serve(dist);
  const browser = await launchBenchChromium([
    // window.gc(): start a measurement on a clean heap, not on the bench's own garbage.
    '--js-flags=--expose-gc',
  ]);
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const small = sessionView(SMALL, { cwd: '/home/ada/code/small' });
  const options = doubleOptions(snapshotWith([small]));
  return {
    url: server.url,
    browser,
    async open() {
      const page = await context.newPage();
      // A bundle made with keepNames (tsx) refers to a __name helper the page does not have.
      await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      await page.addInitScript(installApiDouble, options);
      await page.goto(server.url);
      await page.getByRole('textbox', { name: 'Message Claude' }).waitFor({ timeout: 60_000 });
      return page;
    },
    async blank() {
      const page = await context.newPage();
      await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
      await page.goto(`${server.url}__bench/blank.html`);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Load a synthetic session of n entries into the page's store (a new, inactive tab). */
export async function addSession(page: Page, n: number): Promise<string> {
  await page.evaluate(async (count) => {
    const res = await fetch(`/__bench/session-${count}.json`);
    const batch = JSON.parse(await res.text()) as AppEvent[];
    window.__clideDouble?.push(batch);
  }, n);
  await page.getByRole('tab', { name: new RegExp(`session-${n}`) }).waitFor({ timeout: 60_000 });
  return `s${n}`;
}

/**
 * Wait until the window has settled: its parts fetched in the background (lazy-part.ts) and
 * nothing fetched for half a second (a person looks at the window before reaching for a
 * button; a heap reading taken earlier would count the parts still arriving).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const count = () => performance.getEntriesByType('resource').length;
    let seen = count();
    let still = 0;
    for (let i = 0; i < 100 && still < 5; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const now = count();
      still = now === seen ? still + 1 : 0;
      seen = now;
    }
  });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
}
