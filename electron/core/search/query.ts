// Answering a search: FTS5 finds the matching pieces, bm25 ranks them (ties go to the newer
// message), and each hit's snippet is cut from the transcript line it came from.
//
// A common word matches hundreds of thousands of pieces across a long history; ranking all of
// them would cost seconds. The query takes the most recent CANDIDATES matches (row ids grow
// with time, see indexer.ts) and ranks those, which keeps every query fast and favours what
// was said lately.
import fs from 'node:fs';
import type { SearchField, SearchHit } from '../../../shared/search';
import type { TranscriptRecord } from '../protocol/transcript-file';
import { oneLine } from '../protocol/transcript-file';
import { extractDocs } from './extract';
import type { Database } from './index-db';
import { ftsExpression, parseQuery, type QueryTerm } from './query-text';
import { makeSnippet } from './snippet';

export const CANDIDATES = 1000;
const DEFAULT_LIMIT = 20;

interface Candidate {
  id: number;
  score: number;
  at: number;
}

interface DocRow {
  id: number;
  line_at: number;
  line_len: number;
  part: number;
  field: SearchField;
  at: number;
  uuid: string | null;
  item_id: string | null;
  tool_use_id: string | null;
  tool: string | null;
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

export function searchIndex(db: Database, query: string, limit = DEFAULT_LIMIT, cursor?: string): QueryPage {
  const terms = parseQuery(query);
  const expr = ftsExpression(terms);
  if (!expr) return { hits: [] };
  const offset = Math.max(0, Number.parseInt(cursor ?? '0', 10) || 0);
  // The newest matches first: FTS5 streams these without reading a word's whole doclist.
  const newest = db.all('SELECT rowid AS id FROM fts WHERE fts MATCH ? ORDER BY rowid DESC LIMIT ?', [expr, CANDIDATES]) as unknown as Array<{ id: number }>;
  // bm25 needs each word's count over the whole index, a full read of its doclist: cheap for a
  // selective query, tens of milliseconds for a word in every other message. When there are
  // more matches than candidates (such a word), the newest are shown newest first instead.
  const scored =
    newest.length < CANDIDATES
      ? (db.all('SELECT rowid AS id, bm25(fts) AS score FROM fts WHERE fts MATCH ? ORDER BY rowid DESC LIMIT ?', [expr, CANDIDATES]) as unknown as Array<{
          id: number;
          score: number;
        }>)
      : newest.map((r) => ({ id: r.id, score: -1 }));
  const ranked = rank(scored, db);
  const page = ranked.slice(offset, offset + limit);
  const hits: SearchHit[] = [];
  const reader = new LineReader();
  try {
    for (const c of page) {
      const row = db.get(DOC_SQL, [c.id]) as DocRow | null;
      if (!row) continue;
      const hit = toHit(row, terms, reader);
      if (hit) hits.push(hit);
    }
  } finally {
    reader.close();
  }
  const more = offset + limit < ranked.length;
  return { hits, next: more ? String(offset + limit) : undefined };
}

const DOC_SQL = `
  SELECT d.id, d.line_at, d.line_len, d.part, d.field, d.at, d.uuid, d.item_id, d.tool_use_id, d.tool,
         f.path, f.session_id, f.agent_tool, s.cwd, s.custom_title, s.ai_title, s.summary, s.first_prompt
  FROM docs d JOIN files f ON f.id = d.file_id LEFT JOIN sessions s ON s.session_id = f.session_id
  WHERE d.id = ?`;

/** bm25 first (lower is better in FTS5); scores within about 5 % of each other count as equal, and then the newer wins. */
function rank(rows: Array<{ id: number; score: number }>, db: Database): Candidate[] {
  if (rows.length === 0) return [];
  const times = new Map<number, number>();
  const ids = rows.map((r) => r.id);
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const t of db.all(`SELECT id, at FROM docs WHERE id IN (${chunk.map(() => '?').join(',')})`, chunk) as Array<{ id: number; at: number }>)
      times.set(t.id, t.at);
  }
  const bucket = (score: number) => Math.floor(Math.log(Math.max(1e-12, -score)) / Math.log(1.05));
  return rows.map((r) => ({ id: r.id, score: r.score, at: times.get(r.id) ?? 0, b: bucket(r.score) })).sort((a, b) => b.b - a.b || b.at - a.at || b.id - a.id);
}

function toHit(row: DocRow, terms: readonly QueryTerm[], reader: LineReader): SearchHit | undefined {
  const record = reader.record(row.path, row.line_at, row.line_len);
  const doc =
    record &&
    extractDocs(record, { toolNames: new Map(), agentToolUseId: row.agent_tool ?? undefined }).find((d) => d.part === row.part && d.field === row.field);
  // The transcript changed under the index (rewritten since): the next update re-reads it.
  if (!doc) return undefined;
  const snippet = makeSnippet(doc.text, terms);
  const title = oneLine(row.custom_title ?? row.ai_title ?? row.summary ?? row.first_prompt ?? 'Untitled session');
  return {
    sessionId: row.session_id,
    title,
    cwd: row.cwd ?? undefined,
    uuid: row.uuid ?? undefined,
    target: { ...(row.item_id ? { itemId: row.item_id } : {}), ...(row.tool_use_id ? { toolUseId: row.tool_use_id } : {}) },
    field: row.field,
    tool: row.tool ?? undefined,
    subagent: row.agent_tool !== null || record.isSidechain === true,
    snippet: snippet.text,
    ranges: snippet.ranges,
    at: row.at,
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
