// bench-figures: R10 R10-TYPING
// R10: a streamed text delta's time from the CLI's stdout to the page's DOM, p95, while nobody
// types, through the real browser host: the scripted fake CLI (test/support/fake-cli.mjs) writes
// 40 deltas a second, each starting with the wall-clock time it was written (⟦epoch ms⟧), and a
// MutationObserver in the page notes when each first appears. Baseline, in the same stream: a
// bare page on the host's origin with its own WebSocket that writes each batch's text with
// textContent. Target: p95 <= 33 ms (two frames). The reply comes in paragraphs of about 650
// characters, as prose does: the figure is about the pipeline. One paragraph of 15,000 characters
// would measure the markdown parser instead, which parses a streaming reply's last paragraph
// whole on every frame (its cost grows with the paragraph; see the README's development notes).
// R10-TYPING: the same while the person types in the composer, where typing comes first
// (renderer/src/lib/typing-first.ts) and a reply may be held back up to 100 ms.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { hostClient, value } from '../../test/e2e/tabs-host-client';
import { startWebHost, type WebHostProcess } from '../../test/support/web-host';
import { log, report, wanted } from '../core/lib';
import { launchBenchChromium } from './chromium';
import { ensureRenderer, percentile } from './harness';

const root = process.cwd();
const FAKE_CLI = path.join(root, 'test', 'support', 'fake-cli.mjs');
const DELTAS = 240;
const PER_SECOND = 40;
const QUIET_ROUNDS = 4;
const TYPING_ROUNDS = 2;
const FRAMES_MS = 33;
// Deltas to a paragraph: about 650 characters, a paragraph of a reply's prose (R10_PARAGRAPH=0:
// one paragraph for the whole reply, to see what a long live paragraph costs).
const PARAGRAPH = Number(process.env.R10_PARAGRAPH ?? 10);
const TYPING_MS = 100;

/** In each page before its scripts: the latency of every stamp the first time it is in the DOM. */
function watchStamps(): void {
  const w = window as unknown as { __lat: number[] };
  w.__lat = [];
  const seen = new Set<string>();
  const scan = (text: string | null) => {
    if (!text || !text.includes('⟦')) return;
    const now = performance.timeOrigin + performance.now();
    for (const m of text.matchAll(/⟦(\d+\.\d+)⟧/g)) {
      const stamp = m[1]!;
      if (seen.has(stamp)) continue;
      seen.add(stamp);
      w.__lat.push(now - Number(stamp));
    }
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') scan((r.target as CharacterData).data);
      else for (const n of r.addedNodes) scan(n.textContent);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** The baseline page: its own socket to the host, each batch's delta text written with textContent. */
const BARE_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>bare</title></head><body><div id="out" style="white-space:pre-wrap"></div><script>
const token = new URLSearchParams(location.hash.slice(1)).get('token');
const ws = new WebSocket('ws://' + location.host + '/ws', ['clide.v1', 'clide.token.' + token]);
const out = document.getElementById('out');
ws.onmessage = (ev) => {
  const f = JSON.parse(ev.data);
  if (f.type !== 'events') return;
  let text = '';
  for (const e of f.batch) if (e.type === 'session-events') for (const x of e.events) if (x.kind === 'block-delta') text += x.text;
  if (!text) return;
  const span = document.createElement('span');
  span.textContent = text;
  out.append(span);
};
ws.onclose = (ev) => console.error('bare: the socket closed: ' + ev.code + ' ' + ev.reason);
</script></body></html>`;

function scenario(dir: string): string {
  const file = path.join(dir, 'stream.jsonl');
  const turn = [
    { op: 'await', match: { type: 'user' } },
    {
      op: 'paced-text',
      deltas: DELTAS,
      perSecond: PER_SECOND,
      deltaText: ' the words of a reply as a model streams them',
      stamp: true,
      paragraphEvery: PARAGRAPH,
    },
    { op: 'result' },
  ];
  fs.writeFileSync(file, `${JSON.stringify({ op: 'repeat', times: 1 + QUIET_ROUNDS + TYPING_ROUNDS, steps: turn })}\n`);
  return file;
}

async function openPages(browser: Browser, host: WebHostProcess): Promise<{ app: Page; bare: Page }> {
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(watchStamps);
    return page;
  };
  const app = await open();
  await app.goto(host.url);
  await app.getByRole('textbox', { name: 'Message Claude' }).waitFor({ timeout: 60_000 });
  const bare = await open();
  // A baseline that receives nothing must say why, not report a figure of nothing.
  bare.on('console', (m) => log(`bare page: ${m.text()}`));
  bare.on('pageerror', (e) => log(`bare page error: ${e.message}`));
  await bare.route(`${host.origin}/__bare`, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: BARE_PAGE }));
  await bare.goto(`${host.origin}/__bare#token=${host.token}`);
  return { app, bare };
}

const take = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __lat: number[] };
    const out = w.__lat;
    w.__lat = [];
    return out;
  });

async function run(browser: Browser): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-r10-'));
  const home = path.join(dir, 'home');
  const cwd = path.join(dir, 'work');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(cwd, { recursive: true });
  const host = await startWebHost({
    cwd,
    env: { HOME: home, CLIDE_CLAUDE_PATH: FAKE_CLI, CLIDE_FAKE_SCENARIO: scenario(dir), CLIDE_SPARE_IDLE_SECONDS: '0' },
  });
  const api = hostClient(host);
  try {
    const { app, bare } = await openPages(browser, host);
    const id = (await value('snapshot', api.app.snapshot({}))).sessions[0]!.id;
    let ended: (() => void) | undefined;
    const off = api.onEvents((batch) => {
      for (const e of batch) if (e.type === 'session-events' && e.id === id && e.events.some((x) => x.kind === 'result')) ended?.();
    });
    const turn = async (typing: boolean) => {
      await take(app);
      await take(bare);
      let done = false;
      const finished = new Promise<void>((resolve) => (ended = () => ((done = true), resolve())));
      await value('send', api.session.send({ id, text: 'Stream a reply.' }));
      if (typing) {
        // A steady typist: a key every 120 ms until the reply is complete.
        const box = app.getByRole('textbox', { name: 'Message Claude' });
        await box.focus();
        for (let typed = 0; !done; typed++) {
          await app.keyboard.press(typed % 8 === 7 ? 'Space' : 'KeyA');
          await app.waitForTimeout(120);
        }
        await box.fill('');
      }
      await finished;
      // The last deltas reach the page a moment after the host's result: wait for the reply to be drawn whole.
      await app.locator('.md-streaming').waitFor({ state: 'detached', timeout: 30_000 });
      return { app: await take(app), bare: await take(bare) };
    };
    await turn(false); // the first turn starts the CLI and loads what the page loads on demand
    const quiet = { app: [] as number[], bare: [] as number[] };
    const typing = { app: [] as number[], bare: [] as number[] };
    for (let r = 0; r < QUIET_ROUNDS + TYPING_ROUNDS; r++) {
      const isTyping = r >= QUIET_ROUNDS;
      const got = await turn(isTyping);
      const into = isTyping ? typing : quiet;
      into.app.push(...got.app);
      into.bare.push(...got.bare);
      log(
        `R10 round ${r + 1}${isTyping ? ' (typing)' : ''}: app p50 ${percentile(got.app, 50).toFixed(1)} p95 ${percentile(got.app, 95).toFixed(1)} ms (${got.app.length} deltas); bare p50 ${percentile(got.bare, 50).toFixed(1)} p95 ${percentile(got.bare, 95).toFixed(1)} ms (${got.bare.length})`,
      );
    }
    const fig = (name: string, s: { app: number[]; bare: number[] }, bound: number, what: string) => {
      if (s.app.length === 0 || s.bare.length === 0) throw new Error(`${name}: no deltas were seen (app ${s.app.length}, bare ${s.bare.length})`);
      const p95 = percentile(s.app, 95);
      const base = percentile(s.bare, 95);
      report({
        name,
        value: p95,
        baseline: base,
        target: Math.round((bound / base) * 100) / 100,
        unit: 'ms',
        met: p95 <= bound,
        note: `${what}: p95 <= ${bound} ms; app p50 ${percentile(s.app, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...s.app).toFixed(1)} ms over ${s.app.length} deltas at ${PER_SECOND}/s; baseline: a bare page writing the same WebSocket stream with textContent, p50 ${percentile(s.bare, 50).toFixed(1)} ms, p95 ${base.toFixed(1)} ms`,
      });
    };
    if (wanted('R10')) fig('R10', quiet, FRAMES_MS, 'CLI stdout to the DOM, nobody typing');
    if (wanted('R10-TYPING')) fig('R10-TYPING', typing, TYPING_MS, 'CLI stdout to the DOM while the person types a key every 120 ms');
    off();
    await app.context().close();
    await bare.context().close();
  } finally {
    api.dispose();
    await host.stop('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (wanted('R10', 'R10-TYPING')) {
  await ensureRenderer(root);
  const web = (await import(pathToFileURL(path.join(root, 'scripts', 'web.mjs')).href)) as { ensureServerBuilt: () => Promise<unknown> };
  await web.ensureServerBuilt();
  // The bare page is served by the bench (page.route), which Chromium counts as a public page:
  // its socket to the host on loopback would be refused by the local-network access checks.
  const browser = await launchBenchChromium(['--disable-features=LocalNetworkAccessChecks']);
  try {
    await run(browser);
  } finally {
    await browser.close();
  }
}
