// The search index on disk: one SQLite file in the app's data dir, with an FTS5 table over
// the searchable text and, beside it, where each piece came from (file, byte offset of its
// line, which part of the record; packed in blocks, see doc-blocks.ts) instead of a second
// copy of the text: snippets are read back from the transcript itself, which keeps the index
// small. What a hit needs that the record says again (its uuid, its message id) is read from
// there too (query.ts); only the tool call a piece belongs to is kept, as the record alone
// cannot always say it.
//
// A second, small FTS5 table, `recent`, indexes again the pieces from `recent_from` (a piece id
// kept in meta) on: the newest few percent of the history. A query for a common word or
// prefix wants only its newest matches, and FTS5 answers a prefix query by merging the whole
// doclist of every word that starts with it: over `recent` that is a small fraction of the
// work (see query.ts). It always holds every piece whose id is at least `recent_from`.
//
// The same pass keeps each API response's token usage (`usage`, see ../usage/usage-rows.ts), so
// the Usage view reads no transcript itself.
//
// SQLite runs as WebAssembly (node-sqlite3-wasm), so nothing is compiled for the platform or
// for Electron's ABI; its file access goes through Node's fs. Only the search worker opens it.
import fs from 'node:fs';
import path from 'node:path';
import sqlite from 'node-sqlite3-wasm';
import type { SearchField } from '../../../shared/search';
import { USAGE_SCHEMA } from '../usage/usage-rows';

export type Database = InstanceType<typeof sqlite.Database>;

/**
 * A piece's field, stored as its position here: a number binds and stores for less than a
 * word, on every one of millions of rows. Only ever appended to (the index keeps the numbers).
 */
export const FIELDS: readonly SearchField[] = ['prompt', 'reply', 'thinking', 'tool-input', 'tool-output', 'title'];
export const fieldCode = (f: SearchField): number => FIELDS.indexOf(f);

/** Bumped when the schema or what is indexed changes: an older index is rebuilt. */
export const SCHEMA_VERSION = '6';
export const INDEX_FILE = 'search-index.sqlite';

const SCHEMA = `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
  CREATE TABLE files (
    id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL, session_id TEXT NOT NULL,
    agent_tool TEXT, ino TEXT, size INTEGER, mtime REAL, offset INTEGER, head TEXT, agent_call TEXT
  );
  CREATE TABLE sessions (
    session_id TEXT PRIMARY KEY, cwd TEXT, custom_title TEXT, ai_title TEXT, summary TEXT, first_prompt TEXT
  ) WITHOUT ROWID;
  CREATE TABLE doc_blocks (block INTEGER PRIMARY KEY, entries BLOB NOT NULL, tools TEXT);
  CREATE TABLE file_docs (file_id INTEGER NOT NULL, first INTEGER NOT NULL, last INTEGER NOT NULL);
  CREATE INDEX file_docs_file ON file_docs (file_id);
  CREATE VIRTUAL TABLE fts USING fts5 (text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
  CREATE VIRTUAL TABLE recent USING fts5 (text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
  ${USAGE_SCHEMA}
`;

/** The first piece id that `recent` also indexes; undefined while it indexes none. */
export function recentFrom(db: Database): number | undefined {
  return metaNumber(db, 'recent_from');
}

/** The newest piece's id (0 for an empty index). Ids are never used twice, even after pieces are taken out. */
export function lastDocId(db: Database): number {
  return (metaNumber(db, 'next_doc') ?? 1) - 1;
}

export function setNextDocId(db: Database, id: number): void {
  setMetaNumber(db, 'next_doc', id);
}

export function setRecentFrom(db: Database, id: number): void {
  setMetaNumber(db, 'recent_from', id);
}

function metaNumber(db: Database, key: string): number | undefined {
  const v = (db.get('SELECT value FROM meta WHERE key = ?', [key]) as { value: string } | null)?.value;
  return v === undefined ? undefined : Number(v);
}

function setMetaNumber(db: Database, key: string, value: number): void {
  db.run('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)', [key, String(value)]);
}

export interface OpenedIndex {
  db: Database;
  /** Set when the file on disk could not be used and a new one was started. */
  rebuilt?: { reason: string; setAside?: string };
}

/**
 * Open the index, or start a new one. A file that is not a readable index of this version is
 * moved aside (corrupt) or replaced (an older version), never fatal.
 */
export function openIndex(dir: string): OpenedIndex {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, INDEX_FILE);
  // The SQLite VFS locks with a directory beside the file; one left by a process that died
  // would lock the index for good. Only this process's worker uses the file (see owner.ts).
  fs.rmSync(`${file}.lock`, { recursive: true, force: true });
  if (!fs.existsSync(file)) return { db: create(file) };
  let problem: string | undefined;
  let db: Database | undefined;
  try {
    db = new sqlite.Database(file, { fileMustExist: true });
    problem = check(db);
  } catch (err) {
    problem = `it could not be read (${(err as Error).message})`;
  }
  if (!problem && db) {
    tune(db);
    return { db };
  }
  try {
    db?.close();
  } catch {
    // Closing a damaged database can fail too; the file is moved aside either way.
  }
  if (problem === OLD_VERSION) {
    removeIndexFiles(file);
    return { db: create(file), rebuilt: { reason: 'the index was made by an older version of clide' } };
  }
  const setAside = `${file}.corrupt`;
  removeIndexFiles(setAside);
  fs.renameSync(file, setAside);
  for (const suffix of ['-journal', '-wal']) fs.rmSync(file + suffix, { force: true });
  return { db: create(file), rebuilt: { reason: `the index was damaged: ${problem}`, setAside } };
}

const OLD_VERSION = 'older version';

/**
 * Cheap checks that the file is an index of this version whose tables answer: reading its
 * schema, its file table and the full-text index's structure. (A full integrity check reads
 * every page, seconds for a big index at each start; damage elsewhere shows as an error when
 * a query or an update reaches it, and the worker rebuilds then: see worker.ts.)
 */
function check(db: Database): string | undefined {
  const version = db.get("SELECT value FROM meta WHERE key = 'schema'")?.value;
  if (version !== SCHEMA_VERSION) return OLD_VERSION;
  db.get('SELECT count(*) AS n, max(offset) AS o FROM files');
  db.get('SELECT count(*) AS n FROM sessions');
  db.get('SELECT max(block) AS n FROM doc_blocks');
  db.get('SELECT count(*) AS n FROM file_docs');
  db.get('SELECT count(*) AS n FROM usage');
  db.get("SELECT rowid FROM fts WHERE fts MATCH 'clide' LIMIT 1");
  db.get("SELECT rowid FROM recent WHERE recent MATCH 'clide' LIMIT 1");
  return undefined;
}

function create(file: string): Database {
  const db = new sqlite.Database(file);
  // Larger pages: FTS5 writes its doclists in big segments.
  db.exec('PRAGMA page_size = 8192');
  db.exec(SCHEMA);
  db.run("INSERT INTO meta (key, value) VALUES ('schema', ?)", [SCHEMA_VERSION]);
  tune(db);
  return db;
}

function tune(db: Database): void {
  // The index can always be rebuilt from the transcripts: a lost last batch after a power cut
  // costs a re-read, not data, so commits need not wait for the disk.
  db.exec('PRAGMA synchronous = OFF; PRAGMA cache_size = -32000; PRAGMA temp_store = MEMORY');
  // Only the worker uses the file: take its lock once, not around every statement (the VFS
  // locks by creating and removing a directory, two file-system calls per query otherwise).
  db.exec('PRAGMA locking_mode = EXCLUSIVE');
}

/** True when an error from SQLite means the file is damaged (rebuild) rather than a bad query. */
export function isCorruption(err: unknown): boolean {
  return /malformed|corrupt|not a database|SQLITE_CORRUPT|disk image/i.test((err as Error)?.message ?? '');
}

export function removeIndexFiles(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '.lock']) fs.rmSync(file + suffix, { recursive: true, force: true });
}
