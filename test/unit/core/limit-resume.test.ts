// The offer to continue after a usage limit, with a scripted session and fake timers: what is
// offered, when it goes, what it sends and in which order, what stops it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LimitResume, CONTINUE_MARGIN_MS, MAX_AUTO_RETRIES, type TurnMessage } from '../../../electron/core/limit-resume';
import { THE_PERSON } from '../../../electron/core/protocol/outbound';
import type { SessionEvent, SessionStatus, TurnResult } from '../../../shared/events';
import { ClideError } from '../../../shared/result';
import type { LimitStop } from '../../../shared/usage';

const T0 = Date.parse('2030-01-01T12:00:00Z');
const RESET = T0 + 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

function setup(messages: TurnMessage[] = [{ text: 'Build it', images: [], speaker: THE_PERSON }]) {
  const sent: string[] = [];
  const events: SessionEvent[] = [];
  const queue = { size: 0, resumed: 0, resume: () => queue.resumed++ };
  const target = {
    status: 'ready' as SessionStatus,
    turnMessages: messages,
    failNext: undefined as ClideError | undefined,
    send(text: string) {
      if (target.failNext) throw target.failNext;
      sent.push(text);
      target.status = 'working';
    },
  };
  const limit = new LimitResume({ target, queue, emit: (e) => events.push(...e) });
  const stop = (): LimitStop | null | undefined => {
    const last = events.filter((e) => e.kind === 'limit-stop').at(-1);
    return last?.kind === 'limit-stop' ? last.stop : undefined;
  };
  const notices = () => events.flatMap((e) => (e.kind === 'notice' ? [`${e.level}: ${e.text}`] : []));
  const end = (r: Partial<TurnResult>) => limit.observe([{ kind: 'result', result: { subtype: 'success', isError: false, denials: [], ...r } }]);
  /** null: the CLI named no reset time. */
  const limited = (resetsAt: number | null = RESET) => end({ isError: true, usageLimit: { resetsAt: resetsAt ?? undefined, limitType: 'five_hour' } });
  return { limit, target, queue, sent, events, stop, notices, end, limited };
}

describe('LimitResume', () => {
  it('offers to continue a little after the reset, naming what it would send', () => {
    const t = setup([
      { text: 'Build it\nand test it', images: [], speaker: THE_PERSON },
      { text: 'Also the docs', images: [], speaker: THE_PERSON },
    ]);
    t.limited();
    expect(t.stop()).toEqual({
      state: 'offered',
      resetsAt: RESET,
      continueAt: RESET + CONTINUE_MARGIN_MS,
      limitType: 'five_hour',
      messages: 2,
      preview: 'Build it',
      at: T0,
    });
    // Offered only: nothing goes at the reset.
    vi.advanceTimersByTime(10 * 60_000);
    expect(t.sent).toEqual([]);
  });

  it('once scheduled, sends the stopped messages in order at the time, then lets the queue go', () => {
    const t = setup([
      { text: 'First', images: [], speaker: THE_PERSON },
      { text: 'Steered in', images: [], speaker: THE_PERSON },
    ]);
    t.queue.size = 2;
    t.limited();
    t.limit.schedule();
    expect(t.stop()?.state).toBe('scheduled');
    vi.advanceTimersByTime(RESET + CONTINUE_MARGIN_MS - T0 - 1);
    expect(t.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(t.sent).toEqual(['First', 'Steered in']);
    expect(t.queue.resumed).toBe(1);
    expect(t.stop()).toBeNull();
    expect(t.notices()).toEqual(['info: The usage limit has reset: sending the stopped request, then 2 queued messages after it.']);
  });

  it('a reset already past goes at once (plus the margin); cancel returns to the offer', () => {
    const t = setup();
    t.limited(T0 - 5000);
    expect(t.stop()?.continueAt).toBe(T0 + CONTINUE_MARGIN_MS);
    t.limit.schedule();
    t.limit.cancel();
    expect(t.stop()?.state).toBe('offered');
    vi.advanceTimersByTime(60_000);
    expect(t.sent).toEqual([]);
    t.limit.schedule();
    vi.advanceTimersByTime(CONTINUE_MARGIN_MS);
    expect(t.sent).toEqual(['Build it']);
  });

  it('waits for a turn Claude started itself to end before sending', () => {
    const t = setup();
    t.limited();
    t.limit.schedule();
    t.target.status = 'working';
    vi.advanceTimersByTime(RESET + CONTINUE_MARGIN_MS - T0);
    expect(t.sent).toEqual([]);
    t.target.status = 'ready';
    t.limit.observe([{ kind: 'status', status: 'ready' }]);
    expect(t.sent).toEqual(['Build it']);
  });

  it("the person's own message replaces the offer, and the timer with it", () => {
    const t = setup();
    t.limited();
    t.limit.schedule();
    t.limit.superseded();
    expect(t.stop()).toBeNull();
    vi.advanceTimersByTime(10 * 60_000);
    expect(t.sent).toEqual([]);
    expect(() => t.limit.schedule()).toThrow(ClideError);
  });

  it('met the limit again right after: continues again by itself, a few times in a row at most', () => {
    const t = setup();
    t.limited();
    t.limit.schedule();
    for (let i = 0; i < MAX_AUTO_RETRIES; i++) {
      vi.advanceTimersByTime(RESET + 3_600_000 * i + CONTINUE_MARGIN_MS - Date.now());
      expect(t.sent).toHaveLength(i + 1);
      t.target.status = 'ready';
      t.limited(RESET + 3_600_000 * (i + 1));
      expect(t.stop()?.state).toBe('scheduled');
    }
    vi.advanceTimersByTime(RESET + 3_600_000 * MAX_AUTO_RETRIES + CONTINUE_MARGIN_MS - Date.now());
    t.target.status = 'ready';
    t.limited(RESET + 3_600_000 * (MAX_AUTO_RETRIES + 1));
    // Enough: the person decides again.
    expect(t.stop()?.state).toBe('offered');
  });

  it('a limit with no reset time, or nothing to send, offers nothing; a turn that ends well clears the count', () => {
    const t = setup();
    t.limited(null);
    expect(t.stop()).toBeNull();
    const empty = setup([]);
    empty.limited();
    expect(empty.stop()).toBeNull();
    empty.queue.size = 1;
    empty.limited();
    expect(empty.stop()).toMatchObject({ state: 'offered', messages: 0 });
    empty.limit.schedule();
    vi.advanceTimersByTime(RESET + CONTINUE_MARGIN_MS - T0);
    expect(empty.sent).toEqual([]);
    expect(empty.queue.resumed).toBe(1);
    expect(empty.notices()).toEqual(['info: The usage limit has reset: sending 1 queued message after it.']);
  });

  it('a send that fails says why and leaves the offer to try again', () => {
    const t = setup();
    t.limited();
    t.limit.schedule();
    t.target.failNext = new ClideError({ kind: 'not-running', message: 'This session has ended.' });
    vi.advanceTimersByTime(RESET + CONTINUE_MARGIN_MS - T0);
    expect(t.stop()?.state).toBe('offered');
    expect(t.notices()).toEqual(['error: clide could not continue after the limit reset: This session has ended.']);
    expect(t.queue.resumed).toBe(0);
  });

  it('is kept across a restart: a scheduled continue goes at its time in the new session, an offer only shows', () => {
    const before = setup([
      { text: 'Build it', images: [{ mediaType: 'image/png', data: 'AAAA' }], speaker: THE_PERSON },
      { text: 'From the other tab', images: [], speaker: { kind: 'peer', session: 'tab-2', permissionMode: 'default' } },
    ]);
    before.limited();
    before.limit.schedule();
    const kept = before.limit.state()!;
    expect(kept.stop.state).toBe('scheduled');
    expect(kept.messages.map((m) => [m.text, m.images.length, m.speaker.kind])).toEqual([
      ['Build it', 1, 'person'],
      ['From the other tab', 0, 'peer'],
    ]);
    before.limit.dispose();

    const after = setup([]);
    after.queue.size = 1;
    after.limit.restore(kept);
    expect(after.stop()).toEqual(kept.stop);
    vi.advanceTimersByTime(RESET + CONTINUE_MARGIN_MS - T0);
    expect(after.sent).toEqual(['Build it', 'From the other tab']);
    expect(after.queue.resumed).toBe(1);
    expect(after.stop()).toBeNull();
    expect(after.limit.state()).toBeUndefined();

    // Only offered when clide closed: shown again, nothing sent by itself, even long after.
    const offered = setup();
    offered.limited();
    const shown = setup([]);
    shown.limit.restore(offered.limit.state()!);
    vi.advanceTimersByTime(60 * 60_000);
    expect(shown.stop()?.state).toBe('offered');
    expect(shown.sent).toEqual([]);
    // A time that passed while clide was closed: it goes at once.
    const late = setup([]);
    late.limit.restore(kept);
    vi.advanceTimersByTime(0);
    expect(late.sent).toEqual(['Build it', 'From the other tab']);
  });
});
