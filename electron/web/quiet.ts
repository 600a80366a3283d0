// A quiet moment of the server: no request in flight for a little while. The browser host loads
// its core (a few hundred ms of a busy machine's CPU, during which it answers nothing) only
// then, so it does not hold up a file a page is waiting for: it loads before the first page
// is opened, or in the pause between the page and its scripts, or once they are served. A
// socket asking for the host ends the wait: the page is ready and needs the core now.

export class QuietWatch {
  private inFlight = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly waiters: Array<() => void> = [];
  private done = false;

  constructor(private readonly quietMs: number) {}

  /** A request arrived. */
  begin(): void {
    this.inFlight++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** A request was answered (or its connection dropped). */
  end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.arm();
  }

  /** Something needs the core now: stop waiting. */
  now(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.done = true;
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves at the first quiet moment (or at once after now()). */
  quiet(): Promise<void> {
    if (this.done) return Promise.resolve();
    const p = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.arm();
    return p;
  }

  private arm(): void {
    if (this.done || this.inFlight > 0 || this.timer || this.waiters.length === 0) return;
    this.timer = setTimeout(() => this.now(), this.quietMs);
    this.timer.unref?.();
  }
}
