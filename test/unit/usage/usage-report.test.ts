// The usage figures kept with the search index, against a straightforward count over the same
// transcripts that deduplicates by hand: the CLI's recorded fixtures, and generated sessions
// resumed and forked (records written again into other files). Same token totals per day and
// per session; each message counted once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openIndex, type Database } from '../../../electron/core/search/index-db';
import { Indexer } from '../../../electron/core/search/indexer';
import { localDay, usageReport } from '../../../electron/core/usage/report';
import { costOf } from '../../../electron/core/usage/pricing';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/transcripts');
let base: string;
let projects: string;
let db: Database | undefined;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-usage-'));
  projects = path.join(base, 'config', 'projects');
  fs.mkdirSync(projects, { recursive: true });
});
afterEach(() => {
  db?.close();
  db = undefined;
  fs.rmSync(base, { recursive: true, force: true });
});

const A = 'aaaaaaaa-1111-4222-8333-944455556666';
const B = 'bbbbbbbb-1111-4222-8333-944455556666';
const C = 'cccccccc-1111-4222-8333-944455556666';
const at = (day: number, hour: number) => new Date(2026, 0, day, hour, 0, 0).toISOString();

/** One response written as two records (a thinking block and a text block), as the CLI does. */
function response(session: string, n: number, day: number, extra: object = {}): object[] {
  const usage = { input_tokens: 10 * n, output_tokens: 100 + n, cache_read_input_tokens: 1000 * n, cache_creation_input_tokens: 50 + n };
  const rec = (block: object, i: number) => ({
    type: 'assistant',
    sessionId: session,
    cwd: '/home/me/repo',
    uuid: `u-${n}-${i}`,
    requestId: `req_${n}`,
    timestamp: at(day, 9 + i),
    message: { id: `msg_${n}`, model: 'claude-sonnet-4-5-20250929', role: 'assistant', content: [block], usage },
    ...extra,
  });
  return [rec({ type: 'thinking', thinking: 'hmm' }, 0), rec({ type: 'text', text: `reply ${n}` }, 1)];
}

const prompt = (session: string, text: string, day: number) => ({
  type: 'user',
  sessionId: session,
  cwd: '/home/me/repo',
  uuid: `p-${text}`,
  timestamp: at(day, 8),
  message: { role: 'user', content: text },
});

function write(session: string, records: object[], mtime: number): void {
  const dir = path.join(projects, '-home-me-repo');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${session}.jsonl`);
  fs.writeFileSync(file, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  fs.utimesSync(file, mtime, mtime);
}

/** A session over two days; resumed into B (all of A written again) and forked into C (its start). */
function generate(): void {
  const a = [prompt(A, 'one', 3), ...response(A, 1, 3), prompt(A, 'two', 4), ...response(A, 2, 4, { costUSD: 0.5 }), ...response(A, 3, 4)];
  write(A, a, 1_000_000);
  const copy = (r: object, s: string) => ({ ...r, sessionId: s });
  write(B, [...a.map((r) => copy(r, B)), prompt(B, 'three', 5), ...response(B, 4, 5)], 2_000_000);
  write(C, [...a.slice(0, 3).map((r) => copy(r, C)), prompt(C, 'other', 6), ...response(C, 5, 6)], 3_000_000);
}

interface Counted {
  session: string;
  at: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** Every .jsonl under projects, oldest first; each response once by message id + request id (its largest counts, its first session, its earliest time). */
function countByHand(): Map<string, Counted> {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.jsonl')) files.push(p);
    }
  };
  walk(projects);
  files.sort((x, y) => fs.statSync(x).mtimeMs - fs.statSync(y).mtimeMs);
  const seen = new Map<string, Counted>();
  for (const file of files) {
    const session = /([0-9a-f-]{36})/.exec(path.relative(projects, file))![1]!;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const r = JSON.parse(line);
      const u = r.message?.usage;
      if (r.type !== 'assistant' || !u || !r.message.id) continue;
      const t = {
        input: u.input_tokens ?? 0,
        output: u.output_tokens ?? 0,
        cacheRead: u.cache_read_input_tokens ?? 0,
        cacheWrite: u.cache_creation_input_tokens ?? 0,
      };
      if (t.input + t.output + t.cacheRead + t.cacheWrite === 0) continue;
      const key = `${r.message.id}\u0000${r.requestId ?? ''}`;
      const when = Date.parse(r.timestamp);
      const had = seen.get(key);
      if (!had) seen.set(key, { session, at: when, ...t });
      else
        seen.set(key, {
          session: had.session,
          at: Math.min(had.at, when),
          input: Math.max(had.input, t.input),
          output: Math.max(had.output, t.output),
          cacheRead: Math.max(had.cacheRead, t.cacheRead),
          cacheWrite: Math.max(had.cacheWrite, t.cacheWrite),
        });
    }
  }
  return seen;
}

function totalsBy(rows: Iterable<Counted>, key: (c: Counted) => string): Record<string, [number, number, number, number, number]> {
  const out: Record<string, [number, number, number, number, number]> = {};
  for (const c of rows) {
    const t = (out[key(c)] ??= [0, 0, 0, 0, 0]);
    t[0] += c.input;
    t[1] += c.output;
    t[2] += c.cacheRead;
    t[3] += c.cacheWrite;
    t[4] += 1;
  }
  return out;
}

const asTuple = (f: { input: number; output: number; cacheRead: number; cacheWrite: number; messages: number }) =>
  [f.input, f.output, f.cacheRead, f.cacheWrite, f.messages] as [number, number, number, number, number];

async function indexed() {
  db = openIndex(path.join(base, 'data')).db;
  await new Indexer(db, projects).update();
  return usageReport(db);
}

describe('usage figures from the index', () => {
  it('match a count by hand per day and per session over the recorded fixtures and a resume and a fork', async () => {
    for (const name of fs.readdirSync(FIXTURES)) {
      const from = path.join(FIXTURES, name, 'projects');
      if (fs.existsSync(from)) fs.cpSync(from, projects, { recursive: true });
    }
    generate();
    const report = await indexed();
    const byHand = countByHand();
    expect(byHand.size).toBeGreaterThan(10);

    const days = Object.fromEntries(report.days.map((d) => [d.day, asTuple(d)]));
    expect(days).toEqual(totalsBy(byHand.values(), (c) => localDay(c.at)));

    const handSessions = totalsBy(byHand.values(), (c) => c.session);
    const sessions = Object.fromEntries(report.sessions.map((s) => [s.sessionId, asTuple(s)]));
    expect(sessions).toEqual(handSessions);
    // The resumed session has only its own new response; the fork only its own.
    expect(sessions[B]![4]).toBe(1);
    expect(sessions[C]![4]).toBe(1);
    expect(sessions[A]![4]).toBe(3);

    const all = [...byHand.values()].reduce((n, c) => n + c.output, 0);
    expect(report.totals.output).toBe(all);
    expect(report.totals.messages).toBe(byHand.size);
  });

  it('uses the cost Claude Code wrote where there is one, and the pricing table otherwise', async () => {
    generate();
    const report = await indexed();
    const sessionA = report.sessions.find((s) => s.sessionId === A)!;
    expect(sessionA.reported).toBeCloseTo(0.5, 10);
    const model = 'claude-sonnet-4-5-20250929';
    const priced = [1, 3].reduce((n, i) => n + costOf(model, { input: 10 * i, output: 100 + i, cacheRead: 1000 * i, cacheWrite: 50 + i })!, 0);
    expect(sessionA.priced).toBeCloseTo(priced, 10);
    expect(report.totals.unpriced).toBe(0);
    expect(report.pricing.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('counts what was appended to a session once more only for its new responses', async () => {
    generate();
    db = openIndex(path.join(base, 'data')).db;
    const indexer = new Indexer(db, projects);
    await indexer.update();
    const file = path.join(projects, '-home-me-repo', `${A}.jsonl`);
    // The CLI writes a resumed conversation's records again, then the new response.
    const again = [...response(A, 3, 4), ...response(A, 6, 7)];
    fs.appendFileSync(file, again.map((r) => `${JSON.stringify(r)}\n`).join(''));
    await indexer.update();
    const report = usageReport(db);
    expect(report.sessions.find((s) => s.sessionId === A)!.messages).toBe(4);
    expect(report.totals.messages).toBe(6);
  });

  it('names what makes turns expensive', async () => {
    generate();
    const report = await indexed();
    const kinds = report.contributors.map((c) => c.kind);
    expect(kinds).toContain('cache-misses');
    for (const c of report.contributors) expect(c.share).toBeGreaterThan(0);
  });
});
