// The search worker through the main process's service: progress while it indexes (files done
// of total, as app events would carry it), queries answered, a second owner refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SearchService } from '../../../electron/core/search/service';
import type { SearchProgress } from '../../../shared/search';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/transcripts');
let base: string;
let services: SearchService[] = [];

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-search-svc-'));
});
afterEach(async () => {
  await Promise.all(services.map((s) => s.close()));
  services = [];
  fs.rmSync(base, { recursive: true, force: true });
});

function service(onProgress?: (p: SearchProgress) => void): SearchService {
  const s = new SearchService({ dir: path.join(base, 'data'), projectsDir: path.join(base, 'projects'), onProgress, refreshMs: 0 });
  services.push(s);
  return s;
}

async function until<T>(what: () => T | undefined, label: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = what();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${label}`);
}

describe('the search worker', () => {
  it('indexes in a worker thread, reports files done of total, and answers queries', async () => {
    fs.cpSync(path.join(FIXTURES, '2.1.332-background-agent', 'projects'), path.join(base, 'projects'), { recursive: true });
    fs.cpSync(path.join(FIXTURES, '1.0.58-sidechain', 'projects'), path.join(base, 'projects'), { recursive: true });
    const seen: SearchProgress[] = [];
    const s = service((p) => seen.push(p));
    s.start();
    await until(() => seen.find((p) => p.state === 'idle' && p.filesTotal === 3 && p.filesDone === 3), 'the first pass');
    expect(seen.some((p) => p.state === 'indexing')).toBe(true);
    const done = seen.filter((p) => p.state === 'indexing').map((p) => p.filesDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    const r = await s.search('zebra');
    expect(r.hits.map((h) => h.snippet)).toEqual(['All done: the zebra reply.']);
    expect(fs.existsSync(path.join(base, 'data', 'search-index.sqlite'))).toBe(true);
  });

  it('a second process on the same data dir does not take the index; a dead owner is taken over', async () => {
    const dir = path.join(base, 'data');
    fs.mkdirSync(dir, { recursive: true });
    // The parent of this test process is alive and is not us.
    fs.writeFileSync(path.join(dir, 'search-index.owner'), `${process.ppid}\n`);
    const s = service();
    s.start();
    expect(s.progress()).toMatchObject({ state: 'unavailable' });
    expect(s.progress().message).toContain(String(process.ppid));
    expect((await s.search('anything')).hits).toEqual([]);
    fs.writeFileSync(path.join(dir, 'search-index.owner'), '999999999\n');
    const t = service();
    t.start();
    await until(() => (t.progress().state === 'idle' && t.progress().filesTotal === 0 ? true : undefined), 'an idle index');
    expect(fs.readFileSync(path.join(dir, 'search-index.owner'), 'utf8').trim()).toBe(String(process.pid));
  });

  it('started "soon" by a window, it waits that long; a search starts it at once; closing cancels it', async () => {
    fs.cpSync(path.join(FIXTURES, '1.0.58-sidechain', 'projects'), path.join(base, 'projects'), { recursive: true });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const owner = path.join(base, 'data', 'search-index.owner');

    const waited: SearchProgress[] = [];
    const a = service((p) => waited.push(p));
    a.startSoon(400);
    await sleep(200);
    // Not started yet: no worker, so no progress and no claim on the index.
    expect(waited).toEqual([]);
    expect(fs.existsSync(owner)).toBe(false);
    await until(() => waited.find((p) => p.state === 'idle' && p.filesDone === p.filesTotal && p.filesTotal > 0), 'the pass after the wait');
    await a.close();

    const b = service();
    b.startSoon(60_000);
    const r = await b.search('zebra');
    expect(r.progress.state).not.toBe('unavailable');
    await b.close();

    const seen: SearchProgress[] = [];
    const c = service((p) => seen.push(p));
    c.startSoon(100);
    await c.close();
    await sleep(300);
    expect(seen).toEqual([]);
    expect(fs.existsSync(owner)).toBe(false);
  });
});
