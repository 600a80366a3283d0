// Writes the index's pieces: a `docs` row (where the piece is) and its text into `fts`, and into
// `recent` too from its first id on (see index-db.ts). The writer numbers the pieces itself.
// Each row is one statement run: multi-row inserts (32 or 8 rows to a statement, which pay the
// calls into the WebAssembly SQLite once per run) made a 200 MB build 20-40 % slower, for the
// docs table and the full-text tables alike.
import type { IndexDoc } from './extract';
import { fieldCode, type Database } from './index-db';

type Statement = ReturnType<Database['prepare']>;

export interface DocPlace {
  fileId: number;
  lineAt: number;
  lineBytes: number;
  /** Epoch ms of the record. */
  at: number;
}

export class DocWriter {
  private readonly doc: Statement;
  private readonly text: Statement;
  private readonly recentText: Statement;

  constructor(
    db: Database,
    /** The id the next piece gets. */
    public nextId: number,
  ) {
    this.doc = db.prepare('INSERT INTO docs (id, file_id, line_at, line_len, part, field, at, tool_use_id, tool) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    this.text = db.prepare('INSERT INTO fts (rowid, text) VALUES (?, ?)');
    this.recentText = db.prepare('INSERT INTO recent (rowid, text) VALUES (?, ?)');
  }

  /** Write one piece; `recent`: it also goes into the `recent` table. */
  add(place: DocPlace, d: IndexDoc, recent: boolean): void {
    const id = this.nextId++;
    this.doc.run([id, place.fileId, place.lineAt, place.lineBytes, d.part, fieldCode(d.field), place.at, d.target.toolUseId ?? null, d.tool ?? null]);
    // As UTF-8 bytes: the library would encode a string in a JavaScript loop, char by char,
    // which cost more than FTS5's own indexing (SQLite reads the bytes as text).
    const text = Buffer.from(d.text, 'utf8');
    this.text.run([id, text]);
    if (recent) this.recentText.run([id, text]);
  }

  finalize(): void {
    this.doc.finalize();
    this.text.finalize();
    this.recentText.finalize();
  }
}
