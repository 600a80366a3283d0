// Answering a search: FTS5 finds the matching pieces, bm25 ranks them (ties go to the newer
// message), and each hit's snippet is cut from the transcript line it came from.
//
// A common word matches hundreds of thousands of pieces across a long history; ranking all of
// them would cost seconds. The query takes the most recent CANDIDATES matches (row ids grow
// with time, see indexer.ts) and ranks those, which keeps every query fast and favours what
// was said lately.
//
// Finding those newest matches is where the time goes over gigabytes of history: FTS5
// answers a prefix (every single word typed is one, see query-text.ts) by merging the whole
// doclist of every word that starts with it. So the newest matches are looked for in `recent`
// first, the same text indexed again for only the newest pieces (see index-db.ts): when it
// has CANDIDATES matches, they are the index's newest ones. Otherwise the query is rarer and
// is asked of the whole index; when `recent` suggests it has well under CANDIDATES matches
// there, they are scored at once instead of listed first and then scored (each pass reads
// the words' whole doclists). Scoring costs a pass of its own over each word's doclist
// (bm25 counts the pieces each word or phrase is in): for a query with a common word, such
// as a phrase of two ("from path"), that doubled its time, so such a query lists its few
// matches newest first, as one with more than CANDIDATES matches does.
import fs from 'node:fs';
import { str } from '../../../shared/guards';
import type { SearchHit } from '../../../shared/search';
import type { TranscriptRecord } from '../protocol/transcript-file';
import { oneLine } from '../protocol/transcript-file';
import { readEntries, type DocEntry } from './doc-blocks';
import { extractDocs } from './extract';
import { FIELDS, lastDocId, recentFrom, type Database } from './index-db';
import { ftsExpression, parseQuery, type QueryTerm } from './query-text';
import { makeSnippet } from './snippet';

export const CANDIDATES = 1000;
const DEFAULT_LIMIT = 20;

interface Candidate {
  id: number;
  score: number;
  at: number;
}

interface FileRow {
  path: string;
  session_id: string;
  agent_tool: string | null;
  cwd: string | null;
  custom_title: string | null;
  ai_title: string | null;
  summary: string | null;
  first_prompt: string | null;
}

export interface QueryPage {
  hits: SearchHit[];
  next?: string;
}

/** `commonPieces`: see COMMON_PIECES (tests make it small). */
export function searchIndex(db: Database, query: string, limit = DEFAULT_LIMIT, cursor?: string, commonPieces = COMMON_PIECES): QueryPage {
  const terms = parseQuery(query);
  const expr = ftsExpression(terms);
  if (!expr) return { hits: [] };
  const offset = Math.max(0, Number.parseInt(cursor ?? '0', 10) || 0);
  const ranked = rank(candidates(db, expr, terms, commonPieces), db);
  const page = ranked.slice(offset, offset + limit);
  const hits: SearchHit[] = [];
  const reader = new LineReader();
  const entries = readEntries(
    db,
    page.map((c) => c.id),
  );
  const file = db.prepare(FILE_SQL);
  try {
    for (const c of page) {
      const entry = entries.get(c.id);
      const row = entry && (file.get([entry.fileId]) as FileRow | null);
      if (!entry || !row) continue;
      const hit = toHit(entry, row, terms, reader);
      if (hit) hits.push(hit);
    }
  } finally {
    file.finalize();
    reader.close();
  }
  const more = offset + limit < ranked.length;
  return { hits, next: more ? String(offset + limit) : undefined };
}

/**
 * The matches to rank: all of them with their bm25 scores when there are fewer than
 * CANDIDATES, else the newest CANDIDATES, unscored (score -1: shown newest first). A query
 * with a common word is not scored either (see commonWord).
 */
function candidates(db: Database, expr: string, terms: readonly QueryTerm[], commonPieces: number): Scored[] {
  const from = recentFrom(db);
  const last = lastDocId(db);
  let guess: number | undefined;
  if (from !== undefined) {
    const newest = newestIn(db, 'recent', expr);
    // `recent` holds every piece from `from` on, so its newest matches are the index's.
    if (newest.length >= CANDIDATES) return unscored(newest);
    // Matches over the whole index at the rate `recent` has them (one more, for a rate of zero).
    if (last >= from) guess = ((newest.length + 1) * last) / (last - from + 1);
  }
  // Over `recent` when there is one (a small, recent sample), else over the whole index.
  const common = () =>
    from !== undefined && last >= from
      ? commonWord(db, 'recent', terms, last - from + 1, last, commonPieces)
      : commonWord(db, 'fts', terms, last, last, commonPieces);
  // bm25 needs each word's count over the whole index, a full read of its doclist: cheap for a
  // selective query, tens of milliseconds for a word in every other message, which is not
  // worth it for a query with more matches than candidates: their newest are shown newest
  // first. When the guess is under CANDIDATES they are scored at once; a wrong guess costs
  // that read (a right one saves listing the matches first), and the statement still lists
  // the newest matches, the same rows in the same order.
  if (guess !== undefined && guess < CANDIDATES) {
    if (common()) return unscored(newestIn(db, 'fts', expr));
    const rows = db.all(SCORED_SQL, [expr, CANDIDATES]) as unknown as Scored[];
    return rows.length < CANDIDATES ? rows : unscored(rows);
  }
  // The newest matches first: FTS5 streams these without reading a word's whole doclist.
  const newest = newestIn(db, 'fts', expr);
  return newest.length < CANDIDATES && !common() ? (db.all(SCORED_SQL, [expr, CANDIDATES]) as unknown as Scored[]) : unscored(newest);
}

/**
 * A query's words are common when this many pieces of the whole index have one of them:
 * bm25's pass over their doclists then costs about as much as finding the matches (tens of
 * milliseconds over 2 GB of transcripts). Below it, scoring is cheap whatever the share.
 */
export const COMMON_PIECES = 50_000;

/**
 * Whether at least `commonPieces` of the index's pieces have one of the query's words, each
 * word on its own: a phrase of two common words ("from path") is common however rare the
 * phrase is, since bm25 reads both words' doclists through. Counted in `table` (of `pieces`
 * of the index's `total` pieces) up to its share of that, which stops early for a common word.
 */
function commonWord(db: Database, table: 'fts' | 'recent', terms: readonly QueryTerm[], pieces: number, total: number, commonPieces: number): boolean {
  if (total < commonPieces) return false;
  const enough = Math.max(1, Math.ceil((commonPieces * pieces) / total));
  const words = terms.flatMap((t) => t.words.map((w, i) => ({ words: [w], prefix: t.prefix && i === t.words.length - 1 })));
  const any = words.map((w) => ftsExpression([w])).join(' OR ');
  const n = (db.get(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} WHERE ${table} MATCH ? LIMIT ?)`, [any, enough]) as { n: number }).n;
  return n >= enough;
}

/** The newest CANDIDATES matches in one of the two FTS5 tables: FTS5 streams these by rowid. */
function newestIn(db: Database, table: 'fts' | 'recent', expr: string): Array<{ id: number }> {
  return db.all(`SELECT rowid AS id FROM ${table} WHERE ${table} MATCH ? ORDER BY rowid DESC LIMIT ?`, [expr, CANDIDATES]) as unknown as Array<{ id: number }>;
}

interface Scored {
  id: number;
  score: number;
}

const SCORED_SQL = 'SELECT rowid AS id, bm25(fts) AS score FROM fts WHERE fts MATCH ? ORDER BY rowid DESC LIMIT ?';

function unscored(rows: ReadonlyArray<{ id: number }>): Scored[] {
  return rows.map((r) => ({ id: r.id, score: -1 }));
}

const FILE_SQL = `
  SELECT f.path, f.session_id, f.agent_tool, s.cwd, s.custom_title, s.ai_title, s.summary, s.first_prompt
  FROM files f LEFT JOIN sessions s ON s.session_id = f.session_id
  WHERE f.id = ?`;

/** bm25 first (lower is better in FTS5); scores within about 5 % of each other count as equal, and then the newer wins. */
function rank(rows: Array<{ id: number; score: number }>, db: Database): Candidate[] {
  if (rows.length === 0) return [];
  const entries = readEntries(
    db,
    rows.map((r) => r.id),
    { tools: false },
  );
  const bucket = (score: number) => Math.floor(Math.log(Math.max(1e-12, -score)) / Math.log(1.05));
  return rows
    .map((r) => ({ id: r.id, score: r.score, at: entries.get(r.id)?.at ?? 0, b: bucket(r.score) }))
    .sort((a, b) => b.b - a.b || b.at - a.at || b.id - a.id);
}

function toHit(entry: DocEntry, row: FileRow, terms: readonly QueryTerm[], reader: LineReader): SearchHit | undefined {
  const record = reader.record(row.path, entry.lineAt, entry.lineBytes);
  const field = FIELDS[entry.field];
  const doc =
    record &&
    extractDocs(record, { toolNames: new Map(), agentToolUseId: row.agent_tool ?? undefined }).find((d) => d.part === entry.part && d.field === field);
  // The transcript changed under the index (rewritten since): the next update re-reads it.
  if (!doc) return undefined;
  const snippet = makeSnippet(doc.text, terms);
  const title = oneLine(row.custom_title ?? row.ai_title ?? row.summary ?? row.first_prompt ?? 'Untitled session');
  return {
    sessionId: row.session_id,
    title,
    cwd: row.cwd ?? undefined,
    uuid: str(record.uuid),
    // The entry as the record says it; the tool call as the index kept it (a subagent's record
    // in an older CLI's session file belongs to the Task call before it, which the record
    // alone does not say).
    target: { ...(doc.target.itemId ? { itemId: doc.target.itemId } : {}), ...(entry.toolUseId ? { toolUseId: entry.toolUseId } : {}) },
    field: doc.field,
    tool: entry.tool,
    subagent: row.agent_tool !== null || record.isSidechain === true,
    snippet: snippet.text,
    ranges: snippet.ranges,
    at: entry.at,
  };
}

/** Reads single lines back from transcripts, keeping each file open for the page of hits. */
class LineReader {
  private readonly open = new Map<string, number>();

  record(file: string, at: number, bytes: number): TranscriptRecord | undefined {
    try {
      let fd = this.open.get(file);
      if (fd === undefined) {
        fd = fs.openSync(file, 'r');
        this.open.set(file, fd);
      }
      const buf = Buffer.allocUnsafe(bytes);
      const n = fs.readSync(fd, buf, 0, bytes, at);
      const v: unknown = JSON.parse(buf.subarray(0, n).toString('utf8'));
      return v && typeof v === 'object' ? (v as TranscriptRecord) : undefined;
    } catch {
      return undefined;
    }
  }

  close(): void {
    for (const fd of this.open.values()) fs.closeSync(fd);
    this.open.clear();
  }
}
