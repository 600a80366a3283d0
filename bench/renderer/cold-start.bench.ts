// bench-figures: R12 R12-JS
// R12: the browser host's cold start, from launching `node scripts/web.mjs` (builds already
// current) to a composer that accepts a prompt, in a fresh Chromium tab, against the barest
// server delivering the same bundle (bench/renderer/bare-server.mjs) with the in-page API
// double standing in for the host; rounds alternate, medians. The host runs the real pinned
// CLI's sandbox (fake API), and a first start fills its caches before the rounds.
// R12-JS: the JavaScript the first screen needs (index.html's script and what it imports
// statically), against its 400 kB budget; and proof that it is all it needs: the composer
// accepts a prompt while every other chunk is held back, and the held parts then arrive.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { doubleOptions, installApiDouble, sessionView, snapshotWith } from '../../test/support/api-double';
import { text } from '../../test/support/fake-api';
import { cliSandbox, type CliSandbox } from '../../test/support/real-cli';
import { serveStatic } from '../../test/support/static-server';
import { startWebHost } from '../../test/support/web-host';
import { log, median, report, wanted } from '../core/lib';
import { launchBenchChromium } from './chromium';
import { ensureRenderer } from './harness';

const ROUNDS = 7;
const BUDGET_KB = 400;
const root = process.cwd();

/**
 * In the page before any of its scripts: note the wall-clock time at which the composer first
 * accepts input (present and enabled), once that frame has been painted.
 */
function watchComposer(): void {
  const w = window as unknown as { __composerAt?: number };
  const check = () => {
    const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message Claude"]');
    if (!box || box.disabled || w.__composerAt !== undefined) return;
    w.__composerAt = 0;
    observer.disconnect();
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (w.__composerAt = Date.now());
      ch.port2.postMessage(0);
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
}

async function composerAt(page: Page): Promise<number> {
  const at = await page.waitForFunction(() => (window as unknown as { __composerAt?: number }).__composerAt || undefined, undefined, {
    timeout: 60_000,
    polling: 10,
  });
  return (await at.jsonValue()) as number;
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(watchComposer);
  return page;
}

/** Launch a server, open its page, and time both from the launch: to the URL, to the composer. */
async function timeRound(page: Page, launch: () => Promise<{ url: string; stop(): Promise<unknown> }>): Promise<{ ms: number; listenMs: number }> {
  const t0 = Date.now();
  const server = await launch();
  const listenMs = Date.now() - t0;
  try {
    await page.goto(server.url, { waitUntil: 'commit' });
    return { ms: (await composerAt(page)) - t0, listenMs };
  } finally {
    await page.context().close();
    await server.stop();
  }
}

/** The browser host, as `npm run web` starts it. */
async function hostRound(browser: Browser, sandbox: CliSandbox): Promise<{ ms: number; listenMs: number }> {
  return timeRound(await freshPage(browser), async () => {
    const host = await startWebHost({ cwd: sandbox.cwd, env: sandbox.env });
    return { url: host.url, stop: () => host.stop('SIGTERM') };
  });
}

/** The bare server in a process of its own, its URL once it listens. */
function startBare(dist: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [path.join(root, 'bench', 'renderer', 'bare-server.mjs'), dist], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /^bare: (\S+)\n/.exec(out);
      if (m?.[1])
        resolve({
          url: m[1],
          stop: async () => {
            child.kill('SIGTERM');
            await exited;
          },
        });
    });
    void exited.then(() => reject(new Error(`the bare server exited before listening: ${out}`)));
  });
}

async function bareRound(browser: Browser, dist: string): Promise<{ ms: number; listenMs: number }> {
  const page = await freshPage(browser);
  await page.addInitScript(installApiDouble, doubleOptions(snapshotWith([sessionView('bare', { cwd: '/home/ada/code/bare' })])));
  return timeRound(page, () => startBare(dist));
}

async function r12(browser: Browser, dist: string): Promise<void> {
  const sandbox = await cliSandbox(() => text('Ready.'));
  try {
    // The first start in a new home fills the host's caches (and starts the first tab at once).
    await hostRound(browser, sandbox);
    const host: Array<{ ms: number; listenMs: number }> = [];
    const bare: Array<{ ms: number; listenMs: number }> = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const which of r % 2 === 0 ? ['host', 'bare'] : ['bare', 'host']) {
        if (which === 'host') host.push(await hostRound(browser, sandbox));
        else bare.push(await bareRound(browser, dist));
      }
      log(`R12 round ${r + 1}: host ${host.at(-1)!.ms} ms (listening after ${host.at(-1)!.listenMs}), bare ${bare.at(-1)!.ms} ms`);
    }
    const value = median(host.map((x) => x.ms));
    const baseline = median(bare.map((x) => x.ms));
    report({
      name: 'R12',
      value,
      baseline,
      target: 1.5,
      unit: 'ms',
      note: `launch to a composer that accepts a prompt, median of ${ROUNDS} (host ${host.map((x) => x.ms).join(', ')}; listening after ${median(host.map((x) => x.listenMs))} ms); baseline: a bare static server with the same bundle and the in-page API double (${bare.map((x) => x.ms).join(', ')}; listening after ${median(bare.map((x) => x.listenMs))} ms)`,
    });
  } finally {
    await sandbox.cleanup();
  }
}

/** The JS files index.html loads: its module script and the modulepreloads of its static imports. */
function firstScreenFiles(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
}

/**
 * Serve the build with every chunk outside `first` held back until released, and check that the
 * composer accepts a prompt meanwhile and the transcript's full entries arrive once released.
 */
async function onlyFirstScreen(browser: Browser, dist: string, first: string[]): Promise<{ accepted: boolean; heldBack: number; arrived: boolean }> {
  const held: Array<() => void> = [];
  let released = false;
  const server = await serveStatic(dist, (url, res) => {
    const rel = url.pathname.replace(/^\//, '');
    if (!rel.endsWith('.js') || first.includes(rel) || released) return false;
    held.push(() => res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(fs.readFileSync(path.join(dist, rel))));
    return true;
  });
  const page = await freshPage(browser);
  try {
    const view = sessionView('held', {
      cwd: '/home/ada/code/held',
      items: [{ type: 'assistant', id: 'a1', at: 0, blocks: [{ type: 'text', text: 'A **formatted** reply.', streaming: false }] }],
    });
    await page.addInitScript(installApiDouble, doubleOptions(snapshotWith([view])));
    await page.goto(server.url, { waitUntil: 'commit' });
    const accepted = (await composerAt(page)) > 0;
    await page.locator('.transcript-row.is-lite').first().waitFor({ timeout: 30_000 });
    const heldBack = held.length;
    released = true;
    for (const go of held.splice(0)) go();
    const arrived = await page
      .locator('.transcript-row:not(.is-lite) strong', { hasText: 'formatted' })
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    return { accepted, heldBack, arrived };
  } finally {
    await page.context().close();
    await server.close();
  }
}

async function r12js(browser: Browser, dist: string): Promise<void> {
  const first = firstScreenFiles(dist);
  const size = (f: string) => fs.statSync(path.join(dist, f)).size;
  const firstKb = first.reduce((n, f) => n + size(f), 0) / 1000;
  const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js') && !f.includes('.worker'));
  const allKb = all.reduce((n, f) => n + size(`assets/${f}`), 0) / 1000;
  const check = await onlyFirstScreen(browser, dist, first);
  report({
    name: 'R12-JS',
    value: firstKb,
    baseline: BUDGET_KB,
    target: 1,
    unit: 'kB',
    met: firstKb <= BUDGET_KB && check.accepted && check.arrived,
    note: `first screen: ${first.length} files, ${firstKb.toFixed(1)} kB minified of ${allKb.toFixed(1)} kB in ${all.length} files (the highlighting worker apart); the composer accepted a prompt while ${check.heldBack} other chunks were held back${check.arrived ? ', and the full entries arrived once they were released' : '; THE FULL ENTRIES NEVER ARRIVED'}; baseline: the ${BUDGET_KB} kB budget`,
  });
}

if (wanted('R12', 'R12-JS')) {
  const dist = await ensureRenderer(root);
  const web = (await import(pathToFileURL(path.join(root, 'scripts', 'web.mjs')).href)) as { ensureServerBuilt: () => Promise<unknown> };
  await web.ensureServerBuilt();
  const browser = await launchBenchChromium();
  try {
    if (wanted('R12-JS')) await r12js(browser, dist);
    if (wanted('R12')) await r12(browser, dist);
  } finally {
    await browser.close();
  }
}
