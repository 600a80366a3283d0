// Writes the index's pieces: the piece's place into its block (doc-blocks.ts) and its text into
// `fts`, and into `recent` too from its first id on (see index-db.ts). The writer numbers the
// pieces itself and keeps the next number in `meta`.
// Each text is one statement run: multi-row inserts (32 or 8 rows to a statement, which pay
// the calls into the WebAssembly SQLite once per run) made a 200 MB build 20-40 % slower.
import { BLOCK_DOCS, BlockBuffer, blockOf, storedBlock, type DocPlace } from './doc-blocks';
import type { IndexDoc } from './extract';
import { fieldCode, setNextDocId, type Database } from './index-db';

type Statement = ReturnType<Database['prepare']>;

export class DocWriter {
  private readonly putBlock: Statement;
  private readonly text: Statement;
  private readonly recentText: Statement;
  private block: BlockBuffer;
  private dirty = false;

  constructor(
    private readonly db: Database,
    /** The id the next piece gets. */
    public nextId: number,
  ) {
    this.putBlock = db.prepare('INSERT OR REPLACE INTO doc_blocks (block, entries, tools) VALUES (?, ?, ?)');
    this.text = db.prepare('INSERT INTO fts (rowid, text) VALUES (?, ?)');
    this.recentText = db.prepare('INSERT INTO recent (rowid, text) VALUES (?, ?)');
    this.block = new BlockBuffer(blockOf(nextId));
    // Half full from the last update: go on filling it, keeping what it holds.
    const stored = storedBlock(db, this.block.block);
    if (stored) this.block.load(stored.entries, stored.tools);
  }

  /** Write one piece; `recent`: it also goes into the `recent` table. */
  add(place: DocPlace, d: IndexDoc, recent: boolean): void {
    const id = this.nextId++;
    this.block.put(id, place.fileId, place.lineAt, place.lineBytes, place.at, d.part, fieldCode(d.field), d.target.toolUseId, d.tool);
    this.dirty = true;
    // As UTF-8 bytes: the library would encode a string in a JavaScript loop, char by char,
    // which cost more than FTS5's own indexing (SQLite reads the bytes as text).
    const text = Buffer.from(d.text, 'utf8');
    this.text.run([id, text]);
    if (recent) this.recentText.run([id, text]);
    if (this.nextId % BLOCK_DOCS === 0) {
      this.writeBlock();
      this.block = new BlockBuffer(blockOf(this.nextId));
    }
  }

  /**
   * Write the block being filled and the next number: before a query may run on this
   * connection (it must find the place of every piece it can match) and before a commit.
   */
  flush(): void {
    this.writeBlock();
    setNextDocId(this.db, this.nextId);
  }

  private writeBlock(): void {
    if (!this.dirty) return;
    this.putBlock.run(this.block.row());
    this.dirty = false;
  }

  /**
   * Free the statements. Writes nothing: the update flushes before it commits, and after a
   * failure (rolled back) a write here would land outside any transaction, or throw and hide
   * the error that matters.
   */
  finalize(): void {
    this.putBlock.finalize();
    this.text.finalize();
    this.recentText.finalize();
  }
}
