// A turn stopped by a subscription's usage limit, and the offer to go on by itself when the
// limit resets: "Continue automatically at 14:05". The timer lives here, in the main process, so
// it fires with no window open (the browser host's tab may be closed). At the time it sends the
// stopped turn's messages again, as they were written and by whom, then lets the message queue
// go on in its order. The person can cancel it, or just send something themselves, which
// replaces it.
//
// What the CLI keeps: a turn that hit the limit stays in its conversation (2.1.332 sends the
// stopped prompt again with the next request), so the model sees the request twice; it answers
// it once. Sending the prompt again is what makes the CLI call the API again.
import { randomUUID } from 'node:crypto';
import type { SessionEvent } from '../../shared/events';
import { isIdleStatus } from '../../shared/events';
import { ClideError } from '../../shared/result';
import type { LimitStop } from '../../shared/usage';
import type { PendingSend } from './lazy-start';
import type { QueueTarget } from './message-queue';

export type TurnMessage = Omit<PendingSend, 'uuid'>;

/** A usage-limit stop as it is kept across a restart. */
export interface KeptLimit {
  stop: LimitStop;
  messages: TurnMessage[];
}

export interface LimitTarget extends QueueTarget {
  /** The stopped turn's messages, as written. */
  readonly turnMessages: ReadonlyArray<TurnMessage>;
}

export interface LimitQueue {
  readonly size: number;
  /** Let a queue held after the stop send again. */
  resume(): void;
}

export interface LimitResumeOptions {
  target: LimitTarget;
  queue: LimitQueue;
  emit(events: SessionEvent[]): void;
  now?: () => number;
  /** How long after the reset the request goes (the server's clock and ours differ a little). */
  marginMs?: number;
}

/** Sent this long after the reset time the CLI gave. */
export const CONTINUE_MARGIN_MS = 3000;
/** Limits hit again right after an automatic continue are continued again, this many times in a row. */
export const MAX_AUTO_RETRIES = 3;

export class LimitResume {
  private stop: LimitStop | undefined;
  private messages: TurnMessage[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** The time came while a turn ran: go once the session is idle. */
  private due = false;
  /** Automatic continues in a row that met the limit again. */
  private retries = 0;
  /** The last turn was one this sent. */
  private sentLast = false;
  private readonly now: () => number;
  private readonly margin: number;

  constructor(private readonly opts: LimitResumeOptions) {
    this.now = opts.now ?? Date.now;
    this.margin = opts.marginMs ?? CONTINUE_MARGIN_MS;
  }

  get current(): LimitStop | undefined {
    return this.stop;
  }

  /** The stop and the messages it would send again, to keep across a restart (see restore.ts). */
  state(): KeptLimit | undefined {
    return this.stop && { stop: this.stop, messages: [...this.messages] };
  }

  /**
   * A stop kept across a restart: offered again, and if it was scheduled, sent at its time (at
   * once, when that passed while clide was closed).
   */
  restore(kept: KeptLimit): void {
    this.disarm();
    this.messages = [...kept.messages];
    this.set(kept.stop);
    if (kept.stop.state === 'scheduled') this.arm();
  }

  /** Every event of the session: a turn ending on a usage limit makes the offer. */
  observe(events: readonly SessionEvent[]): void {
    for (const e of events) {
      if (e.kind === 'result') this.turnEnded(e.result.usageLimit?.resetsAt, e.result.usageLimit !== undefined, e.result.usageLimit?.limitType);
      else if (e.kind === 'status' && this.due && isIdleStatus(e.status)) this.fire();
    }
  }

  /** "Continue automatically": send at `continueAt` (now, if that has passed). */
  schedule(): void {
    const stop = this.requireStop();
    if (stop.state !== 'scheduled') this.set({ ...stop, state: 'scheduled' });
    this.arm();
  }

  /** Cancel the automatic continue; the offer stays, and the queue keeps waiting. */
  cancel(): void {
    const stop = this.requireStop();
    this.disarm();
    if (stop.state !== 'offered') this.set({ ...stop, state: 'offered' });
  }

  /** The person sent something themselves: they have taken over from the offer. */
  superseded(): void {
    if (!this.stop) return;
    this.disarm();
    this.retries = 0;
    this.set(undefined);
  }

  dispose(): void {
    this.disarm();
  }

  private turnEnded(resetsAt: number | undefined, limited: boolean, limitType: string | undefined): void {
    const wasOurs = this.sentLast;
    this.sentLast = false;
    if (!limited) {
      this.retries = 0;
      return;
    }
    this.disarm();
    const messages = [...this.opts.target.turnMessages];
    // Without a reset time (or with nothing to send) there is nothing to offer: the turn's error says what happened.
    if (resetsAt === undefined || (messages.length === 0 && this.opts.queue.size === 0)) {
      this.set(undefined);
      return;
    }
    const again = wasOurs && this.retries < MAX_AUTO_RETRIES;
    this.retries = again ? this.retries + 1 : 0;
    this.messages = messages;
    const first = messages[0]?.text.trim().split('\n')[0];
    this.set({
      state: again ? 'scheduled' : 'offered',
      resetsAt,
      continueAt: Math.max(resetsAt, this.now()) + this.margin,
      limitType,
      messages: messages.length,
      preview: first ? (first.length > 120 ? `${first.slice(0, 119)}…` : first) : undefined,
      at: this.now(),
    });
    if (again) this.arm();
  }

  private arm(): void {
    this.disarm();
    const stop = this.stop;
    if (!stop) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, stop.continueAt - this.now()));
    this.timer.unref?.();
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.due = false;
  }

  private fire(): void {
    this.timer = undefined;
    const stop = this.stop;
    if (!stop || stop.state !== 'scheduled') return;
    // A turn Claude started itself is still running: go once it is over.
    if (!isIdleStatus(this.opts.target.status) && this.opts.target.status !== 'failed' && this.opts.target.status !== 'ended') {
      this.due = true;
      return;
    }
    this.due = false;
    const messages = this.messages;
    try {
      // The first starts the turn; the others go into it, as they did the first time.
      for (const m of messages) this.opts.target.send(m.text, m.images, m.speaker);
    } catch (err) {
      const why = err instanceof ClideError ? err.info.message : String(err);
      this.set({ ...stop, state: 'offered' });
      this.opts.emit([notice('error', `clide could not continue after the limit reset: ${why}`, this.now())]);
      return;
    }
    this.sentLast = messages.length > 0;
    this.messages = [];
    this.set(undefined);
    const queued = this.opts.queue.size;
    const what = [messages.length > 0 ? 'the stopped request' : '', queued > 0 ? `${queued} queued ${queued === 1 ? 'message' : 'messages'} after it` : '']
      .filter(Boolean)
      .join(', then ');
    this.opts.emit([notice('info', `The usage limit has reset: sending ${what || 'nothing (nothing was waiting)'}.`, this.now())]);
    this.opts.queue.resume();
  }

  private requireStop(): LimitStop {
    if (!this.stop) throw new ClideError({ kind: 'invalid-input', message: 'This session is not stopped on a usage limit.' });
    return this.stop;
  }

  private set(stop: LimitStop | undefined): void {
    this.stop = stop;
    this.opts.emit([{ kind: 'limit-stop', stop: stop ?? null }]);
  }
}

function notice(level: 'info' | 'error', text: string, at: number): SessionEvent {
  return { kind: 'notice', id: randomUUID(), level, code: 'usage-limit', text, at };
}
