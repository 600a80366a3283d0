// Text deltas for tabs that are not shown wait here instead of changing the store at frame
// rate: nothing on screen shows a hidden tab's streaming text, and every store change wakes
// every subscribed component. A hidden tab's deltas (joined per block) reach the store when
// anything else happens in that session (a block ends, a prompt, the turn's result), when the
// tab is shown, or at the latest `maxHoldMs` after the first of them: its store stays current
// to within a second while costing almost nothing. Order within a session is kept exactly.
import type { SessionEvent } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';

interface Held {
  events: SessionEvent[];
  since: number;
}

export class DeltaHold {
  private readonly held = new Map<string, Held>();

  constructor(
    private readonly maxHoldMs = 1000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Sessions with deltas waiting (tests, diagnostics). */
  get waiting(): number {
    return this.held.size;
  }

  /**
   * What of `batch` to apply now, with anything held for the same sessions put back in front.
   * Deltas of sessions other than the shown ones (one per pane of a split) are kept back while
   * nothing else happens there.
   */
  take(batch: readonly AppEvent[], shown: string | undefined | readonly string[]): AppEvent[] {
    const t = this.now();
    const onScreen = (id: string) => (typeof shown === 'string' ? id === shown : shown?.includes(id) === true);
    const out: AppEvent[] = [];
    for (const e of batch) {
      if (e.type === 'session-closed') {
        this.held.delete(e.id);
        out.push(e);
        continue;
      }
      if (e.type !== 'session-events') {
        out.push(e);
        continue;
      }
      const held = this.held.get(e.id);
      const onlyDeltas = e.events.every((ev) => ev.kind === 'block-delta');
      if (!onScreen(e.id) && onlyDeltas && (!held || t - held.since < this.maxHoldMs)) {
        if (held) for (const ev of e.events) join(held.events, ev);
        else this.held.set(e.id, { events: e.events.slice(), since: t });
        continue;
      }
      this.held.delete(e.id);
      out.push(held ? { type: 'session-events', id: e.id, events: [...held.events, ...e.events] } : e);
    }
    // A hidden stream that goes on and on still reaches the store now and then.
    for (const [id, held] of this.held) {
      if (t - held.since >= this.maxHoldMs) {
        this.held.delete(id);
        out.push({ type: 'session-events', id, events: held.events });
      }
    }
    return out;
  }

  /** The held deltas of one session (it is about to be shown), or undefined. */
  release(id: string): AppEvent | undefined {
    const held = this.held.get(id);
    if (!held) return undefined;
    this.held.delete(id);
    return { type: 'session-events', id, events: held.events };
  }

  /** Forget everything (a snapshot replaces the sessions, and it already holds this text). */
  clear(): void {
    this.held.clear();
  }
}

/** Append a delta, joining it to the previous one of the same block (as the host's batcher does). */
function join(list: SessionEvent[], e: SessionEvent): void {
  const last = list[list.length - 1];
  if (e.kind === 'block-delta' && last?.kind === 'block-delta' && last.messageId === e.messageId && last.index === e.index) {
    list[list.length - 1] = { ...last, text: last.text + e.text };
    return;
  }
  list.push(e);
}
