// Collects app events and delivers them in one batch per frame, so three sessions streaming
// hundreds of deltas a second cost the window at most ~60 messages a second, not thousands.
// Consecutive deltas of the same block are joined into one.
//
// Deliveries are spaced at least one interval apart, measured from the previous delivery (a
// fixed 16 ms timer restarted on each push would allow 62.5 a second, and setTimeout rounds
// its delay down). The first event after a quiet spell goes out on the next turn of the event
// loop, so a lone event is not held back for a whole frame.
import type { SessionEvent } from '../../shared/events';
import type { AppEvent } from '../../shared/ipc';

export const FRAME_MS = 1000 / 60;

export class EventBatcher {
  private queue: AppEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastDelivery = -Infinity;

  constructor(
    private readonly deliver: (batch: AppEvent[]) => void,
    private readonly intervalMs = FRAME_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(event: AppEvent): void {
    const last = this.queue[this.queue.length - 1];
    if (event.type === 'session-events' && last?.type === 'session-events' && last.id === event.id) {
      for (const e of event.events) appendCoalesced(last.events, e);
    } else if (event.type === 'session-events') {
      const events: SessionEvent[] = [];
      for (const e of event.events) appendCoalesced(events, e);
      this.queue.push({ type: 'session-events', id: event.id, events });
    } else {
      this.queue.push(event);
    }
    if (!this.timer) {
      const wait = Math.max(0, Math.ceil(this.lastDelivery + this.intervalMs - this.now()));
      this.timer = setTimeout(() => this.flush(), wait);
      this.timer.unref?.();
    }
  }

  /** Events waiting for the next delivery (tests, diagnostics). */
  get pending(): number {
    return this.queue.length;
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
    this.lastDelivery = this.now();
    this.deliver(batch);
  }
}

export function appendCoalesced(list: SessionEvent[], e: SessionEvent): void {
  const last = list[list.length - 1];
  if (e.kind === 'block-delta' && last?.kind === 'block-delta' && last.messageId === e.messageId && last.index === e.index) {
    list[list.length - 1] = { ...last, text: last.text + e.text };
    return;
  }
  list.push(e);
}
