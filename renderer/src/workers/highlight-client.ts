// The page's side of syntax highlighting: one lazily started worker, answers cached by code
// and language (a virtualised transcript mounts the same code block again and again), and a
// quiet fallback to plain text when workers are unavailable.
import type { HighlightRuns } from '../lib/transcript/highlight-runs';
import type { HighlightReply, HighlightRequest } from './highlight-protocol';

/** Bigger code is shown plain: highlighting it would cost more than it helps. */
export const HIGHLIGHT_MAX_CHARS = 400_000;
const CACHE_CHARS = 4_000_000;

let worker: Worker | undefined;
let broken = false;
let nextId = 1;
const waiting = new Map<number, (r: HighlightRuns | undefined) => void>();
const cache = new Map<string, HighlightRuns | null>();
let cachedChars = 0;
const inflight = new Map<string, Promise<HighlightRuns | undefined>>();

function start(): Worker | undefined {
  if (worker || broken) return worker;
  try {
    worker = new Worker(new URL('./highlight.worker.ts', import.meta.url), { type: 'module', name: 'highlight' });
  } catch {
    broken = true;
    return undefined;
  }
  worker.onmessage = (e: MessageEvent<HighlightReply>) => {
    const r = e.data;
    const done = waiting.get(r.id);
    waiting.delete(r.id);
    done?.(r.ok ? { classes: r.classes, runs: r.runs } : undefined);
  };
  worker.onerror = () => {
    // A worker that cannot load (an unusual host, a blocked URL) leaves code plain, not broken.
    broken = true;
    worker?.terminate();
    worker = undefined;
    for (const done of waiting.values()) done(undefined);
    waiting.clear();
  };
  return worker;
}

function remember(key: string, value: HighlightRuns | undefined, size: number): void {
  cache.set(key, value ?? null);
  cachedChars += size;
  for (const [k] of cache) {
    if (cachedChars <= CACHE_CHARS) break;
    cache.delete(k);
    cachedChars -= Number(k.slice(0, k.indexOf(':')));
  }
}

/** A cached answer, if there is one (synchronous, so a remounted block paints highlighted at once). */
export function cachedHighlight(code: string, lang: string | undefined): HighlightRuns | undefined | null {
  return cache.get(`${code.length}:${lang ?? ''}:${code}`);
}

export function highlightCode(code: string, lang: string | undefined): Promise<HighlightRuns | undefined> {
  if (code.length > HIGHLIGHT_MAX_CHARS || code.trim() === '') return Promise.resolve(undefined);
  const key = `${code.length}:${lang ?? ''}:${code}`;
  const hit = cache.get(key);
  if (hit !== undefined) return Promise.resolve(hit ?? undefined);
  const running = inflight.get(key);
  if (running) return running;
  const w = start();
  if (!w) return Promise.resolve(undefined);
  const id = nextId++;
  const p = new Promise<HighlightRuns | undefined>((resolve) => {
    waiting.set(id, (r) => {
      inflight.delete(key);
      remember(key, r, code.length);
      resolve(r);
    });
  });
  inflight.set(key, p);
  const req: HighlightRequest = { id, code, lang };
  w.postMessage(req);
  return p;
}
