// The message queue: one message per turn, in the order shown, held after Stop or a failed
// turn, editable and reorderable, and never losing a message that could not be sent.
import { describe, expect, it } from 'vitest';
import type { SessionEvent, SessionStatus } from '../../../shared/events';
import { ClideError } from '../../../shared/result';
import { Answering } from '../../../electron/core/answering';
import { MessageQueue } from '../../../electron/core/message-queue';

function target(status: SessionStatus = 'working') {
  const sent: string[] = [];
  const t = {
    id: 's1',
    cwd: '/tmp',
    phase: status as string,
    status,
    failNext: false,
    turnMessages: [],
    send(text: string) {
      if (t.failNext) {
        t.failNext = false;
        throw new ClideError({ kind: 'not-running', message: 'This session has ended.' });
      }
      sent.push(text);
      t.status = 'working';
      t.phase = 'working';
    },
  };
  return { t, sent };
}

function setup(status: SessionStatus = 'working') {
  const { t, sent } = target(status);
  const events: SessionEvent[] = [];
  const q = new MessageQueue({ target: t, emit: (e) => events.push(...e), defer: (f) => f(), now: () => 5 });
  const shown = () => {
    const last = [...events].reverse().find((e) => e.kind === 'queue');
    return last?.kind === 'queue' ? last : undefined;
  };
  const turnEnds = (result: Partial<{ interrupted: boolean; isError: boolean; usageLimit: { resetsAt?: number } }> = {}) => {
    q.observe([{ kind: 'result', result: { subtype: 'success', isError: false, denials: [], ...result } }]);
    t.status = 'ready';
    t.phase = 'ready';
    q.observe([{ kind: 'status', status: 'ready' }]);
  };
  return { q, t, sent, shown, turnEnds };
}

describe('MessageQueue', () => {
  it('sends one queued message per turn, in order, when each turn ends', () => {
    const { q, sent, shown, turnEnds } = setup();
    q.add('first');
    q.add('second');
    expect(sent).toEqual([]);
    expect(shown()?.messages.map((m) => m.text)).toEqual(['first', 'second']);
    turnEnds();
    expect(sent).toEqual(['first']);
    expect(shown()?.messages.map((m) => m.text)).toEqual(['second']);
    turnEnds();
    expect(sent).toEqual(['first', 'second']);
    expect(shown()?.messages).toEqual([]);
  });

  it('edits, reorders and removes queued messages; the window sees every change', () => {
    const { q, sent, shown, turnEnds } = setup();
    const a = q.add('a');
    const b = q.add('b');
    const c = q.add('c');
    q.edit(b, 'b, edited');
    q.move(c, 0);
    expect(shown()?.messages.map((m) => m.text)).toEqual(['c', 'a', 'b, edited']);
    q.move(c, 99);
    expect(shown()?.messages.map((m) => m.text)).toEqual(['a', 'b, edited', 'c']);
    q.remove(a);
    expect(() => q.edit(a, 'gone')).toThrow('no longer in the queue');
    expect(() => q.edit(b, '  ')).toThrow('cannot be empty');
    turnEnds();
    expect(sent).toEqual(['b, edited']);
  });

  it('waits after Stop and after a failed turn; resume or a message of your own lets it go on', () => {
    const { q, sent, shown, turnEnds } = setup();
    q.add('after stop');
    turnEnds({ interrupted: true, isError: true });
    expect(sent).toEqual([]);
    expect(shown()?.hold?.reason).toBe('stopped');
    q.resume();
    expect(sent).toEqual(['after stop']);
    expect(shown()?.hold).toBeUndefined();

    q.add('after failure');
    turnEnds({ isError: true });
    expect(shown()?.hold?.reason).toBe('failed');
    expect(sent).toEqual(['after stop']);
    q.released();
    turnEnds();
    expect(sent).toEqual(['after stop', 'after failure']);
  });

  it('waits after a usage limit stopped the turn (every message would meet it again) until resumed', () => {
    const { q, sent, shown, turnEnds } = setup();
    q.add('later');
    turnEnds({ isError: true, usageLimit: { resetsAt: 99 } });
    expect(sent).toEqual([]);
    expect(shown()?.hold).toEqual({ reason: 'limit', message: expect.stringContaining('usage limit') });
    q.resume();
    expect(sent).toEqual(['later']);
  });

  it('send now takes the message out of the queue and writes it at once', () => {
    const { q, sent, shown } = setup();
    q.add('later');
    const now = q.add('now');
    q.sendNow(now);
    expect(sent).toEqual(['now']);
    expect(shown()?.messages.map((m) => m.text)).toEqual(['later']);
  });

  it('a message that cannot be sent stays first in the queue and the queue says why', () => {
    const { q, t, sent, shown, turnEnds } = setup();
    q.add('keep me');
    t.failNext = true;
    turnEnds();
    expect(sent).toEqual([]);
    expect(shown()?.messages.map((m) => m.text)).toEqual(['keep me']);
    expect(shown()?.hold?.message).toContain('This session has ended.');
  });

  it('refuses empty messages and more than the limit', () => {
    const { t } = target();
    const q = new MessageQueue({ target: t, emit: () => {}, maxEntries: 2, defer: (f) => f() });
    expect(() => q.add('   ')).toThrow('empty');
    q.add('1');
    q.add('2');
    expect(() => q.add('3')).toThrow('already holds 2');
  });

  it('its state is plain JSON and restores as it was, images included', () => {
    const { q } = setup();
    q.add('with a picture', [{ mediaType: 'image/png', data: 'iVBORw0KGgo=' }]);
    q.stopped();
    const state = JSON.parse(JSON.stringify(q.state())) as ReturnType<MessageQueue['state']>;
    const { q: again, shown } = setup();
    again.restore(state);
    expect(again.state()).toEqual(q.state());
    expect(shown()?.messages[0]).toMatchObject({ text: 'with a picture', images: 1 });
    expect(shown()?.hold?.reason).toBe('stopped');
  });
});

describe('Answering.send', () => {
  it('queues only while a turn runs (or older messages still wait), and sends directly otherwise', () => {
    const a = new Answering();
    const { t, sent } = target('ready');
    a.attach(t, () => {});
    expect(a.send(t, 'idle', [], true)).toEqual({});
    expect(sent).toEqual(['idle']);
    // Now working: a queued send waits, a plain send steers into the turn.
    const r = a.send(t, 'queued', [], true);
    expect(r.queued).toEqual(expect.any(String));
    expect(a.send(t, 'steer')).toEqual({});
    expect(sent).toEqual(['idle', 'steer']);
    // Stopping still counts as a running turn.
    t.phase = 'stopping';
    expect(a.send(t, 'while stopping', [], true).queued).toEqual(expect.any(String));
    expect(a.queueState('s1')?.entries.map((e) => e.text)).toEqual(['queued', 'while stopping']);
  });
});
