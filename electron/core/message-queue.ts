// Messages written while Claude is busy. Held in the main process, not the window, so the queue
// survives a window reload, every window shows the same one, and the next message goes out
// when a turn ends even with no window open.
//
// The CLI folds a user message written mid-turn into the running turn ("steer"). A queued
// message is instead held here and written only once the turn is over (its `result`), one
// message per turn, in the order shown. After Stop, a turn that failed, or one a usage limit
// stopped, the queue waits (it is "held") rather than firing the next message into a situation
// the person has not seen yet; sending one now, or resuming, lets it go on.
//
// A remote session whose host is still being reached (after Reconnect, or a new tab) holds the
// queue too, without the person's help: the first message goes once the session is up.
import { randomUUID } from 'node:crypto';
import { isIdleStatus, type QueueHold, type QueuedMessage, type SessionEvent, type SessionStatus } from '../../shared/events';
import type { ImageInput } from '../../shared/ipc';
import { ClideError } from '../../shared/result';
import type { Speaker } from './protocol/outbound';

export interface QueuedEntry {
  id: string;
  text: string;
  images: ImageInput[];
  at: number;
}

/** Everything needed to restore a queue after a restart (plain JSON). */
export interface QueueState {
  entries: QueuedEntry[];
  hold?: QueueHold;
}

export interface QueueTarget {
  readonly status: SessionStatus;
  /** Without a speaker the message is the person's: everything in the queue is. */
  send(text: string, images: readonly ImageInput[], speaker?: Speaker): void;
}

export interface MessageQueueOptions {
  target: QueueTarget;
  emit(events: SessionEvent[]): void;
  now?: () => number;
  /** How the next message is scheduled after a turn ends (tests run it synchronously). */
  defer?: (f: () => void) => void;
  /** Most messages held at once; more is almost certainly a stuck key or a script. */
  maxEntries?: number;
}

export const MAX_QUEUED = 100;

const HOLD_STOPPED: QueueHold = {
  reason: 'stopped',
  message: 'You stopped the turn, so the queue waits. Send a message now or resume the queue.',
};

// Until the limit resets, every message would meet it again (limit-resume.ts lets the queue go).
const HOLD_LIMIT: QueueHold = {
  reason: 'limit',
  message: 'A usage limit stopped the last turn, so the queue waits for it to reset. Send a message now or resume the queue.',
};

export class MessageQueue {
  private entries: QueuedEntry[] = [];
  private hold: QueueHold | undefined;
  /** Waiting for a remote host's connection: lifted by the session's own status, not the person. */
  private gate: QueueHold | undefined;
  private scheduled = false;
  private readonly now: () => number;
  private readonly defer: (f: () => void) => void;

  constructor(private readonly opts: MessageQueueOptions) {
    this.now = opts.now ?? Date.now;
    this.defer = opts.defer ?? ((f) => void setImmediate(f));
  }

  get size(): number {
    return this.entries.length;
  }

  get held(): QueueHold | undefined {
    return this.hold;
  }

  get waitingForConnection(): boolean {
    return this.gate !== undefined;
  }

  /**
   * The session's host is being reached: what is queued now waits for the session to be ready
   * (its status says so), and a connection that fails holds the queue for the person.
   */
  waitForConnection(location: string): void {
    if (this.gate) return;
    this.gate = {
      reason: 'connecting',
      message: `Waiting for the connection to ${location}: sent once the session is up.`,
    };
    this.changed();
  }

  /** A turn is running: a message sent now would be folded into it. */
  busy(): boolean {
    const s = this.opts.target.status;
    return s === 'working' || s === 'waiting';
  }

  add(text: string, images: readonly ImageInput[] = []): string {
    if (!text.trim() && images.length === 0) throw new ClideError({ kind: 'invalid-input', message: 'The message is empty.' });
    const max = this.opts.maxEntries ?? MAX_QUEUED;
    if (this.entries.length >= max) {
      throw new ClideError({
        kind: 'invalid-input',
        message: `The queue already holds ${max} messages.`,
        hint: 'Send or remove some of them first.',
      });
    }
    const entry: QueuedEntry = { id: randomUUID(), text, images: [...images], at: this.now() };
    this.entries = [...this.entries, entry];
    this.changed();
    // Queued just as the turn ended: nothing else will trigger the send.
    this.maybeSendNext();
    return entry.id;
  }

  edit(id: string, text: string): void {
    const at = this.indexOf(id);
    const entry = this.entries[at]!;
    if (!text.trim() && entry.images.length === 0) {
      throw new ClideError({ kind: 'invalid-input', message: 'A queued message cannot be empty.', hint: 'Remove it instead.' });
    }
    if (entry.text === text) return;
    this.entries = this.entries.map((e, i) => (i === at ? { ...e, text } : e));
    this.changed();
  }

  remove(id: string): void {
    const at = this.indexOf(id);
    this.entries = this.entries.filter((_, i) => i !== at);
    if (this.entries.length === 0) this.hold = undefined;
    this.changed();
  }

  move(id: string, to: number): void {
    const from = this.indexOf(id);
    const target = Math.max(0, Math.min(to, this.entries.length - 1));
    if (from === target) return;
    const next = this.entries.slice();
    const [entry] = next.splice(from, 1);
    next.splice(target, 0, entry!);
    this.entries = next;
    this.changed();
  }

  /** Send one queued message now (into the running turn, if any). On failure it stays queued. */
  sendNow(id: string): void {
    if (this.gate) {
      throw new ClideError({ kind: 'session-busy', message: this.gate.message, hint: 'It goes by itself once connected.' });
    }
    const at = this.indexOf(id);
    const entry = this.entries[at]!;
    this.opts.target.send(entry.text, entry.images);
    this.entries = this.entries.filter((e) => e.id !== id);
    // The person acted: whatever held the queue is behind them.
    this.hold = undefined;
    this.changed();
  }

  resume(): void {
    if (!this.hold) return;
    this.hold = undefined;
    this.changed();
    this.maybeSendNext();
  }

  /** The person pressed Stop: the queue waits for them. */
  stopped(): void {
    if (this.entries.length === 0 || this.hold) return;
    this.hold = HOLD_STOPPED;
    this.changed();
  }

  /** The person sent a message of their own: they are in control again. */
  released(): void {
    if (!this.hold) return;
    this.hold = undefined;
    this.changed();
  }

  /** Watch the session's events: a turn that ends sends the next message. */
  observe(events: readonly SessionEvent[]): void {
    let ready = false;
    for (const e of events) {
      if (this.gate && e.kind === 'status' && (e.status === 'ready' || e.status === 'failed' || e.status === 'ended')) {
        this.gate = undefined;
        if (e.status !== 'ready' && this.entries.length > 0 && !this.hold) {
          this.hold = {
            reason: 'failed',
            message: 'The session could not be reached, so the queue waits. Reconnect, then send a message now or resume the queue.',
          };
        }
        this.changed();
      }
      if (e.kind === 'result' && this.entries.length > 0 && !this.hold) {
        if (e.result.interrupted) this.hold = HOLD_STOPPED;
        else if (e.result.usageLimit) this.hold = HOLD_LIMIT;
        else if (e.result.isError) {
          this.hold = { reason: 'failed', message: 'The last turn ended in an error, so the queue waits. Send a message now or resume the queue.' };
        }
        if (this.hold) this.changed();
      } else if (e.kind === 'status') ready = isIdleStatus(e.status);
    }
    if (ready) this.maybeSendNext();
  }

  state(): QueueState {
    return { entries: this.entries.map((e) => ({ ...e, images: [...e.images] })), hold: this.hold };
  }

  restore(state: QueueState): void {
    this.entries = state.entries.map((e) => ({ ...e, images: [...e.images] }));
    this.hold = state.hold;
    this.changed();
  }

  /** The queue as the window sees it (image data stays here). */
  event(): SessionEvent {
    const messages: QueuedMessage[] = this.entries.map((e) => ({ id: e.id, text: e.text, images: e.images.length || undefined, at: e.at }));
    return { kind: 'queue', messages, hold: this.gate ?? this.hold };
  }

  private maybeSendNext(): void {
    if (this.scheduled || this.entries.length === 0 || this.hold || this.gate || !isIdleStatus(this.opts.target.status)) return;
    this.scheduled = true;
    // Not from inside the event that said "ready": the session is still finishing that step.
    this.defer(() => {
      this.scheduled = false;
      const next = this.entries[0];
      if (!next || this.hold || this.gate || !isIdleStatus(this.opts.target.status)) return;
      try {
        this.opts.target.send(next.text, next.images);
      } catch (err) {
        const why = err instanceof ClideError ? err.info.message : String(err);
        this.hold = { reason: 'failed', message: `The next queued message could not be sent: ${why}` };
        this.changed();
        return;
      }
      this.entries = this.entries.slice(1);
      this.changed();
    });
  }

  private indexOf(id: string): number {
    const at = this.entries.findIndex((e) => e.id === id);
    if (at < 0) throw new ClideError({ kind: 'invalid-input', message: 'That message is no longer in the queue.', hint: 'It may have been sent already.' });
    return at;
  }

  private changed(): void {
    this.opts.emit([this.event()]);
  }
}
