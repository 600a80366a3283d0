// Log lines a stranger can cause (refused requests, malformed frames) must not let a flood fill
// the disk or the terminal. The first one after a quiet spell is logged in full, since it is
// what a person debugging wants to read; the rest of that interval are counted by kind and
// summed up in one line when it ends ("refused 1,234 requests in the last 10 s: no token
// (1,200), wrong origin (34)"). A flood that goes on gives one line per interval.

export interface LogLimiterOptions {
  /** The summary line's words around the count: "refused" 1,234 "request"s. */
  verb: string;
  /** Singular; an s is added for any other count. */
  noun: string;
  intervalMs?: number;
}

export class LogLimiter {
  private readonly intervalMs: number;
  private counts = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly log: (message: string) => void,
    private readonly opts: LogLimiterOptions,
  ) {
    this.intervalMs = opts.intervalMs ?? 10_000;
  }

  /** One event of this kind; `line` is what is logged when it is logged on its own. */
  note(kind: string, line: string): void {
    if (this.timer === undefined) {
      this.log(line);
      this.startInterval();
      return;
    }
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }

  /** Say what is still counted, and stop the timer (shutdown). */
  close(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.flush();
  }

  private startInterval(): void {
    this.timer = setTimeout(() => this.endInterval(), this.intervalMs);
    this.timer.unref?.();
  }

  private endInterval(): void {
    this.timer = undefined;
    // Something was counted: keep counting for another interval, so a steady flood gives one
    // line per interval and never one per event.
    if (this.flush()) this.startInterval();
  }

  private flush(): boolean {
    if (this.counts.size === 0) return false;
    const kinds = [...this.counts].sort((a, b) => b[1] - a[1]);
    const total = kinds.reduce((sum, [, n]) => sum + n, 0);
    const seconds = Math.round(this.intervalMs / 1000);
    const parts = kinds.map(([kind, n]) => `${kind} (${n.toLocaleString('en-US')})`).join(', ');
    const noun = total === 1 ? this.opts.noun : `${this.opts.noun}s`;
    this.log(`${this.opts.verb} ${total.toLocaleString('en-US')} ${noun} in the last ${seconds} s: ${parts}`);
    this.counts = new Map();
    return true;
  }
}
