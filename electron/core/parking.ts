// Idle sessions are parked: after a while with nothing happening (15 minutes unless Settings
// say otherwise; CLIDE_IDLE_PARK_SECONDS for tests), a session's process is ended cleanly and
// its next message resumes the same Claude session (Session.park). The tab keeps everything
// else: transcript, queue, draft. A session is never parked while a turn runs, while it waits
// for the person (a permission or a question), while a background task it started still runs,
// or while a side question waits for its answer: that work would be cut off. Which tasks run is
// the CLI's live set (its last background_tasks_changed), not start and end events paired up, so
// a missed end cannot keep a session from ever parking; housekeeping tasks the CLI marks ambient
// do not count as work.
import { asideOpen } from '../../shared/aside';
import { runningBackgroundTaskIds } from '../../shared/tasks';
import type { SessionView } from '../../shared/transcript';
import type { Phase } from './lifecycle';

export interface ParkingSession {
  readonly id: string;
  readonly phase: Phase;
  park(): Promise<void> | undefined;
}

export interface ParkingOptions {
  /** Current sessions with their views. */
  sessions(): Array<{ session: ParkingSession; view: SessionView }>;
  /** How long a session may sit idle before it is parked; 0 or less: never. */
  afterMs(): number;
  /** A session's process is gone after parking. */
  parked?: (id: string) => void;
  now?: () => number;
}

/** A background task the session started is still running. */
export function runsBackgroundTask(view: SessionView): boolean {
  return runningBackgroundTaskIds(view).length > 0;
}

/** Whether parking `session` now would cut nothing off (a side question waiting for its answer, too). */
export function parkable(session: ParkingSession, view: SessionView): boolean {
  return session.phase === 'ready' && view.pending.length === 0 && !runsBackgroundTask(view) && !(view.asides ?? []).some(asideOpen);
}

/** The CLIDE_IDLE_PARK_SECONDS override, if set to a number. */
export function parkSecondsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.CLIDE_IDLE_PARK_SECONDS;
  if (raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

export class Parking {
  private readonly last = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private due = Infinity;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly opts: ParkingOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** Something happened in a session (an event, a message, typing in its composer). */
  activity(id: string): void {
    this.last.set(id, this.now());
    const after = this.opts.afterMs();
    // Activity only moves deadlines later: a timer already armed fires and re-arms itself.
    if (after > 0 && !this.timer) this.arm(this.now() + after);
  }

  forget(id: string): void {
    this.last.delete(id);
  }

  /** The park time changed (Settings): plan again from each session's last activity. */
  rearm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.due = Infinity;
    this.check();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(at: number): void {
    if (this.disposed || at >= this.due) return;
    if (this.timer) clearTimeout(this.timer);
    this.due = at;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.due = Infinity;
        this.check();
      },
      Math.max(0, at - this.now()),
    );
    this.timer.unref?.();
  }

  private check(): void {
    const after = this.opts.afterMs();
    if (this.disposed || after <= 0) return;
    const now = this.now();
    let next = Infinity;
    for (const { session, view } of this.opts.sessions()) {
      const last = this.last.get(session.id);
      // No process (not started, parked, ended): nothing to park until something happens.
      if (last === undefined || session.phase !== 'ready') continue;
      const at = last + after;
      if (at > now) next = Math.min(next, at);
      else if (parkable(session, view)) void session.park()?.then(() => this.opts.parked?.(session.id));
      // Not parkable now (a prompt open, a background task): its next event counts as activity.
    }
    if (next < Infinity) this.arm(next);
  }
}
