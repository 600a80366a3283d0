// Notices a `claude` process that has gone quiet in the middle of a turn.
//
// "Silence" is narrower than "no output": the CLI is legitimately quiet while it waits for a
// person to answer a prompt, while a tool runs (a build or test run can take many minutes and
// prints nothing on stdout until its result), and while it compacts the conversation. Those
// pause the watchdog. Everything the CLI writes counts as a sign of life, including lines clide
// ignores (keep_alive, tool_progress, hook and status messages), so the clock is fed from the
// transport, not from the decoded events.
//
// One timer at a time: activity only stamps a time; the timer re-arms itself for the remainder
// when it fires early. Streaming thousands of deltas a second costs nothing here.
import type { SessionEvent } from '../../shared/events';

export interface WatchdogOptions {
  /** How long a working turn may be silent before it is reported. */
  silenceMs: number;
  /** Called when the verdict changes: silent since `since` (epoch ms), or alive again. */
  onChange(silent: boolean, since: number): void;
  now?: () => number;
  /**
   * When bytes last arrived, even part of a line (epoch ms, same clock as `now`): a 50 MB line
   * arriving slowly is output, though no complete line has been seen for a while.
   */
  lastOutput?: () => number;
}

export class Watchdog {
  private armedByTurn = false;
  private readonly tools = new Set<string>();
  private longOperation = false;
  private last: number;
  private silent = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly opts: WatchdogOptions) {
    this.now = opts.now ?? Date.now;
    this.last = this.now();
  }

  get isSilent(): boolean {
    return this.silent;
  }

  get armed(): boolean {
    return !this.disposed && this.armedByTurn && this.tools.size === 0 && !this.longOperation && this.opts.silenceMs > 0;
  }

  /** Bytes arrived from the process. */
  activity(): void {
    this.last = this.now();
    if (this.silent) this.setSilent(false);
  }

  /** Whether a turn is running with nothing owed by us (the session's `working` phase). */
  setWorking(working: boolean): void {
    if (this.armedByTurn === working) return;
    this.armedByTurn = working;
    if (!working) this.tools.clear();
    // Time spent waiting for a person or between turns never counts as silence.
    this.last = this.now();
    this.update();
  }

  /** Feed decoded events: tool calls and compaction pause the clock. */
  observe(events: readonly SessionEvent[]): void {
    let changed = false;
    let graceMs = 0;
    for (const e of events) {
      const hint = watchdogHint(e);
      if (!hint) continue;
      changed = true;
      switch (hint.kind) {
        case 'tool-start':
          this.tools.add(hint.id);
          break;
        case 'tool-end':
          this.tools.delete(hint.id);
          break;
        case 'turn-end':
          this.tools.clear();
          this.longOperation = false;
          break;
        case 'long-start':
          this.longOperation = true;
          break;
        case 'long-end':
          this.longOperation = false;
          break;
        case 'grace':
          graceMs = Math.max(graceMs, hint.ms);
          break;
      }
    }
    if (changed) {
      // A stated wait (an API retry's back-off) is not silence: start counting after it.
      this.last = this.now() + graceMs;
      if (graceMs > 0) this.clearTimer();
      this.update();
    }
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private update(): void {
    if (!this.armed) {
      this.clearTimer();
      if (this.silent) this.setSilent(false);
      return;
    }
    if (!this.timer) this.schedule(this.opts.silenceMs - (this.now() - this.last));
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => this.check(), Math.max(1, ms));
    this.timer.unref?.();
  }

  private check(): void {
    this.timer = undefined;
    if (!this.armed) return;
    const bytesAt = this.opts.lastOutput?.() ?? 0;
    if (bytesAt > this.last) this.last = bytesAt;
    const quietFor = this.now() - this.last;
    if (quietFor >= this.opts.silenceMs) {
      if (!this.silent) this.setSilent(true);
      // Stay armed: activity clears the verdict; nothing more to time until then.
      return;
    }
    this.schedule(this.opts.silenceMs - quietFor);
  }

  private setSilent(silent: boolean): void {
    this.silent = silent;
    this.opts.onChange(silent, this.last);
    if (!silent) this.update();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

export type WatchdogHint =
  | { kind: 'tool-start'; id: string }
  | { kind: 'tool-end'; id: string }
  | { kind: 'turn-end' }
  | { kind: 'long-start' }
  | { kind: 'long-end' }
  | { kind: 'grace'; ms: number };

/** What an app event tells the watchdog, if anything. */
export function watchdogHint(e: SessionEvent): WatchdogHint | undefined {
  switch (e.kind) {
    case 'block':
      // A complete tool_use block: the CLI now runs the tool (after any permission prompt).
      // Subagent tool calls sit inside a parent Task call that already pauses the clock.
      return e.block.type === 'tool_use' && e.block.id ? { kind: 'tool-start', id: e.block.id } : undefined;
    case 'tool-result':
      return { kind: 'tool-end', id: e.toolUseId };
    case 'result':
      return { kind: 'turn-end' };
    case 'activity':
      // system/status "compacting" runs a model call whose progress is not streamed.
      return e.activity === 'compacting' ? { kind: 'long-start' } : { kind: 'long-end' };
    case 'compaction':
      return { kind: 'long-end' };
    case 'api-retry':
      // The CLI waits this long before trying again, and says nothing meanwhile.
      return { kind: 'grace', ms: e.retry.delayMs ?? 0 };
    case 'block-start':
      // Streaming output means any compaction is over.
      return { kind: 'long-end' };
    default:
      return undefined;
  }
}
