// Keeps the index in step with the transcripts. For each file it remembers the inode, size,
// mtime, its first bytes and how far it was read (up to the last complete line): a file that
// only grew is read from there on, one that was rewritten or truncated is indexed again, one
// that is gone is dropped. Files are taken oldest first, so newer messages get higher row ids
// (the query ranks among the most recent matches; see query.ts).
import fs from 'node:fs';
import { str } from '../../../shared/guards';
import { promptText, type TranscriptRecord } from '../protocol/transcript-file';
import { readHead } from '../protocol/transcript-summary';
import { extractDocs, mayIndex, mayIndexBytes, recordTime, type RecordContext } from './extract';
import { deleteRange, entriesBetween, fileRanges, rangesWithin } from './doc-blocks';
import { DocWriter } from './doc-writer';
import { fieldCode, lastDocId, recentFrom, setRecentFrom, type Database } from './index-db';
import { readLines } from './line-reader';
import { transcriptFiles, type TranscriptFile } from './transcript-files';
import { forgetUsage, saveUsage, UsageReader } from '../usage/usage-rows';

export interface IndexProgress {
  filesDone: number;
  filesTotal: number;
}

export interface UpdateStats {
  files: number;
  /** Files read (wholly or from where the last read stopped). */
  read: number;
  bytesRead: number;
  docs: number;
  removed: number;
}

interface FileRow {
  id: number;
  ino: string;
  size: number;
  mtime: number;
  offset: number;
  head: string;
  agent_call: string | null;
}

/** Commit about this much text at a time: big transactions index faster, small ones lose less. */
const BATCH_CHARS = 16 * 1024 * 1024;
/**
 * FTS5 gathers new terms in memory and writes them out as a segment when this much has piled
 * up; segments are merged later. Larger than its 1 MB default, a first build of gigabytes
 * writes fewer, larger segments and merges less (the worker holds this much at most).
 */
const FTS_HASH_BYTES = 32 * 1024 * 1024;
/**
 * An update with more than this much to read is a bulk build (the first one, or after a
 * rebuild). FTS5 normally merges its segments as it goes, several times over for gigabytes of
 * text; a bulk build turns that off and merges everything once at its end ('optimize': one
 * segment, the fastest to query). Small updates keep the usual merging. FTS5 still merges
 * when one level piles up 'crisismerge' segments: 16 by default, which over 2 GB merged the
 * first segments into bigger ones again and again (about 13% of the build's CPU time); a bulk
 * build lets 64 pile up, which still keeps the segments a query reads during it bounded.
 */
const BULK_BYTES = 64 * 1024 * 1024;
/** FTS5's defaults, and what a bulk build sets instead. */
const MERGING = { automerge: 4, crisismerge: 16 };
const BULK_MERGING = { automerge: 0, crisismerge: 64 };
/**
 * The `recent` table (see index-db.ts): a bulk build starts it this many transcript bytes
 * before its end, a few percent of a long history; later updates add every new piece to it,
 * and when it has grown past RECENT_TRIM_DOCS pieces, all but the newest RECENT_KEEP_DOCS are
 * taken out of it.
 */
const RECENT_BYTES = 64 * 1024 * 1024;
const RECENT_TRIM_DOCS = 200_000;
const RECENT_KEEP_DOCS = 50_000;

export class Indexer {
  private pendingChars = 0;
  /** The first piece id that also goes into `recent` (see index-db.ts). */
  private recentFrom: number | undefined;
  /** In a bulk build: after how many bytes read `recent` starts. */
  private recentAfter = 0;
  /** Set while an update runs. */
  private writer: DocWriter | undefined;

  constructor(
    private readonly db: Database,
    private readonly projectsDir: string,
    /** Where a bulk build starts (tests make it small). */
    private readonly bulkBytes = BULK_BYTES,
    /** How much a bulk build leaves to read when it starts `recent` (tests make it small). */
    private readonly recentBytes = RECENT_BYTES,
    /** When `recent` is trimmed, and to how many pieces (tests make them small). */
    private readonly recentDocs = { trim: RECENT_TRIM_DOCS, keep: RECENT_KEEP_DOCS },
  ) {
    db.run("INSERT INTO fts (fts, rank) VALUES ('hashsize', ?)", [FTS_HASH_BYTES]);
    db.run("INSERT INTO recent (recent, rank) VALUES ('hashsize', ?)", [FTS_HASH_BYTES]);
  }

  /** Bring the index up to date; `yieldNow` lets queries run between batches. */
  async update(onProgress?: (p: IndexProgress) => void, yieldNow: () => Promise<void> = async () => {}): Promise<UpdateStats> {
    const found = await transcriptFiles(this.projectsDir);
    const stats: UpdateStats = { files: found.length, read: 0, bytesRead: 0, docs: 0, removed: 0 };
    const withStat: Array<{ f: TranscriptFile; st: fs.Stats }> = [];
    for (const f of found) {
      try {
        withStat.push({ f, st: await fs.promises.stat(f.file) });
      } catch {
        // Gone since the listing: dropped below like any missing file.
      }
    }
    withStat.sort((a, b) => a.st.mtimeMs - b.st.mtimeMs);
    this.recentFrom = recentFrom(this.db);
    stats.removed = this.dropMissing(new Set(withStat.map((x) => x.f.file)));
    const toRead = this.toRead(withStat);
    const bulk = toRead > this.bulkBytes;
    // Also set back after a bulk build that was cut short (the setting is kept in the file).
    this.setMerging(bulk ? BULK_MERGING : MERGING);
    let done = 0;
    this.db.exec('BEGIN');
    const writer = (this.writer = new DocWriter(this.db, lastDocId(this.db) + 1));
    try {
      if (bulk) {
        // Most of what is read is old: `recent` starts again near the end of this read.
        this.db.run("INSERT INTO recent (recent) VALUES ('delete-all')");
        this.db.run("DELETE FROM meta WHERE key = 'recent_from'");
        this.recentFrom = undefined;
      } else if (this.recentFrom === undefined) this.startRecent();
      this.recentAfter = toRead - this.recentBytes;
      for (const { f, st } of withStat) {
        const read = await this.updateFile(f, st, stats);
        if (read) stats.read++;
        done++;
        // Progress only once there is work: a pass that finds nothing new is not "indexing".
        if (read || (stats.read > 0 && done % 200 === 0)) {
          onProgress?.({ filesDone: done, filesTotal: withStat.length });
          if (this.pendingChars >= BATCH_CHARS || done % 200 === 0) this.commit();
          await yieldNow();
        }
      }
      if (this.recentFrom === undefined) this.startRecent();
      writer.flush();
      this.trimRecent();
      this.db.exec('COMMIT');
    } catch (err) {
      if (this.db.inTransaction) this.db.exec('ROLLBACK');
      throw err;
    } finally {
      writer.finalize();
      this.writer = undefined;
    }
    this.pendingChars = 0;
    if (bulk) {
      this.db.run("INSERT INTO fts (fts) VALUES ('optimize')");
      this.db.run("INSERT INTO recent (recent) VALUES ('optimize')");
      this.setMerging(MERGING);
    }
    return stats;
  }

  /** About how many bytes this update reads: the files' sizes less what was read of them before. */
  private toRead(files: ReadonlyArray<{ st: fs.Stats }>): number {
    const read = Number((this.db.get('SELECT coalesce(sum(offset), 0) AS n FROM files') as { n: number }).n);
    return files.reduce((n, x) => n + x.st.size, 0) - read;
  }

  private setMerging(want: typeof MERGING): void {
    for (const table of ['fts', 'recent']) {
      for (const [k, v] of Object.entries(want)) {
        const now = this.db.get(`SELECT v FROM ${table}_config WHERE k = ?`, [k]) as { v: number } | null;
        if ((now?.v ?? MERGING[k as keyof typeof MERGING]) !== v) this.db.run(`INSERT INTO ${table} (${table}, rank) VALUES (?, ?)`, [k, v]);
      }
    }
  }

  /** Every piece added from now on also goes into `recent` (called only while an update runs). */
  private startRecent(): void {
    this.recentFrom = this.writer!.nextId;
    setRecentFrom(this.db, this.recentFrom);
  }

  /** Keep `recent` a small part of the index: take its older pieces out once it has grown. */
  private trimRecent(): void {
    if (this.recentFrom === undefined) return;
    const max = lastDocId(this.db);
    if (max - this.recentFrom < this.recentDocs.trim) return;
    const from = max + 1 - this.recentDocs.keep;
    // Only the numbers some file's pieces still have: those of pieces taken out are in no table.
    for (const r of rangesWithin(this.db, this.recentFrom, from - 1))
      deleteRange(this.db, 'recent', Math.max(r.first, this.recentFrom), Math.min(r.last, from - 1));
    this.recentFrom = from;
    setRecentFrom(this.db, from);
  }

  private commit(): void {
    this.writer?.flush();
    this.db.exec('COMMIT');
    this.db.exec('BEGIN');
    this.pendingChars = 0;
  }

  private dropMissing(present: Set<string>): number {
    const rows = this.db.all('SELECT id, path FROM files') as Array<{ id: number; path: string }>;
    let n = 0;
    for (const r of rows) {
      if (present.has(r.path)) continue;
      this.forget(r.id);
      this.db.run('DELETE FROM files WHERE id = ?', [r.id]);
      n++;
    }
    return n;
  }

  private forget(fileId: number): void {
    for (const r of fileRanges(this.db, fileId)) {
      if (this.recentFrom !== undefined) deleteRange(this.db, 'recent', Math.max(r.first, this.recentFrom), r.last);
      deleteRange(this.db, 'fts', r.first, r.last);
    }
    this.db.run('DELETE FROM file_docs WHERE file_id = ?', [fileId]);
    forgetUsage(this.db, fileId);
  }

  /** Index what is new in one file; false when nothing had to be read. */
  private async updateFile(f: TranscriptFile, st: fs.Stats, stats: UpdateStats): Promise<boolean> {
    const row = this.db.get('SELECT id, ino, size, mtime, offset, head, agent_call FROM files WHERE path = ?', [f.file]) as FileRow | null;
    const ino = `${st.dev}:${st.ino}`;
    if (row && row.ino === ino && row.size === st.size && row.mtime === st.mtimeMs) return false;
    const head = await readHead(f.file, st.size);
    const grew = row !== null && row.ino === ino && st.size >= row.offset && row.head.length > 0 && head.startsWith(row.head);
    let fileId: number;
    if (row) {
      fileId = row.id;
      if (!grew) this.forget(fileId);
    } else {
      fileId = Number(
        this.db.run('INSERT INTO files (path, session_id, agent_tool, ino, size, mtime, offset, head) VALUES (?, ?, ?, ?, 0, 0, 0, ?)', [
          f.file,
          f.sessionId,
          f.agentToolUseId ?? null,
          ino,
          '',
        ]).lastInsertRowid,
      );
    }
    const start = grew ? row.offset : 0;
    const ctx: RecordContext = {
      agentToolUseId: f.agentToolUseId,
      toolNames: grew ? this.toolNames(fileId) : new Map(),
      lastAgentCall: grew ? (row.agent_call ?? undefined) : undefined,
    };
    const session = f.subagent ? undefined : new SessionFacts(f.sessionId);
    const usage = new UsageReader(f.subagent);
    const read = { end: start, bytesRead: 0 };
    const writer = this.writer!;
    const firstId = writer.nextId;
    for await (const lines of readLines(f.file, start, st.size, read, mayIndexBytes)) {
      for (const line of lines) {
        if (this.recentFrom === undefined && stats.bytesRead + line.at - start >= this.recentAfter) this.startRecent();
        if (!mayIndex(line.text)) continue;
        let r: TranscriptRecord;
        try {
          r = JSON.parse(line.text) as TranscriptRecord;
        } catch {
          continue; // a damaged line: skipped, the rest of the file still counts
        }
        if (!r || typeof r !== 'object') continue;
        session?.add(r);
        const place = { fileId, lineAt: line.at, lineBytes: line.bytes, at: recordTime(r) };
        const used = usage.read(r, place.at);
        if (used) saveUsage(this.db, fileId, f.sessionId, used);
        if (f.usageOnly) continue;
        for (const d of extractDocs(r, ctx)) {
          writer.add(place, d, this.recentFrom !== undefined);
          this.pendingChars += d.text.length;
          stats.docs++;
        }
      }
      // Before the next read gives way: a search answered meanwhile (on this connection, so it
      // sees the rows above) finds the pieces' places, and the session's folder and title.
      writer.flush();
      session?.save(this.db, start === 0);
    }
    if (writer.nextId > firstId) this.db.run('INSERT INTO file_docs (file_id, first, last) VALUES (?, ?, ?)', [fileId, firstId, writer.nextId - 1]);
    stats.bytesRead += read.bytesRead;
    // Remembered only up to the last complete line: a line being written is read whole next time.
    this.db.run('UPDATE files SET ino = ?, size = ?, mtime = ?, offset = ?, head = ?, agent_call = ? WHERE id = ?', [
      ino,
      st.size,
      st.mtimeMs,
      read.end,
      head,
      ctx.lastAgentCall ?? null,
      fileId,
    ]);
    session?.save(this.db, start === 0);
    return true;
  }

  private toolNames(fileId: number): Map<string, string> {
    const names = new Map<string, string>();
    const input = fieldCode('tool-input');
    for (const r of fileRanges(this.db, fileId))
      for (const { entry } of entriesBetween(this.db, r.first, r.last))
        if (entry.field === input && entry.toolUseId !== undefined && entry.tool !== undefined) names.set(entry.toolUseId, entry.tool);
    return names;
  }
}

/** What a hit shows of its session: folder and title (the person's, the CLI's, a summary, the first prompt). */
class SessionFacts {
  cwd: string | undefined;
  customTitle: string | undefined;
  aiTitle: string | undefined;
  summary: string | undefined;
  firstPrompt: string | undefined;

  constructor(readonly sessionId: string) {}

  add(r: TranscriptRecord): void {
    this.cwd ??= str(r.cwd);
    if (r.type === 'custom-title') this.customTitle = str(r.customTitle) ?? this.customTitle;
    else if (r.type === 'ai-title') this.aiTitle = str(r.aiTitle) ?? this.aiTitle;
    else if (r.type === 'summary') this.summary = str(r.summary) ?? this.summary;
    else if (r.type === 'user' && !this.firstPrompt) this.firstPrompt = promptText(r)?.slice(0, 300);
  }

  /** `fresh`: the file was read from its start, so what it no longer says is forgotten. */
  save(db: Database, fresh: boolean): void {
    const values = [this.sessionId, this.cwd ?? null, this.customTitle ?? null, this.aiTitle ?? null, this.summary ?? null, this.firstPrompt ?? null];
    const insert = 'INTO sessions (session_id, cwd, custom_title, ai_title, summary, first_prompt) VALUES (?, ?, ?, ?, ?, ?)';
    if (fresh) {
      db.run(`INSERT OR REPLACE ${insert}`, values);
      return;
    }
    // Read on from where the last read stopped: newer titles win, the first facts stay.
    db.run(
      `INSERT ${insert} ON CONFLICT (session_id) DO UPDATE SET
         cwd = coalesce(sessions.cwd, excluded.cwd),
         custom_title = coalesce(excluded.custom_title, sessions.custom_title),
         ai_title = coalesce(excluded.ai_title, sessions.ai_title),
         summary = coalesce(excluded.summary, sessions.summary),
         first_prompt = coalesce(sessions.first_prompt, excluded.first_prompt)`,
      values,
    );
  }
}
