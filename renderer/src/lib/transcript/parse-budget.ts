// A streaming reply's last chunk is parsed whole whenever it changes: markdown-chunks.ts splits a
// reply only where a chunk is sure to be finished, so a long paragraph, list or table at the end
// of a reply costs more with every delta, and at 40 deltas a second a 15 kB paragraph kept a core
// busy. The live chunk's redraws are spaced by a multiple of what its last parse cost, so its
// markdown takes at most about a quarter of the main thread: a chunk that parses in a millisecond
// or two is redrawn every frame as before; one that takes 12 ms, every 48 ms or so.

/** Wait this many times the last parse's cost before the next. */
export const SPACING = 3;
/** Parses cheaper than this are not spaced at all. */
export const FREE_MS = 2;

export class ParseBudget {
  private readyAt = Number.NEGATIVE_INFINITY;

  /** A parse of the live chunk took `ms`, ending at `end`. */
  spent(ms: number, end = performance.now()): void {
    this.readyAt = ms < FREE_MS ? Number.NEGATIVE_INFINITY : end + ms * SPACING;
  }

  /** Run a parse of the live chunk, noting what it cost. */
  timed<T>(parse: () => T): T {
    const start = performance.now();
    const out = parse();
    const end = performance.now();
    this.spent(end - start, end);
    return out;
  }

  /** How long the next parse should wait, from `now`. */
  wait(now = performance.now()): number {
    return Math.max(0, this.readyAt - now);
  }
}
