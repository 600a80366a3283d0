// Pure: byte chunks in, complete lines out.
//
// Splits on the newline byte (0x0A) only. Not readline: newer Node's readline also splits on
// U+2028/U+2029, which appear unescaped inside JSON strings the CLI emits. Splitting on the
// byte is UTF-8 safe because 0x0A never occurs inside a multi-byte sequence, and decoding
// each complete line once means a character split across chunks is reassembled for free.
// Only the new chunk is scanned, so a huge line arriving in small chunks costs O(n), not O(n^2).

export interface LineFramerOptions {
  /** Longest line kept; a longer one is dropped and reported through onOversize. */
  maxLineBytes?: number;
  onOversize?: (bytes: number) => void;
}

export const DEFAULT_MAX_LINE_BYTES = 256 * 1024 * 1024;

const NEWLINE = 0x0a;
const CR = 0x0d;

export class LineFramer {
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
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl === -1) break;
      this.take(chunk.subarray(start, nl));
      this.finishLine(lines);
      start = nl + 1;
    }
    if (start < chunk.length) this.take(chunk.subarray(start));
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
    if (this.pendingBytes + bytes.length > this.max) {
      this.discarding = true;
      this.discardedBytes = this.pendingBytes + bytes.length;
      this.parts = [];
      this.pendingBytes = 0;
      return;
    }
    // Copy: the caller may reuse the chunk's memory.
    this.parts.push(Buffer.from(bytes));
    this.pendingBytes += bytes.length;
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
    out.push(buf.toString('utf8'));
  }
}
