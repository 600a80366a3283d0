// A hidden tab's streaming text waits outside the store, and arrives whole and in order.
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';
import { blocksOf, emptySession, type SessionView } from '../../../shared/transcript';
import { DeltaHold } from '../../../renderer/src/store/held-deltas';
import { createClideStore } from '../../../renderer/src/store/store';

const events = (id: string, ...evs: SessionEvent[]): AppEvent => ({ type: 'session-events', id, events: evs });
const delta = (text: string, messageId = 'm1'): SessionEvent => ({ kind: 'block-delta', messageId, index: 0, text });
const start = (messageId = 'm1'): SessionEvent => ({ kind: 'block-start', messageId, index: 0, blockType: 'text', at: 1 });
const textOf = (v: SessionView | undefined) => (v?.items[0]?.type === 'assistant' ? blocksOf(v.items[0])[0]?.text : undefined);

describe('DeltaHold', () => {
  it('keeps a hidden session’s deltas, joined, until something else happens there', () => {
    let now = 0;
    const hold = new DeltaHold(1000, () => now);
    expect(hold.take([events('b', delta('Hel')), events('b', delta('lo'))], 'a')).toEqual([]);
    expect(hold.waiting).toBe(1);
    now = 100;
    const out = hold.take([events('b', { kind: 'message-end', messageId: 'm1' })], 'a');
    expect(out).toEqual([events('b', delta('Hello'), { kind: 'message-end', messageId: 'm1' })]);
    expect(hold.waiting).toBe(0);
  });

  it('never holds the shown session, and lets a long hidden stream through once a second', () => {
    let now = 0;
    const hold = new DeltaHold(1000, () => now);
    expect(hold.take([events('a', delta('x'))], 'a')).toEqual([events('a', delta('x'))]);
    hold.take([events('b', delta('1'))], 'a');
    now = 999;
    expect(hold.take([events('b', delta('2'))], 'a')).toEqual([]);
    now = 1000;
    expect(hold.take([events('c', delta('z'))], 'a')).toEqual([events('b', delta('12'))]);
    expect(hold.release('c')).toEqual(events('c', delta('z')));
    expect(hold.release('c')).toBeUndefined();
  });

  it('drops what it holds for a closed session, and everything on clear', () => {
    const hold = new DeltaHold(1000, () => 0);
    hold.take([events('b', delta('1')), events('c', delta('2'))], 'a');
    expect(hold.take([{ type: 'session-closed', id: 'b' }], 'a')).toEqual([{ type: 'session-closed', id: 'b' }]);
    expect(hold.waiting).toBe(1);
    hold.clear();
    expect(hold.waiting).toBe(0);
  });
});

describe('the store with held deltas', () => {
  const created = (id: string): AppEvent => ({ type: 'session-created', session: { id, view: emptySession(id, `/code/${id}`, 1) } });

  it('a hidden tab’s store catches up when it is shown, with the text complete and in order', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b')]);
    store.getState().apply([events('b', start())]);
    const before = store.getState().sessions;
    store.getState().apply([events('b', delta('one '))]);
    store.getState().apply([events('b', delta('two '))]);
    // Nothing changed in the store while it was hidden: no component was woken.
    expect(store.getState().sessions).toBe(before);
    store.getState().setActive('b');
    expect(textOf(store.getState().sessions.b)).toBe('one two ');
    store.getState().apply([events('b', delta('three'))]);
    expect(textOf(store.getState().sessions.b)).toBe('one two three');
  });

  it('a prompt in a hidden tab arrives at once, after the text before it', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b'), events('b', start()), events('b', delta('Let me check.'))]);
    store
      .getState()
      .apply([events('b', { kind: 'permission', request: { requestId: 'r', toolName: 'Bash', displayName: 'Bash', input: {}, suggestions: [], at: 1 } })]);
    expect(store.getState().sessions.b?.pending).toHaveLength(1);
    expect(textOf(store.getState().sessions.b)).toBe('Let me check.');
  });

  it('a snapshot replaces what was held (it already has that text)', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b'), events('b', start()), events('b', delta('old'))]);
    const view = { ...emptySession('b', '/code/b', 1), status: 'ready' as const };
    store.getState().loadSnapshot({
      environment: { host: 'web', platform: 'linux', defaultCwd: '/', homeDir: '/', claude: { found: true }, testedCliVersion: '1', appVersion: '1' },
      sessions: [
        { id: 'a', view: emptySession('a', '/code/a', 1) },
        { id: 'b', view },
      ],
    });
    store.getState().setActive('b');
    expect(store.getState().sessions.b).toBe(view);
  });
});
