// The main process's side of search: starts the worker that owns the index, asks it to catch
// up with the transcripts (at start, when History is opened or searched, when a turn ends),
// relays queries and passes its progress on as an app event.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchProgress, SearchResult } from '../../../shared/search';
import type { FromWorker, ToWorker, WorkerSetup } from './worker-protocol';
import type { IndexedUsage } from '../usage/report';

export interface SearchServiceOptions extends WorkerSetup {
  onProgress?: (p: SearchProgress) => void;
  /** An update is asked for at most this often (a search or History list asks each time). */
  refreshMs?: number;
}

const OWNER_FILE = 'search-index.owner';

/**
 * How long after a window connects the index starts catching up on its own. Starting the worker
 * (a V8 of its own, SQLite's WebAssembly, a read of every transcript) takes CPU that the window
 * needs for its first screen just then, on a two-core machine all of it (R12, the browser
 * host's cold start). A search, or the History panel, starts it at once.
 */
export const START_DELAY_MS = 3000;

export class SearchService {
  private worker: Worker | undefined;
  private current: SearchProgress = { state: 'idle', filesDone: 0, filesTotal: 0 };
  private readonly pending = new Map<number, { resolve: (r: SearchResult) => void; reject: (e: Error) => void }>();
  private readonly pendingUsage = new Map<number, { resolve: (r: { usage: IndexedUsage; progress: SearchProgress }) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private lastRefresh = 0;
  private closed: Promise<void> | undefined;
  private owned = false;
  private soon: NodeJS.Timeout | undefined;

  constructor(private readonly opts: SearchServiceOptions) {}

  progress(): SearchProgress {
    return this.current;
  }

  /** Start in `delayMs` (START_DELAY_MS), unless something starts it sooner. */
  startSoon(delayMs = START_DELAY_MS): void {
    if (this.worker || this.closed || this.soon) return;
    this.soon = setTimeout(() => this.start(), delayMs);
    this.soon.unref();
  }

  /** Start the worker (once) and bring the index up to date. */
  start(): void {
    clearTimeout(this.soon);
    this.soon = undefined;
    if (this.worker || this.closed || this.current.state === 'unavailable') return;
    const other = claimOwner(this.opts.dir);
    if (other)
      return this.setProgress({
        state: 'unavailable',
        filesDone: 0,
        filesTotal: 0,
        message: `Search is not available: another clide (process ${other}) keeps the index in ${this.opts.dir}.`,
      });
    this.owned = true;
    try {
      this.worker = spawnWorker({ dir: this.opts.dir, projectsDir: this.opts.projectsDir });
    } catch (err) {
      return this.setProgress({ state: 'unavailable', filesDone: 0, filesTotal: 0, message: `Search is not available: ${(err as Error).message}` });
    }
    this.worker.unref();
    this.worker.on('message', (m: FromWorker) => this.onMessage(m));
    this.worker.on('error', (err) => this.fail(`the search worker failed: ${err.message}`));
    this.worker.on('exit', (code) => {
      this.worker = undefined;
      if (!this.closed) this.fail(`the search worker stopped (exit code ${code})`);
    });
    this.refresh(true);
  }

  /** Ask for an update (once started); skipped when one was asked for within refreshMs (unless forced). */
  refresh(force = false): void {
    if (!this.worker) return;
    const now = Date.now();
    if (!force && now - this.lastRefresh < (this.opts.refreshMs ?? 3000)) return;
    this.lastRefresh = now;
    this.post({ type: 'update' });
  }

  search(query: string, limit?: number, cursor?: string): Promise<SearchResult> {
    this.start();
    this.refresh();
    const worker = this.worker;
    if (!worker) return Promise.resolve({ hits: [], progress: this.current });
    const id = ++this.seq;
    return new Promise<SearchResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ type: 'search', id, query, limit, cursor });
    });
  }

  /** The usage figures kept with the index (the Usage view), as far as it has read. */
  usage(): Promise<{ usage: IndexedUsage; progress: SearchProgress }> {
    this.start();
    this.refresh();
    if (!this.worker) return Promise.reject(new Error(this.current.message ?? 'The search index is not available.'));
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pendingUsage.set(id, { resolve, reject });
      this.post({ type: 'usage', id });
    });
  }

  /** Stop the worker (at quit); the index stays on disk. */
  close(): Promise<void> {
    clearTimeout(this.soon);
    this.closed ??= new Promise<void>((resolve) => {
      const worker = this.worker;
      const done = () => {
        if (this.owned) fs.rmSync(path.join(this.opts.dir, OWNER_FILE), { force: true });
        resolve();
      };
      if (!worker) return done();
      const timer = setTimeout(() => void worker.terminate(), 5000);
      worker.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      this.post({ type: 'close' });
    });
    return this.closed;
  }

  private post(m: ToWorker): void {
    this.worker?.postMessage(m);
  }

  private onMessage(m: FromWorker): void {
    if (m.type === 'progress') this.setProgress(m.progress);
    else if (m.type === 'result') {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      this.setProgress(m.progress);
      if (!p) return;
      if (m.page) p.resolve({ hits: m.page.hits, next: m.page.next, progress: m.progress });
      else p.reject(new Error(m.error ?? 'the search failed'));
    } else if (m.type === 'usage') {
      const p = this.pendingUsage.get(m.id);
      this.pendingUsage.delete(m.id);
      this.setProgress(m.progress);
      if (m.usage) p?.resolve({ usage: m.usage, progress: m.progress });
      else p?.reject(new Error(m.error ?? 'the usage figures could not be read'));
    }
  }

  private setProgress(p: SearchProgress): void {
    this.current = p;
    this.opts.onProgress?.(p);
  }

  private fail(why: string): void {
    for (const p of [...this.pending.values(), ...this.pendingUsage.values()]) p.reject(new Error(why));
    this.pending.clear();
    this.pendingUsage.clear();
    this.setProgress({ state: 'unavailable', filesDone: 0, filesTotal: 0, message: `Search is not available: ${why}.` });
  }
}

/** Built, the worker is its own bundle beside this code's; from source (tests) it runs through tsx. */
function spawnWorker(setup: WorkerSetup): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const src = new URL('./worker.ts', here).href;
    return new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(src)}); });`, { eval: true, workerData: setup });
  }
  for (const name of ['search-worker.js', 'search-worker.mjs']) {
    const file = fileURLToPath(new URL(`./${name}`, here));
    if (fs.existsSync(file)) return new Worker(file, { workerData: setup });
  }
  throw new Error(`the search worker is missing beside ${fileURLToPath(here)}; build the app again`);
}

/** Take the index for this process; returns the pid of another live process that has it. */
function claimOwner(dir: string): number | undefined {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, OWNER_FILE);
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) return pid;
  } catch {
    // No owner yet.
  }
  fs.writeFileSync(file, `${process.pid}\n`);
  return undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
