// A stand-in for SessionHost around the broker: sessions are plain views, `send` echoes the
// user message and the working status the way a Session does, and every event goes through
// intercept -> reducer -> observe in the same order as SessionHost.record.
import type { SessionEvent, SessionStatus } from '../../../shared/events';
import { ClideError } from '../../../shared/result';
import { applyEvents, emptySession, type SessionView } from '../../../shared/transcript';
import type { Speaker } from '../../../electron/core/protocol/outbound';
import { TeamBroker, type TeamHost, type TeamOptions } from '../../../electron/core/team/broker';

/** Every host made, so a test file can check none saw a forbidden send. */
export const madeHosts: FakeTeamHost[] = [];

export class FakeTeamHost implements TeamHost {
  readonly views = new Map<string, SessionView>();
  readonly sent: Array<{ id: string; text: string; speaker: Speaker }> = [];
  readonly broker: TeamBroker;
  readonly deferred: Array<() => void> = [];
  failSend: string | undefined;
  /** Sends the broker must never make (into a turn that is running); checked after each test. */
  readonly violations: string[] = [];
  clock = 1_000_000;
  private seq = 0;

  constructor(opts: TeamOptions = {}) {
    this.broker = new TeamBroker(this, { now: () => this.clock, defer: (f) => this.deferred.push(f), ...opts });
    madeHosts.push(this);
  }

  add(id: string, cwd: string, patch: { title?: string; status?: SessionStatus } = {}): string {
    const base = emptySession(id, cwd, 0);
    this.views.set(id, { ...base, status: patch.status ?? 'ready', info: { cwd, title: patch.title } });
    this.broker.created();
    return id;
  }

  remove(id: string): void {
    this.views.delete(id);
    this.broker.closed(id);
  }

  sessions() {
    return [...this.views].map(([id, view]) => ({ id, view }));
  }

  send(id: string, text: string, speaker: Speaker): void {
    if (this.failSend) throw new ClideError({ kind: 'not-running', message: this.failSend });
    if (this.view(id).status !== 'ready') {
      this.violations.push(`sent to ${id} while it was ${this.view(id).status}`);
      throw new Error('the session is busy');
    }
    this.sent.push({ id, text, speaker });
    this.record(id, [
      { kind: 'user', id: `user-${++this.seq}`, text, at: this.clock },
      { kind: 'status', status: 'working' },
    ]);
  }

  emit(id: string, events: SessionEvent[]): void {
    if (this.views.has(id)) this.record(id, events);
  }

  /** The person types a message (not a delivery). */
  personSends(id: string, text: string): void {
    this.record(id, [
      { kind: 'user', id: `user-${++this.seq}`, text, at: this.clock },
      { kind: 'status', status: 'working' },
    ]);
  }

  /** The session's permission mode changed (the person picked another in the mode menu). */
  setMode(id: string, permissionMode: string): void {
    this.record(id, [{ kind: 'info', info: { permissionMode } }]);
  }

  setStatus(id: string, status: SessionStatus): void {
    this.record(id, [{ kind: 'status', status }]);
  }

  /** Messages the person queued for the session (the message queue's view field). */
  setQueued(id: string, n: number): void {
    const queue = Array.from({ length: n }, (_, i) => ({ id: `q${i}`, text: 'mine', at: 1 }));
    this.views.set(id, { ...this.view(id), queue } as SessionView);
  }

  endTurn(id: string, opts: { interrupted?: boolean } = {}): void {
    this.record(id, [
      {
        kind: 'result',
        result: {
          subtype: opts.interrupted ? 'error_during_execution' : 'success',
          isError: opts.interrupted === true,
          denials: [],
          interrupted: opts.interrupted,
        },
      },
      { kind: 'status', status: 'ready' },
    ]);
  }

  /** Run everything the broker scheduled (and what that schedules in turn). */
  flush(): void {
    for (let i = 0; i < 100 && this.deferred.length > 0; i++) this.deferred.shift()!();
  }

  view(id: string): SessionView {
    const v = this.views.get(id);
    if (!v) throw new Error(`no session ${id}`);
    return v;
  }

  cards(id: string) {
    return this.view(id).items.filter((i) => i.type === 'team-message');
  }

  private record(id: string, input: SessionEvent[]): void {
    const events = this.broker.intercept(id, input);
    this.views.set(id, applyEvents(this.view(id), events));
    this.broker.observe(id, events);
  }
}
