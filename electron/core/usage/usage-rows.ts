// The usage the search indexer keeps of every transcript it reads (indexer.ts calls this for
// each record, in the same pass as the text): one row per API response, keyed by its message
// id and request id. Claude Code writes a response once per content block, and again into a
// resumed or forked session's file; the key makes each count once, wherever it was read first.
import { str } from '../../../shared/guards';
import type { TranscriptRecord } from '../protocol/transcript-file';
import type { Database } from '../search/index-db';

export const USAGE_SCHEMA = `
  CREATE TABLE usage (
    message_id TEXT NOT NULL, request_id TEXT NOT NULL, file_id INTEGER NOT NULL, session_id TEXT NOT NULL,
    at INTEGER NOT NULL, model TEXT NOT NULL, subagent INTEGER NOT NULL,
    input INTEGER NOT NULL, output INTEGER NOT NULL, cache_read INTEGER NOT NULL, cache_write INTEGER NOT NULL,
    cost_usd REAL, tool_chars INTEGER NOT NULL,
    PRIMARY KEY (message_id, request_id)
  ) WITHOUT ROWID;
  CREATE INDEX usage_file ON usage (file_id);
`;

export interface UsageRow {
  messageId: string;
  requestId: string;
  at: number;
  model: string;
  subagent: boolean;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  /** Claude Code's own cost of the response, where the record carries one. */
  costUsd?: number;
  /** Characters of tool output sent with this request (what the tools returned since the last response). */
  toolChars: number;
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);

/** Follows one file's records: the usage rows of its responses. */
export class UsageReader {
  private toolChars = 0;

  constructor(private readonly subagentFile: boolean) {}

  /** The row of an assistant record with usage; a user record's tool output is added to the next one. */
  read(r: TranscriptRecord, at: number): UsageRow | undefined {
    if (r.type === 'user') {
      this.toolChars += toolOutputChars(r);
      return undefined;
    }
    if (r.type !== 'assistant') return undefined;
    const m = r.message as { id?: unknown; model?: unknown; usage?: Record<string, unknown> } | undefined;
    const messageId = str(m?.id);
    const u = m?.usage;
    if (!messageId || !u || typeof u !== 'object') return undefined;
    const row: UsageRow = {
      messageId,
      requestId: str(r.requestId) ?? '',
      at,
      model: str(m.model) ?? 'unknown',
      subagent: this.subagentFile || r.isSidechain === true,
      input: count(u.input_tokens),
      output: count(u.output_tokens),
      cacheRead: count(u.cache_read_input_tokens),
      cacheWrite: count(u.cache_creation_input_tokens),
      costUsd: typeof r.costUSD === 'number' && Number.isFinite(r.costUSD) && r.costUSD >= 0 ? r.costUSD : undefined,
      toolChars: this.toolChars,
    };
    this.toolChars = 0;
    // A synthetic record (an API error shown as a reply) used nothing.
    if (row.input + row.output + row.cacheRead + row.cacheWrite === 0) return undefined;
    return row;
  }
}

function toolOutputChars(r: TranscriptRecord): number {
  const content = (r.message as { content?: unknown } | undefined)?.content;
  if (!Array.isArray(content)) return 0;
  let n = 0;
  for (const b of content) {
    if (!b || typeof b !== 'object' || (b as { type?: unknown }).type !== 'tool_result') continue;
    const c = (b as { content?: unknown }).content;
    if (typeof c === 'string') n += c.length;
    else if (Array.isArray(c))
      for (const part of c)
        if (part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string') n += (part as { text: string }).text.length;
  }
  return n;
}

/**
 * Keep a row. The same response read again (another block of it, or a copy in a resumed or
 * forked file) keeps the first file's place and session; its counts are the largest seen (a
 * block written while the response streamed can carry the output so far) and its time the
 * earliest.
 */
export function saveUsage(db: Database, fileId: number, sessionId: string, row: UsageRow): void {
  db.run(
    `INSERT INTO usage (message_id, request_id, file_id, session_id, at, model, subagent, input, output, cache_read, cache_write, cost_usd, tool_chars)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (message_id, request_id) DO UPDATE SET
       at = min(usage.at, excluded.at),
       input = max(usage.input, excluded.input), output = max(usage.output, excluded.output),
       cache_read = max(usage.cache_read, excluded.cache_read), cache_write = max(usage.cache_write, excluded.cache_write),
       cost_usd = coalesce(usage.cost_usd, excluded.cost_usd),
       tool_chars = max(usage.tool_chars, excluded.tool_chars)`,
    [
      row.messageId,
      row.requestId,
      fileId,
      sessionId,
      row.at,
      row.model,
      row.subagent ? 1 : 0,
      row.input,
      row.output,
      row.cacheRead,
      row.cacheWrite,
      row.costUsd ?? null,
      row.toolChars,
    ],
  );
}

/**
 * A file read again from its start, or gone: its rows go. (A response it shared with another
 * file, a fork of it, is counted again once that file is next read from its start.)
 */
export function forgetUsage(db: Database, fileId: number): void {
  db.run('DELETE FROM usage WHERE file_id = ?', [fileId]);
}
