// Side questions kept in the main process, with a scripted CLI side: each question's progress
// and answer become `aside` events the reducer turns into the tab's list; follow-ups carry the
// answered exchanges; a cancel wins over a late answer; a tab waiting for an answer is not parked.
import { describe, expect, it } from 'vitest';
import { Asides, HISTORY_SENT, type AsideTarget } from '../../../electron/core/asides';
import { parkable } from '../../../electron/core/parking';
import type { SideAnswer, SideExchange, SideQuestionOptions } from '../../../electron/core/protocol/requests';
import { MAX_ASIDE_CHARS } from '../../../shared/aside';
import type { SessionEvent } from '../../../shared/events';
import { ClideError } from '../../../shared/result';
import { applyEvents, emptySession } from '../../../shared/transcript';

interface Call {
  question: string;
  history: readonly SideExchange[];
  opts?: SideQuestionOptions;
  resolve(a: SideAnswer): void;
  reject(e: unknown): void;
}

function setup() {
  const calls: Call[] = [];
  const events: SessionEvent[] = [];
  let clock = 100;
  const asides = new Asides({ emit: (_id, e) => events.push(...e), now: () => clock++ });
  const target: AsideTarget = {
    id: 's1',
    sideQuestion: (question, history, opts) =>
      new Promise<SideAnswer>((resolve, reject) => {
        calls.push({ question, history, opts, resolve, reject });
      }),
  };
  const view = () => applyEvents(emptySession('s1', '/w', 0), events);
  return { asides, target, calls, events, view };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Asides', () => {
  it('asks, shows progress, and keeps the answer beside the conversation, in order', async () => {
    const t = setup();
    const id = t.asides.ask(t.target, '  What now?  ');
    expect(t.view().asides).toEqual([{ id, question: 'What now?', state: 'asking', askedAt: 100 }]);
    t.calls[0]!.opts!.onProgress!({ state: 'started' });
    expect(t.view().asides?.[0]?.state).toBe('thinking');
    t.calls[0]!.opts!.onProgress!({ state: 'retrying', retry: { attempt: 1, maxRetries: 10, httpStatus: 529 } });
    expect(t.view().asides?.[0]).toMatchObject({ state: 'retrying', retry: { attempt: 1, httpStatus: 529 } });
    const second = t.asides.ask(t.target, 'And then?');
    t.calls[0]!.resolve({ answer: 'Tests.', synthetic: false });
    await tick();
    expect(t.view().asides?.map((a) => [a.id, a.state, a.answer, a.retry])).toEqual([
      [id, 'answered', 'Tests.', undefined],
      [second, 'asking', undefined, undefined],
    ]);
    expect(t.view().items).toEqual([]);
  });

  it('sends the answered exchanges with a follow-up (the last few, none of Claude Code own texts)', async () => {
    const t = setup();
    for (let i = 0; i < HISTORY_SENT + 2; i++) {
      t.asides.ask(t.target, `Q${i}`);
      t.calls[i]!.resolve(i === 1 ? { answer: '(API error)', synthetic: true } : { answer: `A${i}`, synthetic: false });
      await tick();
    }
    t.asides.ask(t.target, 'Last');
    const history = t.calls.at(-1)!.history;
    expect(history).toHaveLength(HISTORY_SENT);
    expect(history.at(-1)).toEqual({ question: `Q${HISTORY_SENT + 1}`, response: `A${HISTORY_SENT + 1}` });
    expect(history.some((h) => h.question === 'Q1')).toBe(false);
  });

  it('a null answer and a failure are said as such', async () => {
    const t = setup();
    t.asides.ask(t.target, 'Anything?');
    t.asides.ask(t.target, 'Still there?');
    t.calls[0]!.resolve({ answer: null, synthetic: false });
    t.calls[1]!.reject(new ClideError({ kind: 'process-exit', message: 'The Claude process exited.', hint: 'Resume it.' }));
    await tick();
    expect(t.view().asides?.map((a) => [a.state, a.synthetic, a.answer ?? a.error])).toEqual([
      ['answered', true, 'Claude Code had no answer to this question. Ask again, or ask in the conversation.'],
      ['failed', undefined, 'The Claude process exited. Resume it.'],
    ]);
  });

  it('cancel is shown at once, aborts the request, and a late answer changes nothing', async () => {
    const t = setup();
    const id = t.asides.ask(t.target, 'Slow');
    t.asides.cancel('s1', id);
    expect(t.calls[0]!.opts!.signal!.aborted).toBe(true);
    expect(t.view().asides?.[0]?.state).toBe('cancelled');
    t.calls[0]!.resolve({ answer: 'Late.', synthetic: false });
    await tick();
    expect(t.view().asides?.[0]).toMatchObject({ state: 'cancelled' });
    expect(t.view().asides?.[0]?.answer).toBeUndefined();
    expect(() => t.asides.cancel('s1', 'nope')).toThrow(ClideError);
  });

  it('refuses an empty or too long question, asking nothing', () => {
    const t = setup();
    expect(() => t.asides.ask(t.target, '   ')).toThrow('The question is empty.');
    expect(() => t.asides.ask(t.target, 'x'.repeat(MAX_ASIDE_CHARS + 1))).toThrow(/may have 20,000/);
    expect(t.calls).toEqual([]);
    expect(t.events).toEqual([]);
  });

  it('a tab with a question on its way is not parked; closing the tab gives its questions up', async () => {
    const t = setup();
    t.asides.ask(t.target, 'Wait for me');
    const session = { id: 's1', phase: 'ready' as const, park: () => undefined };
    const view = { ...t.view(), status: 'ready' as const };
    expect(parkable(session, view)).toBe(false);
    t.asides.closed('s1');
    expect(t.calls[0]!.opts!.signal!.aborted).toBe(true);
    t.calls[0]!.resolve({ answer: 'Gone.', synthetic: false });
    await tick();
    expect(t.view().asides?.[0]?.state).toBe('asking');
    expect(parkable(session, { ...view, asides: [] })).toBe(true);
  });
});
