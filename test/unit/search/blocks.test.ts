// Where each indexed piece came from is kept in blocks of 64 (doc-blocks.ts): an update that
// goes on filling a block keeps what it held, a file indexed again leaves the other files'
// places alone, numbers are never given out twice, and a query that runs while a long file is
// being read finds the place of every piece it can match.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOCK_DOCS } from '../../../electron/core/search/doc-blocks';
import { lastDocId, openIndex, recentFrom, type Database } from '../../../electron/core/search/index-db';
import { Indexer } from '../../../electron/core/search/indexer';
import { searchIndex } from '../../../electron/core/search/query';

let base: string;
let projects: string;
let db: Database | undefined;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-blocks-'));
  projects = path.join(base, 'projects', '-home-me-proj');
  fs.mkdirSync(projects, { recursive: true });
});
afterEach(() => {
  db?.close();
  db = undefined;
  fs.rmSync(base, { recursive: true, force: true });
});

const at = (s: number) => Date.UTC(2026, 0, 1, 0, 0, 0) + s * 1000;
const reply = (id: string, text: string, s: number) =>
  `${JSON.stringify({
    type: 'assistant',
    message: { id, role: 'assistant', content: [{ type: 'text', text }] },
    uuid: `a-${id}`,
    timestamp: new Date(at(s)).toISOString(),
  })}\n`;
const call = (id: string, tool: string, command: string, s: number) =>
  `${JSON.stringify({
    type: 'assistant',
    message: { id, role: 'assistant', content: [{ type: 'tool_use', id: `toolu_${id}`, name: tool, input: { command } }] },
    uuid: `a-${id}`,
    timestamp: new Date(at(s)).toISOString(),
  })}\n`;
const session = (n: number) => path.join(projects, `0d6c1a55-1111-4222-8333-${String(n).padStart(12, '0')}.jsonl`);

function replies(prefix: string, from: number, to: number): string {
  let text = '';
  for (let i = from; i < to; i++) text += reply(`${prefix}${i}`, `${prefix} line ${i} says ${prefix}word${i}`, i);
  return text;
}

/** The one hit for a word: its message, time and tool. */
function only(word: string): { itemId?: string; at: number; tool?: string; toolUseId?: string } | undefined {
  const hits = searchIndex(db!, word).hits;
  expect(hits.length, word).toBeLessThanOrEqual(1);
  const h = hits[0];
  return h && { itemId: h.target.itemId, at: h.at, tool: h.tool, toolUseId: h.target.toolUseId };
}

describe('the places of indexed pieces', () => {
  it('survive updates that fill a block in parts, and a file indexed again leaves the others alone', async () => {
    db = openIndex(path.join(base, 'data')).db;
    const idx = new Indexer(db, path.dirname(projects));
    fs.writeFileSync(session(1), replies('alpha', 0, 100) + call('c1', 'Bash', 'ls zebrafolder', 100));
    await idx.update();
    // 101 pieces: the second block is half full; the next update goes on filling it.
    expect(lastDocId(db) % BLOCK_DOCS).not.toBe(BLOCK_DOCS - 1);
    fs.appendFileSync(session(1), replies('alpha', 100, 130));
    fs.writeFileSync(session(2), replies('beta', 0, 150));
    await idx.update();
    for (const i of [0, 63, 64, 99, 100, 129]) expect(only(`alphaword${i}`)).toEqual({ itemId: `alpha${i}`, at: at(i) });
    expect(only('zebrafolder')).toEqual({ itemId: 'c1', at: at(100), tool: 'Bash', toolUseId: 'toolu_c1' });
    for (const i of [0, 77, 149]) expect(only(`betaword${i}`)).toEqual({ itemId: `beta${i}`, at: at(i) });
    const last = lastDocId(db);

    // The first file is rewritten: its pieces go, the second's stay where they were.
    fs.writeFileSync(session(1), replies('gamma', 0, 10));
    await idx.update();
    expect(only('alphaword5')).toBeUndefined();
    expect(only('zebrafolder')).toBeUndefined();
    // Out of the full-text index itself, not only unshown (a hit whose line changed is dropped).
    const matches = (w: string) => (db!.get('SELECT count(*) AS n FROM fts WHERE fts MATCH ?', [w]) as { n: number }).n;
    expect(matches('zebrafolder') + matches('alphaword129') + matches('alphaword0')).toBe(0);
    expect(only('gammaword9')).toEqual({ itemId: 'gamma9', at: at(9) });
    for (const i of [0, 77, 149]) expect(only(`betaword${i}`)).toEqual({ itemId: `beta${i}`, at: at(i) });
    // New pieces get new numbers, never those of the pieces taken out.
    expect(lastDocId(db)).toBe(last + 10);
  });

  it('a query while a long file is being read finds the place of every piece it matches', async () => {
    db = openIndex(path.join(base, 'data')).db;
    // Over 3.5 MB (fewer pieces than a query ranks): read in 1 MB steps, with the event loop free between them.
    const filler = 'x'.repeat(4000);
    let text = '';
    for (let i = 0; i < 900; i++) text += reply(`m${i}`, `marker ${i} ${filler}`, i);
    fs.writeFileSync(session(3), text);
    const idx = new Indexer(db, path.dirname(projects));
    let done = false;
    const seen: Array<{ matches: number; hits: number }> = [];
    const update = idx.update().finally(() => (done = true));
    while (!done) {
      await new Promise((r) => setImmediate(r));
      if (done) break;
      const matches = (db.get("SELECT count(*) AS n FROM fts WHERE fts MATCH 'marker'") as { n: number }).n;
      if (matches === 0) continue;
      seen.push({ matches, hits: searchIndex(db, 'marker', 10_000).hits.length });
    }
    await update;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.some((s) => s.matches < 900)).toBe(true);
    for (const s of seen) expect(s.hits).toBe(s.matches);
  });

  it('`recent` is cut back to its newest pieces once it has grown, across files and one taken out', async () => {
    db = openIndex(path.join(base, 'data')).db;
    // No bulk build; trimmed past 120 pieces, to the newest 40.
    const idx = new Indexer(db, path.dirname(projects), 1e9, 0, { trim: 120, keep: 40 });
    fs.writeFileSync(session(4), replies('delta', 0, 60));
    await idx.update();
    expect(recentFrom(db)).toBe(1);
    fs.writeFileSync(session(5), replies('eps', 0, 30));
    fs.writeFileSync(session(4), replies('zeta', 0, 20)); // the 60 delta pieces are taken out
    await idx.update();
    fs.appendFileSync(session(5), replies('eps', 30, 70));
    await idx.update();
    // 150 numbers given out (60 of them taken out again): `recent` starts 40 before the end.
    expect(lastDocId(db)).toBe(150);
    expect(recentFrom(db)).toBe(111);
    const inRecent = (w: string) => (db!.get('SELECT count(*) AS n FROM recent WHERE recent MATCH ?', [w]) as { n: number }).n;
    expect(inRecent('eps')).toBe(40);
    expect(inRecent('zeta') + inRecent('delta')).toBe(0);
    // Queries still answer over the whole index.
    expect(only('epsword0')).toEqual({ itemId: 'eps0', at: at(0) });
    expect(only('zetaword19')).toEqual({ itemId: 'zeta19', at: at(19) });
    expect(searchIndex(db, 'eps', 100).hits).toHaveLength(70);
  });
});
