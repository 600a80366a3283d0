// Collects app events and delivers them in one batch per frame, so three sessions streaming
// hundreds of deltas a second cost the window ~60 messages a second, not thousands.
// Consecutive deltas of the same block are joined into one.
import type { SessionEvent } from '../../shared/events';
import type { AppEvent } from '../../shared/ipc';

export class EventBatcher {
  private queue: AppEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly deliver: (batch: AppEvent[]) => void,
    private readonly intervalMs = 16,
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
      this.timer = setTimeout(() => this.flush(), this.intervalMs);
      this.timer.unref?.();
    }
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    const batch = this.queue;
    this.queue = [];
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
