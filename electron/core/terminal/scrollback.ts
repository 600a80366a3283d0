// What the core keeps of a terminal's output, so a window that reloads (or a browser tab that
// opens again) gets the screen back: the last lines up to a line count and a size cap. The
// start is cut after a newline where it can be, so a kept screen does not begin inside an
// escape sequence of a cut line.
import { TERMINAL_SCROLLBACK_LINES } from '../../../shared/terminal';

/** Output is kept in pieces of about this size (one string per write would be thousands). */
const PIECE = 64 * 1024;

export class Scrollback {
  private pieces: string[] = [];
  private lineCounts: number[] = [];
  private chars = 0;
  private newlines = 0;
  /** How much output there has been since the start (UTF-16 units), kept or not. */
  end = 0;

  constructor(
    private readonly maxLines = TERMINAL_SCROLLBACK_LINES,
    private readonly maxChars = 2_000_000,
  ) {}

  append(data: string): void {
    if (!data) return;
    this.end += data.length;
    const n = countNewlines(data, 0, data.length);
    const last = this.pieces.length - 1;
    if (last >= 0 && this.pieces[last]!.length + data.length <= PIECE) {
      this.pieces[last] += data;
      this.lineCounts[last]! += n;
    } else {
      this.pieces.push(data);
      this.lineCounts.push(n);
    }
    this.chars += data.length;
    this.newlines += n;
    this.trim();
  }

  text(): string {
    return this.pieces.join('');
  }

  /** Kept size in UTF-16 units (tests, memory checks). */
  get size(): number {
    return this.chars;
  }

  private trim(): void {
    while (this.newlines > this.maxLines || this.chars > this.maxChars) {
      const first = this.pieces[0]!;
      const firstLines = this.lineCounts[0]!;
      const extraLines = this.newlines - this.maxLines;
      const extraChars = this.chars - this.maxChars;
      let cut: number;
      if (extraLines > 0 && firstLines <= extraLines) cut = first.length;
      else if (extraLines > 0) cut = afterNewline(first, extraLines);
      else if (first.length <= extraChars) cut = first.length;
      else {
        // Past the size cap: cut after the first newline past the excess, else where it falls.
        const nl = first.indexOf('\n', extraChars);
        cut = nl === -1 ? extraChars : nl + 1;
      }
      this.drop(cut);
    }
  }

  /** Drop the first `cut` units of the first piece. */
  private drop(cut: number): void {
    const first = this.pieces[0]!;
    const gone = countNewlines(first, 0, cut);
    this.chars -= cut;
    this.newlines -= gone;
    if (cut >= first.length) {
      this.pieces.shift();
      this.lineCounts.shift();
    } else {
      this.pieces[0] = first.slice(cut);
      this.lineCounts[0]! -= gone;
    }
  }
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i !== -1 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

/** The index just after the `count`-th newline of `s` (s has at least that many). */
function afterNewline(s: string, count: number): number {
  let i = -1;
  for (let k = 0; k < count; k++) i = s.indexOf('\n', i + 1);
  return i + 1;
}
