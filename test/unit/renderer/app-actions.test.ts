import { describe, expect, it, vi } from 'vitest';
import { channels, type AppEvent, type AppSnapshot, type ClaudeCheck, type ClideApi } from '../../../shared/ipc';
import { emptySession } from '../../../shared/transcript';
import { createActions } from '../../../renderer/src/app-actions';
import { startApp } from '../../../renderer/src/bootstrap';
import { createClideStore } from '../../../renderer/src/store/store';
import { environment } from '../../support/api-double';
import type { LaunchRequest } from '../../../shared/desktop';
import { desktopStore } from '../../../renderer/src/components/desktop/desktop-store';

interface FakeApi {
  api: ClideApi;
  calls: string[];
  push(batch: AppEvent[]): void;
  connection(state: 'connected' | 'disconnected'): void;
  snapshot: AppSnapshot;
  check: ClaudeCheck;
  failSnapshot?: boolean;
  /** What each app:takeLaunchRequests answers, in turn (then nothing). Not in `calls`: every load asks. */
  launches: LaunchRequest[][];
  /** The folders session:create was asked for. */
  created: Array<string | undefined>;
}

/** A minimal hand-written API: records channel names, answers from its fields. */
function fakeApi(snapshot: AppSnapshot, opts: { connection?: boolean } = {}): FakeApi {
  const listeners = new Set<(b: AppEvent[]) => void>();
  const conn = new Set<(s: 'connected' | 'disconnected') => void>();
  let created = 0;
  const fake: FakeApi = {
    calls: [],
    snapshot,
    check: snapshot.environment.claude,
    push: (b) => listeners.forEach((l) => l(b)),
    connection: (s) => conn.forEach((l) => l(s)),
    api: undefined as unknown as ClideApi,
    launches: [],
    created: [],
  };
  const done = async (channel: string) => {
    fake.calls.push(channel);
    return { ok: true as const, value: {} };
  };
  // Every channel answers "done" unless a test needs more, so new contract entries need no
  // change here.
  const defaults = (domain: string) =>
    Object.fromEntries(
      channels()
        .filter((c) => c.domain === domain)
        .map((c) => [c.verb, () => done(c.channel)]),
    );
  fake.api = {
    app: {
      ...defaults('app'),
      snapshot: async () => {
        fake.calls.push('app:snapshot');
        if (fake.failSnapshot) return { ok: false, error: { kind: 'internal', message: 'host is down' } };
        return { ok: true, value: fake.snapshot };
      },
      checkClaude: async () => {
        fake.calls.push('app:checkClaude');
        return { ok: true, value: fake.check };
      },
      takeLaunchRequests: async () => ({ ok: true, value: { requests: fake.launches.shift() ?? [] } }),
    },
    session: {
      ...defaults('session'),
      create: async (input: { cwd?: string }) => {
        fake.calls.push('session:create');
        fake.created.push(input.cwd);
        created += 1;
        const id = `new-${created}`;
        // As the host does: the new session comes with its next batch of events, after the answer.
        setTimeout(() => fake.push([{ type: 'session-created', session: { id, view: emptySession(id, input.cwd ?? '/code', 1) } }]), 0);
        return { ok: true, value: { id } };
      },
      setPermissionMode: async () => ({ ok: true, value: { mode: 'default' } }),
      setModel: async () => ({ ok: true, value: { model: 'x' } }),
      getContextUsage: async () => ({ ok: true, value: { categories: [], totalTokens: 0, maxTokens: 1, percentage: 0 } }),
      mcpStatus: async () => ({ ok: true, value: { servers: [] } }),
      rewindFiles: async () => ({ ok: true, value: { canRewind: false, filesChanged: [], insertions: 0, deletions: 0 } }),
    },
    onEvents: (l: (b: AppEvent[]) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    ...(opts.connection
      ? {
          onConnectionChange: (l: (s: 'connected' | 'disconnected') => void) => {
            conn.add(l);
            return () => conn.delete(l);
          },
        }
      : {}),
  } as unknown as ClideApi;
  return fake;
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const snap = (sessions: string[] = [], claudeFound = true): AppSnapshot => ({
  environment: environment({
    claude: claudeFound ? { found: true, path: '/bin/claude' } : { found: false, error: { kind: 'cli-not-found', message: 'not found' } },
  }),
  sessions: sessions.map((id) => ({ id, view: emptySession(id, '/code', 1) })),
});

describe('start-up', () => {
  it('loads the snapshot and creates a first session so the person can type at once', async () => {
    const fake = fakeApi(snap());
    const store = createClideStore();
    startApp(fake.api, store, createActions(fake.api, store));
    await settle();
    expect(fake.calls).toEqual(['app:snapshot', 'session:create']);
    expect(store.getState().load.phase).toBe('ready');
    // The new session becomes the active one as soon as the host reports it.
    fake.push([{ type: 'session-created', session: { id: 'new-1', view: emptySession('new-1', '/code', 1) } }]);
    expect(store.getState().activeId).toBe('new-1');
  });

  it('does not create a session when some exist or Claude is missing', async () => {
    for (const snapshot of [snap(['a']), snap([], false)]) {
      const fake = fakeApi(snapshot);
      const store = createClideStore();
      startApp(fake.api, store, createActions(fake.api, store));
      await settle();
      expect(fake.calls).toEqual(['app:snapshot']);
    }
  });

  it('reports a snapshot that cannot be loaded', async () => {
    const fake = fakeApi(snap());
    fake.failSnapshot = true;
    const store = createClideStore();
    startApp(fake.api, store, createActions(fake.api, store));
    await settle();
    expect(store.getState().load).toEqual({ phase: 'error', error: { kind: 'internal', message: 'host is down' } });
  });

  it('applies pushed events to the store', async () => {
    const fake = fakeApi(snap(['a']));
    const store = createClideStore();
    startApp(fake.api, store, createActions(fake.api, store));
    await settle();
    fake.push([{ type: 'session-events', id: 'a', events: [{ kind: 'status', status: 'working' }] }]);
    expect(store.getState().sessions.a?.status).toBe('working');
  });
});

describe('folders handed to the app', () => {
  it('open as tabs at start instead of the empty first tab; one that cannot be opened is kept to show', async () => {
    const fake = fakeApi(snap());
    fake.launches = [
      [
        { kind: 'open', cwd: '/code/api' },
        { kind: 'error', message: 'clide could not open “/code/gone”: there is no such folder.' },
      ],
    ];
    const store = createClideStore();
    startApp(fake.api, store, createActions(fake.api, store));
    await settle();
    expect(fake.created).toEqual(['/code/api']);
    // Reported once the tab before it is shown (the host's next batch brings its session).
    await vi.waitFor(() =>
      expect(desktopStore.getState().problems.map((p) => p.message)).toEqual(['clide could not open “/code/gone”: there is no such folder.']),
    );
    expect(store.getState().activeId).toBe('new-1');
  });

  it('a second launch, once loaded, opens its folder; before the load, the load takes it', async () => {
    const fake = fakeApi(snap(['a']));
    const store = createClideStore();
    startApp(fake.api, store, createActions(fake.api, store));
    await settle();
    fake.launches = [[{ kind: 'open', cwd: '/code/web' }]];
    fake.push([{ type: 'launch-requests' }]);
    await settle();
    expect(fake.created).toEqual(['/code/web']);
  });
});

describe('reconnecting', () => {
  it('fetches a fresh snapshot after a dropped connection comes back, pending prompts included', async () => {
    const fake = fakeApi(snap(['a']), { connection: true });
    const store = createClideStore();
    startApp(fake.api, store, createActions(fake.api, store));
    await settle();
    fake.connection('disconnected');
    expect(store.getState().connection).toBe('disconnected');
    const view = { ...emptySession('a', '/code', 1), status: 'waiting' as const };
    fake.snapshot = {
      ...fake.snapshot,
      sessions: [{ id: 'a', view: { ...view, pending: [{ requestId: 'r1', toolName: 'Bash', displayName: 'Bash', input: {}, suggestions: [], at: 1 }] } }],
    };
    fake.connection('connected');
    await settle();
    expect(fake.calls).toEqual(['app:snapshot', 'app:snapshot']);
    expect(store.getState().connection).toBe('connected');
    expect(store.getState().sessions.a?.pending).toHaveLength(1);
  });

  it('does not re-fetch on a first "connected" when the snapshot already loaded', async () => {
    const fake = fakeApi(snap(['a']), { connection: true });
    const store = createClideStore();
    startApp(fake.api, store, createActions(fake.api, store));
    await settle();
    fake.connection('connected');
    await settle();
    expect(fake.calls).toEqual(['app:snapshot']);
  });

  it('never creates two first sessions when loads overlap', async () => {
    const fake = fakeApi(snap(), { connection: true });
    const store = createClideStore();
    const actions = createActions(fake.api, store);
    startApp(fake.api, store, actions);
    fake.connection('connected');
    await actions.loadSnapshot({ createIfEmpty: true });
    await settle();
    expect(fake.calls.filter((c) => c === 'session:create')).toHaveLength(1);
  });
});

describe('actions', () => {
  it('turns a call that throws into an error result that says what happened', async () => {
    const fake = fakeApi(snap(['a']));
    fake.api.session.send = () => Promise.reject(new Error('socket closed'));
    const actions = createActions(fake.api, createClideStore());
    const r = await actions.send('a', 'hi');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toContain('socket closed');
  });

  it('remembers that the host refused this window, and forgets it on the next connection', async () => {
    const fake = fakeApi(snap(['a']), { connection: true });
    const store = createClideStore();
    const actions = createActions(fake.api, store);
    startApp(fake.api, store, actions);
    await settle();
    const refusal = { kind: 'unauthorized' as const, message: 'The clide host refused this page.', hint: 'Open the new URL.' };
    fake.api.session.send = async () => ({ ok: false, error: refusal });
    await actions.send('a', 'hi');
    expect(store.getState().connection).toBe('refused');
    expect(store.getState().connectionError).toEqual(refusal);
    fake.connection('connected');
    expect(store.getState().connection).toBe('connected');
    expect(store.getState().connectionError).toBeUndefined();
  });

  it('proceeds once Check again finds Claude', async () => {
    const fake = fakeApi(snap([], false));
    const store = createClideStore();
    const actions = createActions(fake.api, store);
    startApp(fake.api, store, actions);
    await settle();
    fake.check = { found: true, path: '/bin/claude' };
    await actions.checkClaude();
    expect(store.getState().environment?.claude.found).toBe(true);
    expect(fake.calls).toEqual(['app:snapshot', 'app:checkClaude', 'session:create']);
  });
});
