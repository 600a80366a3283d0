// The `recent` table: the newest pieces indexed a second time, where a query looks for its
// newest matches first. Whatever it holds, a query answers as the whole index would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openIndex, recentFrom, type Database } from '../../../electron/core/search/index-db';
import { Indexer } from '../../../electron/core/search/indexer';
import { CANDIDATES, searchIndex } from '../../../electron/core/search/query';

let base: string;
let projects: string;
let db: Database;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-search-recent-'));
  projects = path.join(base, 'projects');
  fs.mkdirSync(path.join(projects, '-home-me-proj'), { recursive: true });
  db = openIndex(path.join(base, 'data')).db;
});
afterEach(() => {
  db.close();
  fs.rmSync(base, { recursive: true, force: true });
});

const line = (o: object) => `${JSON.stringify(o)}\n`;
const reply = (id: string, text: string, s: number) =>
  line({
    type: 'assistant',
    message: { id, role: 'assistant', content: [{ type: 'text', text }] },
    uuid: `a-${id}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, s)).toISOString(),
  });
const session = (n: number) => path.join(projects, '-home-me-proj', `0d6c1a55-1111-4222-8333-94445555${String(n).padStart(4, '0')}.jsonl`);

/** A session's messages, said from `mtime` seconds on (a millisecond apart), and its file's mtime. */
function write(n: number, messages: Array<[string, string]>, mtime: number): void {
  fs.writeFileSync(session(n), messages.map(([id, text], i) => reply(id, text, mtime * 1000 + i)).join(''));
  fs.utimesSync(session(n), mtime, mtime);
}

/** Ids `recent` matches for a word, and the ids from `recent_from` on that the whole index matches. */
function bothMatch(word: string): [number[], number[]] {
  const from = recentFrom(db) ?? Infinity;
  const ids = (sql: string) => (db.all(sql, [word]) as Array<{ id: number }>).map((r) => r.id);
  return [
    ids('SELECT rowid AS id FROM recent WHERE recent MATCH ? ORDER BY rowid'),
    ids('SELECT rowid AS id FROM fts WHERE fts MATCH ? ORDER BY rowid').filter((id) => id >= from),
  ];
}

const QUERIES = ['lemur', 'lemur ', 'lem', 'okapi', 'okapi lemur', '"lemur number"', 'tapir', 'zebu', 'nothing'];

/** What every query answers, first page and second. */
function answers(): unknown[] {
  return QUERIES.flatMap((q) => {
    const first = searchIndex(db, q, 7);
    return [q, first, first.next ? searchIndex(db, q, 7, first.next) : undefined];
  });
}

/** The same queries asked of the whole index alone (as before `recent` existed). */
function answersWithoutRecent(): unknown[] {
  const from = recentFrom(db);
  db.run("DELETE FROM meta WHERE key = 'recent_from'");
  try {
    return answers();
  } finally {
    if (from !== undefined) db.run("INSERT INTO meta (key, value) VALUES ('recent_from', ?)", [String(from)]);
  }
}

describe('the index of the newest pieces', () => {
  it('holds the end of a bulk build and what comes after, and queries answer as over the whole index', async () => {
    // An old session with many lemurs, a newer one with fewer: a bulk build puts only the newer in `recent`.
    const old: Array<[string, string]> = [];
    for (let i = 0; i < CANDIDATES + 300; i++) old.push([`o${i}`, i % 97 === 0 ? `okapi and lemur ${i}` : `the lemur number ${i}`]);
    write(1, old, 1000);
    const newer: Array<[string, string]> = [];
    for (let i = 0; i < 400; i++) newer.push([`n${i}`, i % 50 === 0 ? `a tapir, an okapi, the lemur ${i}` : `the lemur number ${i} and a zebu`]);
    write(2, newer, 2000);
    const idx = new Indexer(db, projects, 1024, fs.statSync(session(2)).size);
    await idx.update();
    const from = recentFrom(db);
    expect(from).toBeGreaterThan(CANDIDATES);
    for (const w of ['lemur', 'okapi', 'tapir']) {
      const [recent, all] = bothMatch(w);
      expect(recent.length).toBeGreaterThan(0);
      expect(recent).toEqual(all);
    }
    expect(answers()).toEqual(answersWithoutRecent());
    // The newest lemurs are the newer session's, newest first.
    expect(searchIndex(db, 'lemur', 3).hits.map((h) => h.target.itemId)).toEqual(['n399', 'n398', 'n397']);

    // Appended to (a small update): the new pieces go into `recent` too.
    const later = new Indexer(db, projects);
    for (let i = 0; i < CANDIDATES; i++) fs.appendFileSync(session(2), reply(`m${i}`, `one more lemur ${i}`, 2500 * 1000 + i));
    await later.update();
    expect(recentFrom(db)).toBe(from);
    expect(bothMatch('lemur')[0]).toEqual(bothMatch('lemur')[1]);
    expect(bothMatch('lemur')[0].length).toBeGreaterThanOrEqual(CANDIDATES);
    expect(answers()).toEqual(answersWithoutRecent());
    expect(searchIndex(db, 'lemur', 1).hits.map((h) => h.target.itemId)).toEqual([`m${CANDIDATES - 1}`]);

    // Rewritten: its old pieces leave `recent` with the whole index.
    write(2, [['r1', 'a quite different zebu']], 3000);
    await later.update();
    for (const w of ['lemur', 'tapir', 'zebu']) expect(bothMatch(w)[0]).toEqual(bothMatch(w)[1]);
    expect(searchIndex(db, 'tapir').hits).toHaveLength(0);
    expect(searchIndex(db, 'zebu').hits.map((h) => h.target.itemId)).toEqual(['r1']);
    expect(answers()).toEqual(answersWithoutRecent());

    // Deleted: likewise.
    fs.rmSync(session(2));
    await later.update();
    expect(searchIndex(db, 'zebu').hits).toHaveLength(0);
    expect(answers()).toEqual(answersWithoutRecent());
  });

  it('a small first build puts everything in it', async () => {
    write(
      1,
      [
        ['m1', 'the lemur'],
        ['m2', 'an okapi'],
      ],
      1000,
    );
    await new Indexer(db, projects).update();
    expect(recentFrom(db)).toBe(1);
    expect(bothMatch('lemur')[0]).toEqual([1]);
    expect(answers()).toEqual(answersWithoutRecent());
  });
});
