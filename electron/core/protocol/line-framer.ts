// Pure: byte chunks in, complete lines out.
//
// Splits on the newline byte (0x0A) only. Not readline: newer Node's readline also splits on
// U+2028/U+2029, which appear unescaped inside JSON strings the CLI emits. Splitting on the
// byte is UTF-8 safe because 0x0A never occurs inside a multi-byte sequence, and decoding
// each complete line once means a character split across chunks is reassembled for free.
// Only the new chunk is scanned, so a huge line arriving in small chunks costs O(n), not O(n^2).
// The complete lines inside one chunk are decoded with a single toString and split on '\n'
// (a string split on U+000A only, never U+2028): one native call per chunk instead of one per
// line, which is most of the framing cost for a stream of small deltas.

import * as nodeBuffer from 'node:buffer';

export interface LineFramerOptions {
  /** Longest line kept; a longer one is dropped and reported through onOversize. */
  maxLineBytes?: number;
  onOversize?: (bytes: number) => void;
}

export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

const NEWLINE = 0x0a;
const CR = 0x0d;
/** Parts of a split line smaller than this are copied; larger ones are kept by reference. */
const COPY_BELOW = 4096;

export class LineFramer {
  /**
   * The unfinished line's bytes. Parts of at least COPY_BELOW bytes are kept by reference until
   * the line ends (copying them cost a third as much as parsing the line: Node never reuses a
   * stream chunk, so callers must simply not modify a chunk after pushing it); smaller parts
   * are copied, so a few bytes never pin a whole chunk.
   */
  private parts: Buffer[] = [];
  private pendingBytes = 0;
  /** True while discarding the rest of a line that passed the cap. */
  private discarding = false;
  private discardedBytes = 0;
  private readonly max: number;
  private readonly onOversize: (bytes: number) => void;

  constructor(opts: LineFramerOptions = {}) {
    this.max = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.onOversize = opts.onOversize ?? (() => {});
  }

  /** Bytes held for a line not yet terminated. */
  get pending(): number {
    return this.pendingBytes;
  }

  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.take(chunk);
      return lines;
    }
    let start = 0;
    if (this.pendingBytes > 0 || this.discarding) {
      // The first newline ends a line that began in an earlier chunk.
      const nl = chunk.indexOf(NEWLINE);
      this.take(chunk.subarray(0, nl));
      this.finishLine(lines);
      start = nl + 1;
    }
    if (start < last) {
      // Cutting at a newline never splits a UTF-8 character: 0x0A is never part of one.
      const text = chunk.toString('utf8', start, last);
      for (const piece of text.split('\n')) this.whole(piece, lines);
    }
    if (last + 1 < chunk.length) this.take(chunk.subarray(last + 1));
    return lines;
  }

  /** The stream ended: a final line without a newline still counts. */
  end(): string[] {
    const lines: string[] = [];
    if (this.pendingBytes > 0 || this.discarding) this.finishLine(lines);
    return lines;
  }

  private take(bytes: Buffer): void {
    if (bytes.length === 0) return;
    if (this.discarding) {
      this.discardedBytes += bytes.length;
      return;
    }
    const needed = this.pendingBytes + bytes.length;
    if (needed > this.max) {
      this.discarding = true;
      this.discardedBytes = needed;
      this.parts = [];
      this.pendingBytes = 0;
      return;
    }
    this.parts.push(bytes.length >= COPY_BELOW ? bytes : Buffer.from(bytes));
    this.pendingBytes = needed;
  }

  /** A line that arrived whole inside one chunk, already decoded. */
  private whole(piece: string, out: string[]): void {
    let line = piece;
    if (line.length > 0 && line.charCodeAt(line.length - 1) === CR) line = line.slice(0, -1);
    if (line.length === 0) return;
    // UTF-8 takes at least one byte per UTF-16 unit and at most three, so only a line near the
    // cap needs its bytes counted.
    if (line.length * 3 > this.max) {
      const bytes = Buffer.byteLength(piece, 'utf8');
      if (bytes > this.max) {
        this.onOversize(bytes);
        return;
      }
    }
    out.push(line);
  }

  private finishLine(out: string[]): void {
    if (this.discarding) {
      this.onOversize(this.discardedBytes);
      this.discarding = false;
      this.discardedBytes = 0;
      return;
    }
    let buf = this.parts.length === 1 ? (this.parts[0] as Buffer) : Buffer.concat(this.parts, this.pendingBytes);
    this.parts = [];
    this.pendingBytes = 0;
    if (buf.length > 0 && buf[buf.length - 1] === CR) buf = buf.subarray(0, buf.length - 1);
    if (buf.length === 0) return;
    out.push(decodeUtf8(buf));
  }
}

/** Lines at least this long take the faster decoders below; shorter ones are not worth a check. */
const LARGE = 64 * 1024;
const { isAscii, transcode } = nodeBuffer as Partial<Pick<typeof nodeBuffer, 'isAscii' | 'transcode'>>;

/**
 * UTF-8 bytes to a string. For a large line (a big tool result) V8's own decoder is the slowest
 * step whenever the text holds a single non-ASCII character (it then decodes byte by byte, at
 * about twice the cost of JSON.parse): ASCII is copied as Latin-1 instead, and anything else
 * goes through ICU's converter, which is several times faster. ICU refuses malformed UTF-8; that
 * falls back to V8, which substitutes U+FFFD exactly as before.
 */
export function decodeUtf8(buf: Buffer): string {
  if (buf.length < LARGE) return buf.toString('utf8');
  if (isAscii?.(buf)) return buf.toString('latin1');
  if (transcode) {
    try {
      return transcode(buf, 'utf8', 'utf16le').toString('utf16le');
    } catch {
      // Malformed input: V8's decoder below replaces the bad bytes.
    }
  }
  return buf.toString('utf8');
}
