// Complete lines of a file from a byte offset on, each with where it starts and how many bytes
// it has, so the index can remember how far it read and find a record again later. A last
// line without its newline (the CLI is writing it now) is left for the next read.
import fs from 'node:fs';

export interface FileLine {
  text: string;
  at: number;
  bytes: number;
}

const CHUNK = 1024 * 1024;
/** Longer lines are skipped (the CLI stores request shapes and snapshots inline). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

/**
 * Yields batches of lines; `end` is where the next read starts (after the last newline read).
 * Lines `accept` turns down (checked on the raw bytes) are never decoded.
 */
export async function* readLines(
  file: string,
  start: number,
  endBefore: number,
  stats: { end: number; bytesRead: number },
  accept: (line: Buffer) => boolean = () => true,
): AsyncGenerator<FileLine[]> {
  const fh = await fs.promises.open(file, 'r');
  try {
    let pos = start;
    let lineStart = start;
    let carry: Buffer[] = [];
    let carried = 0;
    stats.end = start;
    while (pos < endBefore) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, endBefore - pos));
      const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
      if (bytesRead === 0) break;
      stats.bytesRead += bytesRead;
      const chunk = buf.subarray(0, bytesRead);
      const out: FileLine[] = [];
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl !== -1; nl = chunk.indexOf(10, from)) {
        const piece = chunk.subarray(from, nl);
        const bytes = carried + piece.length;
        if (bytes > 0 && bytes <= MAX_LINE_BYTES) {
          const whole = carried > 0 ? Buffer.concat([...carry, piece]) : piece;
          if (accept(whole)) out.push({ text: whole.toString('utf8'), at: lineStart, bytes });
        }
        carry = [];
        carried = 0;
        from = nl + 1;
        lineStart = pos + from;
      }
      if (from < chunk.length) {
        // Part of a line that goes on in the next chunk (kept only while under the cap).
        const rest = chunk.subarray(from);
        if (carried + rest.length <= MAX_LINE_BYTES) carry.push(rest);
        carried += rest.length;
      }
      pos += bytesRead;
      stats.end = lineStart;
      if (out.length > 0) yield out;
    }
  } finally {
    await fh.close();
  }
}
