// The brake on runaway conversations between sessions: two sessions that answer each other
// on every turn would otherwise run (and spend) forever. Each session may receive a few
// automatic deliveries per minute; past that, its messages wait until the person lets them go.
export const WINDOW_MS = 60_000;

export class LoopGuard {
  private readonly times = new Map<string, number[]>();

  constructor(
    readonly capPerMinute: number,
    private readonly now: () => number = Date.now,
    /** The window the cap counts in: a minute, longer only in tests on slow machines. */
    private readonly windowMs = WINDOW_MS,
  ) {
    if (!Number.isInteger(capPerMinute) || capPerMinute < 1)
      throw new Error(`The team's delivery cap must be a whole number of at least 1, not ${capPerMinute}.`);
  }

  /** Automatic deliveries to this session within the last minute. */
  recent(sessionId: string): number {
    return this.prune(sessionId).length;
  }

  /** Whether one more automatic delivery would go over the cap. */
  full(sessionId: string): boolean {
    return this.recent(sessionId) >= this.capPerMinute;
  }

  record(sessionId: string): void {
    this.times.set(sessionId, [...this.prune(sessionId), this.now()]);
  }

  /** The person let the held messages go: the count starts again. */
  reset(sessionId: string): void {
    this.times.delete(sessionId);
  }

  /** When the oldest delivery in the window leaves it (for refreshing the shown count). */
  nextExpiry(sessionId: string): number | undefined {
    const first = this.prune(sessionId)[0];
    return first === undefined ? undefined : first + this.windowMs;
  }

  private prune(sessionId: string): number[] {
    const list = this.times.get(sessionId) ?? [];
    const since = this.now() - this.windowMs;
    const kept = list.filter((t) => t > since);
    if (kept.length !== list.length) {
      if (kept.length > 0) this.times.set(sessionId, kept);
      else this.times.delete(sessionId);
    }
    return kept;
  }
}
