// Where each indexed piece came from, kept in blocks: the pieces numbered 64k to 64k+63 share
// one row of `doc_blocks`, their places packed side by side in a BLOB (fixed-size entries) and
// the tool call ids and names of the few that have them in a small JSON text. One row per
// piece cost about a sixth of a bulk build's time (nine values bound and a row written for
// every one of millions of pieces); one row per block costs a sliver of that. A query reads
// back only the blocks of the pieces it shows or ranks.
//
// `file_docs` says which numbers each file's pieces have (one range per update that read the
// file), so a file's pieces can be taken out of the full-text tables again. Entries of pieces
// taken out stay in their blocks, unreachable: no full-text row points at them any more.
import type { Database } from './index-db';

export const BLOCK_DOCS = 64;
const ENTRY_BYTES = 32;

/** Where a record is: its file, its line (byte offset and length), and its time (epoch ms). */
export interface DocPlace {
  fileId: number;
  lineAt: number;
  lineBytes: number;
  at: number;
}

/** One piece's place: its record's, which part of the record, its field code, and its tool call. */
export interface DocEntry extends DocPlace {
  part: number;
  field: number;
  toolUseId?: string;
  tool?: string;
}

type ToolNote = [slot: number, toolUseId: string | null, tool: string | null];

export const blockOf = (id: number): number => Math.floor(id / BLOCK_DOCS);

/**
 * A block being filled, in memory until it is written. An entry is 32 bytes: file id and line
 * length (uint32), line offset and time (float64), then part (uint16), field code and a
 * written mark (a byte each), and 4 bytes unused; in the machine's byte order (the index is
 * never moved to another machine: it is rebuilt from the transcripts).
 */
export class BlockBuffer {
  private readonly words = new Uint32Array((BLOCK_DOCS * ENTRY_BYTES) / 4);
  private readonly doubles = new Float64Array(this.words.buffer);
  private readonly halves = new Uint16Array(this.words.buffer);
  private readonly bytes = new Uint8Array(this.words.buffer);
  tools: ToolNote[] = [];
  /** Slots up to here are written (the BLOB is cut there). */
  used = 0;

  constructor(readonly block: number) {}

  put(id: number, fileId: number, lineAt: number, lineBytes: number, at: number, part: number, field: number, toolUseId?: string, tool?: string): void {
    const slot = id - this.block * BLOCK_DOCS;
    const w = slot * 8;
    this.words[w] = fileId;
    this.words[w + 1] = lineBytes;
    this.doubles[slot * 4 + 1] = lineAt;
    this.doubles[slot * 4 + 2] = at;
    this.halves[w * 2 + 12] = part;
    this.bytes[w * 4 + 26] = field;
    this.bytes[w * 4 + 27] = 1;
    if (toolUseId !== undefined || tool !== undefined) this.tools.push([slot, toolUseId ?? null, tool ?? null]);
    if (slot >= this.used) this.used = slot + 1;
  }

  /** Start from what the block already holds (an update that goes on filling it). */
  load(entries: Uint8Array, tools: string | null): void {
    this.bytes.set(entries.subarray(0, this.bytes.length));
    this.used = Math.floor(Math.min(entries.length, this.bytes.length) / ENTRY_BYTES);
    this.tools = toolNotes(tools);
  }

  row(): [number, Uint8Array, string | null] {
    // A view, not a copy: the library copies the bytes into SQLite when it binds them.
    return [this.block, this.bytes.subarray(0, this.used * ENTRY_BYTES), this.tools.length > 0 ? JSON.stringify(this.tools) : null];
  }
}

interface BlockRow {
  block: number;
  entries: Uint8Array;
  tools: string | null;
}

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The entry at byte `o` of a block's entries, if that slot was written. */
function decode(bytes: Uint8Array, o: number): DocEntry | undefined {
  if (o + ENTRY_BYTES > bytes.length) return undefined;
  const v = new DataView(bytes.buffer, bytes.byteOffset + o, ENTRY_BYTES);
  if (v.getUint8(27) !== 1) return undefined;
  return {
    fileId: v.getUint32(0, littleEndian),
    lineBytes: v.getUint32(4, littleEndian),
    lineAt: v.getFloat64(8, littleEndian),
    at: v.getFloat64(16, littleEndian),
    part: v.getUint16(24, littleEndian),
    field: v.getUint8(26),
  };
}

function toolNotes(tools: string | null | undefined): ToolNote[] {
  return tools ? (JSON.parse(tools) as ToolNote[]) : [];
}

function withTools(e: DocEntry, notes: readonly ToolNote[], slot: number): void {
  const note = notes.find((n) => n[0] === slot);
  if (!note) return;
  if (note[1] !== null) e.toolUseId = note[1];
  if (note[2] !== null) e.tool = note[2];
}

/**
 * The entries of these pieces (those still in a block), by id: one statement for all of them,
 * handed the ids as a JSON array, that cuts each one's 32 bytes out of its block (a thousand
 * matches spread over as many blocks would otherwise copy 2 KB of each out of SQLite, or cost
 * a statement run each). `tools: false` leaves out the tool call ids and names, a JSON text
 * per block: ranking needs only the times.
 */
export function readEntries(db: Database, ids: readonly number[], { tools = true } = {}): Map<number, DocEntry> {
  const out = new Map<number, DocEntry>();
  if (ids.length === 0) return out;
  const rows = db.all(
    `SELECT j.value AS id, substr(b.entries, (j.value % ${BLOCK_DOCS}) * ${ENTRY_BYTES} + 1, ${ENTRY_BYTES}) AS e${tools ? ', b.tools AS tools' : ''}
     FROM json_each(?) j JOIN doc_blocks b ON b.block = j.value / ${BLOCK_DOCS}`,
    [JSON.stringify(ids)],
  ) as Array<{ id: number; e: unknown; tools?: string | null }>;
  const notes = new Map<number, ToolNote[]>();
  for (const row of rows) {
    if (!(row.e instanceof Uint8Array)) continue;
    const e = decode(row.e, 0);
    if (!e) continue;
    if (tools) {
      const block = blockOf(row.id);
      let n = notes.get(block);
      if (!n) notes.set(block, (n = toolNotes(row.tools)));
      withTools(e, n, row.id - block * BLOCK_DOCS);
    }
    out.set(row.id, e);
  }
  return out;
}

/** Every entry numbered `first` to `last`, in order. */
export function entriesBetween(db: Database, first: number, last: number): Array<{ id: number; entry: DocEntry }> {
  const rows = db.all('SELECT block, entries, tools FROM doc_blocks WHERE block BETWEEN ? AND ? ORDER BY block', [
    blockOf(first),
    blockOf(last),
  ]) as unknown as BlockRow[];
  const out: Array<{ id: number; entry: DocEntry }> = [];
  for (const row of rows) {
    const notes = toolNotes(row.tools);
    for (let slot = 0; slot < BLOCK_DOCS; slot++) {
      const id = row.block * BLOCK_DOCS + slot;
      if (id < first || id > last) continue;
      const entry = decode(row.entries, slot * ENTRY_BYTES);
      if (!entry) continue;
      withTools(entry, notes, slot);
      out.push({ id, entry });
    }
  }
  return out;
}

/** The block a writer goes on filling, as stored (undefined when it has none yet). */
export function storedBlock(db: Database, block: number): BlockRow | undefined {
  return (db.get('SELECT block, entries, tools FROM doc_blocks WHERE block = ?', [block]) as unknown as BlockRow | null) ?? undefined;
}

export interface IdRange {
  first: number;
  last: number;
}

/** The ranges of piece numbers a file's pieces have. */
export function fileRanges(db: Database, fileId: number): IdRange[] {
  return db.all('SELECT first, last FROM file_docs WHERE file_id = ? ORDER BY first', [fileId]) as unknown as IdRange[];
}

/** The ranges of piece numbers some file's pieces still have that reach into `from` to `to`. */
export function rangesWithin(db: Database, from: number, to: number): IdRange[] {
  return db.all('SELECT first, last FROM file_docs WHERE last >= ? AND first <= ?', [from, to]) as unknown as IdRange[];
}

/** Take the pieces numbered `first` to `last` out of a full-text table (all of them are in it). */
export function deleteRange(db: Database, table: 'fts' | 'recent', first: number, last: number): void {
  if (last < first) return;
  db.run(`WITH RECURSIVE ids(x) AS (SELECT ? UNION ALL SELECT x + 1 FROM ids WHERE x < ?) DELETE FROM ${table} WHERE rowid IN (SELECT x FROM ids)`, [
    first,
    last,
  ]);
}
