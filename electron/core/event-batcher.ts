// Collects app events and delivers them in one batch per frame, so three sessions streaming
// hundreds of deltas a second cost the window at most ~60 messages a second, not thousands.
// Within a frame each session's events go into one entry, in order, and consecutive deltas of
// the same block are joined into one, even when several sessions stream at once (their
// entries interleaving would otherwise defeat the joining). Order between sessions is not
// kept: each session's view depends only on its own events.
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
  /** Each session's events entry in the current queue, while more may be appended to it. */
  private open = new Map<string, SessionEvent[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastDelivery = -Infinity;

  constructor(
    private readonly deliver: (batch: AppEvent[]) => void,
    private readonly intervalMs = FRAME_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  push(event: AppEvent): void {
    if (event.type === 'session-events') {
      let events = this.open.get(event.id);
      if (!events) {
        events = [];
        this.open.set(event.id, events);
        this.queue.push({ type: 'session-events', id: event.id, events });
      }
      for (const e of event.events) appendCoalesced(events, e);
    } else {
      // A session created or closed stays in order with its events: later ones start anew.
      if (event.type === 'session-closed') this.open.delete(event.id);
      else if (event.type === 'session-created') this.open.delete(event.session.id);
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
    this.open = new Map();
    this.lastDelivery = this.now();
    this.deliver(batch);
  }
}

/**
 * Append `e` to a batch's event list, joining it to the delta before it when both belong to the
 * same block. The first delta of a run is copied into the list, so the joins that follow
 * extend the batcher's own object and never touch an event someone else still holds.
 */
export function appendCoalesced(list: SessionEvent[], e: SessionEvent): void {
  if (e.kind !== 'block-delta') {
    list.push(e);
    return;
  }
  const last = list[list.length - 1];
  if (last instanceof JoinedDelta && last.messageId === e.messageId && last.index === e.index) {
    last.text += e.text;
    return;
  }
  list.push(new JoinedDelta(e.messageId, e.index, e.text));
}

/** A delta the batcher made itself, and so may extend in place. Serialises like any other. */
class JoinedDelta {
  readonly kind = 'block-delta' as const;
  constructor(
    readonly messageId: string,
    readonly index: number,
    public text: string,
  ) {}
}
