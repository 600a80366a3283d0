import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';
import { blocksOf, emptySession, itemTime } from '../../../shared/transcript';
import { tabState } from '../../../renderer/src/store/selectors';
import { createClideStore } from '../../../renderer/src/store/store';
import { environment } from '../../support/api-double';

const created = (id: string, cwd = `/code/${id}`): AppEvent => ({ type: 'session-created', session: { id, view: emptySession(id, cwd, 1) } });
const events = (id: string, ...evs: SessionEvent[]): AppEvent => ({ type: 'session-events', id, events: evs });
const permission = (requestId: string): SessionEvent => ({
  kind: 'permission',
  request: { requestId, toolName: 'Bash', displayName: 'Bash', input: { command: 'ls' }, suggestions: [], toolUseId: `t-${requestId}`, at: 1 },
});

describe('sessions slice', () => {
  it('adds created sessions as tabs and shows the first one', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b')]);
    const s = store.getState();
    expect(s.order).toEqual(['a', 'b']);
    expect(s.activeId).toBe('a');
    expect(Object.keys(s.sessions)).toEqual(['a', 'b']);
  });

  it('reduces session events with the shared reducer', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), events('a', { kind: 'user', id: 'u1', text: 'hi', at: 2 }, { kind: 'status', status: 'working' })]);
    const view = store.getState().sessions.a;
    expect(view?.status).toBe('working');
    // `at` counts from the view's createdAt (1).
    expect(view?.items).toEqual([{ type: 'user', id: 'u1', text: 'hi', images: undefined, at: 1 }]);
    expect(itemTime(view!, view!.items[0]!)).toBe(2);
  });

  it('keeps untouched items and sessions referentially equal while a block streams', () => {
    const store = createClideStore();
    store
      .getState()
      .apply([
        created('a'),
        created('b'),
        events('a', { kind: 'user', id: 'u1', text: 'hi', at: 2 }, { kind: 'block-start', messageId: 'm1', index: 0, blockType: 'text', at: 3 }),
      ]);
    const before = store.getState();
    store.getState().apply([events('a', { kind: 'block-delta', messageId: 'm1', index: 0, text: 'Hel' })]);
    const after = store.getState();
    expect(after.sessions.b).toBe(before.sessions.b);
    expect(after.sessions.a?.items[0]).toBe(before.sessions.a?.items[0]);
    expect(after.sessions.a?.items[1]).not.toBe(before.sessions.a?.items[1]);
    const last = after.sessions.a?.items[1];
    expect(last?.type === 'assistant' && blocksOf(last)[0]).toMatchObject({ text: 'Hel', streaming: true });
  });

  it('does not notify subscribers for a batch that changes nothing', () => {
    const store = createClideStore();
    store.getState().apply([created('a')]);
    let notified = 0;
    store.subscribe(() => notified++);
    store.getState().apply([events('ghost', { kind: 'status', status: 'ended' })]);
    expect(notified).toBe(0);
  });

  it('never resurrects a closed session from its late events', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b')]);
    store.getState().apply([{ type: 'session-closed', id: 'a' }, events('a', { kind: 'status', status: 'ended' })]);
    expect(store.getState().sessions.a).toBeUndefined();
    expect(store.getState().order).toEqual(['b']);
  });

  it('shows the neighbouring tab when the active one closes', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b'), created('c')]);
    store.getState().setActive('b');
    store.getState().apply([{ type: 'session-closed', id: 'b' }]);
    expect(store.getState().activeId).toBe('c');
    store.getState().apply([{ type: 'session-closed', id: 'c' }]);
    expect(store.getState().activeId).toBe('a');
    store.getState().apply([{ type: 'session-closed', id: 'a' }]);
    expect(store.getState().activeId).toBeUndefined();
  });

  it('switches to a session this window asked for, whichever arrives first', () => {
    const store = createClideStore();
    store.getState().apply([created('a')]);
    // The create call answered before the session-created event arrived.
    store.getState().setActive('b');
    expect(store.getState().activeId).toBe('a');
    store.getState().apply([created('c'), created('b')]);
    expect(store.getState().activeId).toBe('b');
    // Another window's new session does not steal focus.
    store.getState().apply([created('d')]);
    expect(store.getState().activeId).toBe('b');
  });

  it('takes the host’s tab order on the first load, whatever creations were pushed before it', () => {
    // A window that opens while the host reopens the previous run's tabs: the second tab's
    // creation reaches it before the snapshot with both.
    const store = createClideStore();
    store.getState().apply([created('b')]);
    store.getState().loadSnapshot({
      environment: environment(),
      sessions: [
        { id: 'a', view: emptySession('a', '/code/a', 1) },
        { id: 'b', view: emptySession('b', '/code/b', 1) },
      ],
    });
    expect(store.getState().order).toEqual(['a', 'b']);
    expect(store.getState().activeId).toBe('a');
  });

  it('replaces sessions from a later snapshot, keeping tab order and the active tab, with pending prompts', () => {
    const store = createClideStore();
    store.getState().loadSnapshot({ environment: environment(), sessions: [] });
    store.getState().apply([created('a'), created('b')]);
    store.getState().setActive('b');
    const snapshotB = { ...emptySession('b', '/code/b', 1), status: 'waiting' as const };
    store.getState().loadSnapshot({
      environment: environment(),
      sessions: [
        { id: 'c', view: emptySession('c', '/code/c', 1) },
        { id: 'b', view: { ...snapshotB, pending: [{ requestId: 'r1', toolName: 'Bash', displayName: 'Bash', input: {}, suggestions: [], at: 1 }] } },
      ],
    });
    const s = store.getState();
    expect(s.order).toEqual(['b', 'c']);
    expect(s.activeId).toBe('b');
    expect(s.sessions.a).toBeUndefined();
    expect(s.sessions.b?.pending.map((p) => p.requestId)).toEqual(['r1']);
    expect(s.load).toEqual({ phase: 'ready' });
    expect(s.environment?.defaultCwd).toBe(environment().defaultCwd);
  });
});

describe('tab state', () => {
  it('says when a session needs the person, works, or failed', () => {
    const store = createClideStore();
    store.getState().apply([created('a')]);
    const view = () => store.getState().sessions.a!;
    expect(tabState(view())).toBe('starting');
    store.getState().apply([events('a', { kind: 'status', status: 'working' })]);
    expect(tabState(view())).toBe('working');
    store.getState().apply([events('a', permission('r1'))]);
    expect(tabState(view())).toBe('needs-you');
    store
      .getState()
      .apply([
        events(
          'a',
          { kind: 'permission-closed', requestId: 'r1', outcome: 'withdrawn' },
          { kind: 'failure', error: { kind: 'process-exit', message: 'x' }, resumable: true },
          { kind: 'status', status: 'failed' },
        ),
      ]);
    expect(tabState(view())).toBe('error');
  });
});

describe('other slices', () => {
  it('keeps a draft per session', () => {
    const store = createClideStore();
    store.getState().setDraft('a', 'hello');
    store.getState().setDraft('b', 'other');
    expect(store.getState().drafts).toEqual({ a: 'hello', b: 'other' });
  });

  it('updates the Claude check inside the environment', () => {
    const store = createClideStore();
    store.getState().loadSnapshot({ environment: environment({ claude: { found: false } }), sessions: [] });
    store.getState().setClaude({ found: true, path: '/bin/claude' });
    expect(store.getState().environment?.claude).toEqual({ found: true, path: '/bin/claude' });
  });
});
