// The index on disk: built from transcripts in the CLI's formats, kept up to date by reading
// only what was appended, rebuilt when the file is damaged, and queried with snippets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIELDS, INDEX_FILE, openIndex, type Database } from '../../../electron/core/search/index-db';
import { SearchFieldSchema } from '../../../shared/search';
import { Indexer } from '../../../electron/core/search/indexer';
import { CANDIDATES, searchIndex } from '../../../electron/core/search/query';

const FIXTURES = path.resolve(__dirname, '../../../fixtures/transcripts');
let base: string;
let projects: string;
let dataDir: string;
let db: Database | undefined;

beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-search-'));
  projects = path.join(base, 'config', 'projects');
  dataDir = path.join(base, 'data');
  fs.mkdirSync(projects, { recursive: true });
});
afterEach(() => {
  db?.close();
  db = undefined;
  fs.rmSync(base, { recursive: true, force: true });
});

function copyFixture(name: string): void {
  fs.cpSync(path.join(FIXTURES, name, 'projects'), projects, { recursive: true });
}

function open(): Database {
  db = openIndex(dataDir).db;
  return db;
}

const SID = '0d6c1a55-1111-4222-8333-944455556666';
const line = (o: object) => `${JSON.stringify(o)}\n`;
const prompt = (uuid: string, text: string, s: number) =>
  line({
    type: 'user',
    message: { role: 'user', content: text },
    uuid,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString(),
    cwd: '/home/me/proj',
    sessionId: SID,
  });
const reply = (id: string, text: string, s: number) =>
  line({
    type: 'assistant',
    message: { id, role: 'assistant', content: [{ type: 'text', text }] },
    uuid: `a-${id}`,
    timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString(),
  });

describe('building and querying the index', () => {
  it('finds words of replies, tool output, subagents and titles across formats, with snippets and where to open', async () => {
    copyFixture('2.1.332-background-agent');
    copyFixture('1.0.58-sidechain');
    const idx = new Indexer(open(), projects);
    const progress: Array<[number, number]> = [];
    const stats = await idx.update((p) => progress.push([p.filesDone, p.filesTotal]));
    expect(stats.files).toBe(3);
    expect(progress.at(-1)).toEqual([3, 3]);
    // A pass that finds nothing new reports no progress (History shows no "indexing" for it).
    progress.length = 0;
    expect((await idx.update((p) => progress.push([p.filesDone, p.filesTotal]))).read).toBe(0);
    expect(progress).toEqual([]);

    const zebra = searchIndex(db!, 'zebra').hits;
    expect(zebra).toHaveLength(1);
    expect(zebra[0]).toMatchObject({
      sessionId: '305e9d32-7225-45f7-823c-2d7affbfa280',
      title: 'Please run echo for the wombat',
      cwd: '/tmp/clide-fixture/work',
      field: 'reply',
      target: { itemId: 'msg_fake_mx54sz8f_s196rl' },
      subagent: false,
      snippet: 'All done: the zebra reply.',
      ranges: [[14, 19]],
    });
    expect(zebra[0]!.at).toBe(Date.parse('2026-12-01T20:10:28.578Z'));

    const quokka = searchIndex(db!, 'quokka ').hits;
    expect(quokka.map((h) => [h.field, h.subagent, h.target.toolUseId])).toEqual(
      expect.arrayContaining([
        ['reply', true, 'toolu_fake_2'],
        ['prompt', true, 'toolu_fake_2'],
      ]),
    );
    expect(searchIndex(db!, 'platypus').hits.map((h) => [h.field, h.tool])).toEqual(
      expect.arrayContaining([
        ['tool-output', 'Bash'],
        ['tool-input', 'Bash'],
      ]),
    );
    // The 1.0 session is titled by its summary; a prefix of the last word finds "pangolin".
    const pango = searchIndex(db!, 'hard-coded PANGO').hits;
    // Found in the subagent's reply (in-file sidechain records) and in the Task's result that repeats it: both open the Task card.
    expect(pango.map((h) => [h.title, h.subagent, h.target.toolUseId]).sort()).toEqual([
      ['Checkout currency symbol fix', false, 'toolu_01Task'],
      ['Checkout currency symbol fix', true, 'toolu_01Task'],
    ]);
    // The session starts with the command: it is found as its title and as the message itself.
    const review = searchIndex(db!, '/review 42').hits;
    expect(review.map((h) => [h.field, h.snippet]).sort()).toEqual(
      expect.arrayContaining([
        ['prompt', '/review 42'],
        ['title', '/review 42'],
      ]),
    );
    expect(searchIndex(db!, 'currency symbol').hits.map((h) => h.field)).toContain('title');
    // Bad syntax is only words.
    expect(() => searchIndex(db!, 'NEAR( "unclosed AND OR * ^ -')).not.toThrow();
    expect(searchIndex(db!, '" ( ) *').hits).toEqual([]);
  });

  it('pages through hits with a cursor, best first and the newer first among equals', async () => {
    const f = path.join(projects, '-home-me-proj', `${SID}.jsonl`);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    let text = '';
    for (let i = 0; i < 30; i++) text += reply(`m${i}`, `note number ${i} about the marmot`, i);
    text += reply('best', 'marmot marmot marmot', 40);
    fs.writeFileSync(f, text);
    await new Indexer(open(), projects).update();
    const first = searchIndex(db!, 'marmot', 10);
    expect(first.hits[0]?.target.itemId).toBe('best');
    expect(first.hits.slice(1, 4).map((h) => h.target.itemId)).toEqual(['m29', 'm28', 'm27']);
    expect(first.next).toBe('10');
    const rest = [first, searchIndex(db!, 'marmot', 10, first.next), searchIndex(db!, 'marmot', 10, '20'), searchIndex(db!, 'marmot', 10, '30')];
    expect(rest.flatMap((p) => p.hits).length).toBe(31);
    expect(rest[3]!.next).toBeUndefined();
  });
});

describe('a word in more messages than are ranked', () => {
  it('shows the newest of them first, and pages on through them', async () => {
    const f = path.join(projects, '-home-me-proj', `${SID}.jsonl`);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    let text = '';
    const words = (i: number) => (i === 3 ? 'okapi okapi okapi and a lemur' : i === 10 ? 'an okapi and a lemur' : `the lemur number ${i}`);
    for (let i = 0; i < CANDIDATES + 50; i++) text += reply(`m${i}`, words(i), i);
    fs.writeFileSync(f, text);
    await new Indexer(open(), projects).update();
    const first = searchIndex(db!, 'lemur ', 5);
    expect(first.hits.map((h) => h.target.itemId)).toEqual([
      `m${CANDIDATES + 49}`,
      `m${CANDIDATES + 48}`,
      `m${CANDIDATES + 47}`,
      `m${CANDIDATES + 46}`,
      `m${CANDIDATES + 45}`,
    ]);
    expect(first.next).toBe('5');
    // A rarer word is ranked by bm25: the message that says it most comes first, though older.
    expect(searchIndex(db!, 'okapi ').hits.map((h) => h.target.itemId)).toEqual(['m3', 'm10']);
  });

  it('a query with a common word lists its few matches newest first; rare words are still ranked', async () => {
    const f = path.join(projects, '-home-me-proj', `${SID}.jsonl`);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    let text = '';
    const words = (i: number) => (i === 3 ? 'okapi lemur, okapi lemur, okapi lemur' : i === 10 ? 'an okapi lemur' : `the lemur number ${i}`);
    for (let i = 0; i < 400; i++) text += reply(`m${i}`, words(i), i);
    fs.writeFileSync(f, text);
    await new Indexer(open(), projects).update();
    // "lemur" is in every piece: with 300 pieces counting as common (the real threshold is
    // 50,000), the two matches of the phrase are not scored but listed newest first, the same
    // with `recent` (a small first build puts everything there) and without it.
    const common = 300;
    for (const q of ['"okapi lemur"', 'okapi lemur', 'lemur okapi '])
      expect(searchIndex(db!, q, 20, undefined, common).hits.map((h) => h.target.itemId)).toEqual(['m10', 'm3']);
    db!.run("DELETE FROM meta WHERE key = 'recent_from'");
    expect(searchIndex(db!, '"okapi lemur"', 20, undefined, common).hits.map((h) => h.target.itemId)).toEqual(['m10', 'm3']);
    // Its words alone are rare: bm25 ranks, the one that says it most first.
    expect(searchIndex(db!, 'okapi ', 20, undefined, common).hits.map((h) => h.target.itemId)).toEqual(['m3', 'm10']);
    // Under the threshold (an index of fewer pieces than it), the phrase is ranked by bm25.
    expect(searchIndex(db!, '"okapi lemur"', 20, undefined, 1000).hits.map((h) => h.target.itemId)).toEqual(['m3', 'm10']);
  });
});

describe('keeping the index up to date', () => {
  const file = () => path.join(projects, '-home-me-proj', `${SID}.jsonl`);

  it('reads only the bytes appended since the last update, and finds what they say', async () => {
    fs.mkdirSync(path.dirname(file()), { recursive: true });
    fs.writeFileSync(file(), prompt('u1', 'first words about an aardvark', 1) + reply('m1', 'the aardvark sleeps', 2));
    const idx = new Indexer(open(), projects);
    const first = await idx.update();
    expect(first.bytesRead).toBe(fs.statSync(file()).size);
    const sizeBefore = fs.statSync(file()).size;
    const appended = prompt('u2', 'now the okapi', 3) + reply('m2', 'an okapi appears', 4);
    // Half a line, as when the CLI is writing it: read whole next time.
    fs.appendFileSync(file(), appended + '{"type":"assistant","message":{"id":"m3","content":[{"type":"text","text":"the tap');
    const second = await idx.update();
    expect(second.bytesRead).toBe(fs.statSync(file()).size - sizeBefore);
    expect(searchIndex(db!, 'okapi').hits.map((h) => h.target.itemId)).toEqual(['m2', 'u2']);
    expect(searchIndex(db!, 'aardvark').hits).toHaveLength(2);
    expect(searchIndex(db!, 'tapir').hits).toHaveLength(0);
    fs.appendFileSync(file(), 'ir stays"}]},"uuid":"a3"}\n');
    const third = await idx.update();
    expect(third.bytesRead).toBeLessThan(200);
    expect(searchIndex(db!, 'tapir').hits.map((h) => h.target.itemId)).toEqual(['m3']);
    // Nothing changed: nothing is read.
    expect((await idx.update()).read).toBe(0);
  });

  it('a tool result appended later is labelled with the tool its call, read in an earlier update, named', async () => {
    fs.mkdirSync(path.dirname(file()), { recursive: true });
    const call = line({
      type: 'assistant',
      message: { id: 'm1', role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls zebra' } }] },
      uuid: 'a-m1',
      timestamp: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    });
    fs.writeFileSync(file(), prompt('u1', 'list it', 0) + call);
    const idx = new Indexer(open(), projects);
    await idx.update();
    const result = line({
      type: 'user',
      message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'zebra.txt' }] },
      uuid: 'u2',
      timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, 5)).toISOString(),
    });
    fs.appendFileSync(file(), result);
    expect((await idx.update()).bytesRead).toBe(result.length);
    const hits = searchIndex(db!, 'zebra').hits;
    expect(hits.map((h) => [h.field, h.tool, h.target.toolUseId, h.uuid])).toEqual([
      ['tool-output', 'Bash', 'toolu_1', 'u2'],
      ['tool-input', 'Bash', 'toolu_1', 'a-m1'],
    ]);
    expect(hits[1]!.target.itemId).toBe('m1');
  });

  it('stores every search field under a code of its own', () => {
    expect([...FIELDS].sort()).toEqual([...SearchFieldSchema.options].sort());
  });

  it('a bulk build merges its segments once at its end, and later small updates merge as usual', async () => {
    fs.mkdirSync(path.dirname(file()), { recursive: true });
    let text = '';
    for (let i = 0; i < 400; i++) text += reply(`m${i}`, `the quokka number ${i} hops past word${i}`, i);
    fs.writeFileSync(file(), text);
    const d = open();
    // Tiny in-memory segments, so this build writes many of them; bulk from 1 KB on.
    const idx = new Indexer(d, projects, 1024);
    d.run("INSERT INTO fts (fts, rank) VALUES ('hashsize', 2048)");
    const segments = () => (d.all('SELECT count(*) AS n FROM fts_idx WHERE segid > 0 GROUP BY segid') as unknown[]).length;
    const config = (k: string) => (d.get('SELECT v FROM fts_config WHERE k = ?', [k]) as { v: number } | null)?.v;
    const automerge = () => config('automerge');
    const crisismerge = () => config('crisismerge');
    // A bulk build cut short left merging off: the next update puts it back either way.
    d.run("INSERT INTO fts (fts, rank) VALUES ('automerge', 0)");
    // Five more sessions, so the build gives way between files and can be looked at.
    for (let n = 1; n <= 5; n++) {
      let more = '';
      for (let i = 0; i < 100; i++) more += reply(`s${n}-${i}`, `a quokka in session ${n}, line ${i}, and word${n}x${i}`, i);
      fs.writeFileSync(path.join(path.dirname(file()), `0d6c1a55-1111-4222-8333-94445555000${n}.jsonl`), more);
    }
    let most = 0;
    const during = new Set<number | undefined>();
    await idx.update(undefined, async () => {
      most = Math.max(most, segments());
      during.add(crisismerge());
    });
    // While it builds, segments pile up past FTS5's usual 16 before any merge (fewer merges).
    expect([...during]).toEqual([64]);
    expect(most).toBeGreaterThan(16);
    expect(segments()).toBe(1);
    expect(automerge()).toBe(4);
    expect(crisismerge()).toBe(16);
    expect(searchIndex(d, 'quokka', 5).hits.map((h) => h.target.itemId)).toEqual(['m399', 'm398', 'm397', 'm396', 'm395']);
    expect(searchIndex(d, 'word123').hits.map((h) => h.target.itemId)).toEqual(['m123']);
    fs.appendFileSync(file(), reply('late', 'one more quokka', 500));
    await idx.update();
    expect(automerge()).toBe(4);
    expect(crisismerge()).toBe(16);
    expect(segments()).toBe(2); // the small update's own segment, not merged into everything
    expect(searchIndex(d, 'quokka', 1).hits.map((h) => h.target.itemId)).toEqual(['late']);
  });

  it('a rewritten or truncated file is indexed again from the start; a deleted one is dropped', async () => {
    fs.mkdirSync(path.dirname(file()), { recursive: true });
    fs.writeFileSync(file(), prompt('u1', 'the wombat digs', 1) + reply('m1', 'wombats dig burrows', 2));
    const idx = new Indexer(open(), projects);
    await idx.update();
    fs.writeFileSync(file(), prompt('u9', 'a quite different session about the ibis', 1));
    const st = await idx.update();
    expect(st.bytesRead).toBe(fs.statSync(file()).size);
    expect(searchIndex(db!, 'wombat').hits).toHaveLength(0);
    expect(searchIndex(db!, 'ibis').hits.map((h) => h.target.itemId)).toEqual(['u9']);
    fs.rmSync(file());
    expect((await idx.update()).removed).toBe(1);
    expect(searchIndex(db!, 'ibis').hits).toHaveLength(0);
  });
});

describe('a damaged index', () => {
  it('is set aside and rebuilt, and says so', async () => {
    copyFixture('2.1.332-background-agent');
    await new Indexer(open(), projects).update();
    db!.close();
    db = undefined;
    const file = path.join(dataDir, INDEX_FILE);
    // Garble the file past its header, as a disk fault or a killed copy would.
    const fd = fs.openSync(file, 'r+');
    const size = fs.fstatSync(fd).size;
    fs.writeSync(fd, Buffer.alloc(Math.max(0, size - 8192), 0x5a), 0, Math.max(0, size - 8192), 8192);
    fs.closeSync(fd);
    const reopened = openIndex(dataDir);
    db = reopened.db;
    expect(reopened.rebuilt?.reason).toMatch(/damaged/);
    expect(fs.existsSync(reopened.rebuilt!.setAside!)).toBe(true);
    expect(searchIndex(db, 'zebra').hits).toHaveLength(0);
    await new Indexer(db, projects).update();
    expect(searchIndex(db, 'zebra').hits).toHaveLength(1);
  });

  it('a file that is not a database at all is set aside too', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, INDEX_FILE), 'this is not sqlite');
    const reopened = openIndex(dataDir);
    db = reopened.db;
    expect(reopened.rebuilt?.reason).toMatch(/damaged/);
    expect(fs.readFileSync(reopened.rebuilt!.setAside!, 'utf8')).toBe('this is not sqlite');
  });
});
