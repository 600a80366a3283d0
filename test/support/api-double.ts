// An in-page stand-in for the host's API, for UI tests of the renderer alone. Installed with
// `page.addInitScript(installApiDouble, options)` before the app loads, it sets window.clide,
// records every call, answers with scripted results, and lets the test push event batches as
// the host would. It echoes what the real host echoes (a sent message, a closed prompt) so
// tests read like real sessions. `installApiDouble` runs in the page: it must not use any
// value from outside its own body.
import type { ContextUsage, SessionEvent } from '../../shared/events';
import type { AppEvent, AppSnapshot, ClaudeCheck, ClideApi, Environment } from '../../shared/ipc';
import { defaultSettings, type Settings } from '../../shared/settings';
import { emptySession, type SessionView } from '../../shared/transcript';

export interface RecordedCall {
  channel: string;
  input: unknown;
}

export type Reply = { ok: true; value: unknown } | { ok: false; error: { kind: string; message: string; hint?: string } };

export interface ApiDoubleOptions {
  snapshot: AppSnapshot;
  /** What a new session looks like (emptySession's shape, so the double never drifts from it). */
  newSession: SessionView;
  /** Answers of app:checkClaude in order; the last one repeats. */
  checkClaude?: ClaudeCheck[];
  /** The working directory new sessions get. */
  defaultCwd?: string;
  /** Echo the host's own events for send/respond/create (default true). */
  echo?: boolean;
  /** Offer onConnectionChange like the browser host's client. */
  connection?: boolean;
  /** What settings:get answers first (doubleOptions fills in the defaults). */
  settings?: Settings;
  /** A one-time warning settings:get hands out with them (a corrupt settings file). */
  settingsWarning?: string;
  /** A pretend file system for folders:complete: folder path -> names of its sub-folders (absent: every path is a folder). */
  folders?: Record<string, string[]>;
  /** What session:getContextUsage answers. */
  contextUsage?: ContextUsage;
  /** Scripted answers from the start, by channel (as setReplies; the last one repeats). */
  replies?: Record<string, Reply[]>;
  /**
   * Answers chosen by what the call asks: `by` names fields of the input (dotted paths such as
   * "files.0.path"), whose values joined with "|" pick the answer ("base|src/app.ts").
   */
  keyed?: Record<string, { by: string[]; answers: Record<string, Reply> }>;
}

export interface ApiDoubleControl {
  calls: RecordedCall[];
  push(batch: AppEvent[]): void;
  pushSession(id: string, events: SessionEvent[]): void;
  /** Script the next answers of a channel such as "session:send"; the last one repeats. */
  setReplies(channel: string, replies: Reply[]): void;
  /** Replace what app:snapshot answers (for reconnect tests). */
  setSnapshot(snapshot: AppSnapshot): void;
  setConnection(state: 'connected' | 'disconnected' | 'full'): void;
}

declare global {
  interface Window {
    __clideDouble?: ApiDoubleControl;
  }
}

export function installApiDouble(options: ApiDoubleOptions): void {
  const calls: RecordedCall[] = [];
  const listeners = new Set<(batch: AppEvent[]) => void>();
  const connectionListeners = new Set<(state: 'connected' | 'disconnected' | 'full') => void>();
  const replies: Record<string, Reply[]> = {};
  for (const [channel, list] of Object.entries(options.replies ?? {})) replies[channel] = list.slice();
  const toolUseOf: Record<string, string | undefined> = {};
  const echo = options.echo !== false;
  let snapshot = options.snapshot;
  let checks = options.checkClaude ?? [];
  let created = 0;
  let userMessages = 0;
  let queued = 0;
  const queues: Record<string, Array<{ id: string; text: string; images?: number; at: number }>> = {};
  // Apply a change to a session's queue and echo the whole queue, as the host does.
  const queueChange = (
    input: Record<string, unknown>,
    f: (list: Array<{ id: string; text: string; images?: number; at: number }>) => Array<{ id: string; text: string; images?: number; at: number }>,
  ): Reply => {
    const id = typeof input.id === 'string' ? input.id : '';
    const messages = f(queues[id] ?? []);
    queues[id] = messages;
    if (echo) setTimeout(() => deliver([{ type: 'session-events', id, events: [{ kind: 'queue', messages }] }]), 0);
    return { ok: true, value: {} };
  };
  let settings = options.settings;
  let settingsWarning = options.settingsWarning;
  const folders = options.folders ?? {};

  const deliver = (batch: AppEvent[]) => {
    for (const e of batch) {
      if (e.type !== 'session-events') continue;
      for (const ev of e.events) if (ev.kind === 'permission') toolUseOf[ev.request.requestId] = ev.request.toolUseId;
    }
    for (const l of listeners) l(batch);
  };
  // Pushed events arrive on their own task, as they do from a real host.
  const later = (batch: AppEvent[]) => setTimeout(() => deliver(batch), 0);

  const scripted = (channel: string): Reply | undefined => {
    const queue = replies[channel];
    if (!queue || queue.length === 0) return undefined;
    return queue.length > 1 ? queue.shift() : queue[0];
  };

  const keyedReply = (channel: string, input: Record<string, unknown>): Reply | undefined => {
    const k = options.keyed?.[channel];
    if (!k) return undefined;
    const field = (path: string) => {
      let at: unknown = input;
      for (const part of path.split('.')) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
      return at === undefined ? '' : String(at);
    };
    return k.answers[k.by.map(field).join('|')];
  };

  const handle = (channel: string, input: Record<string, unknown>, fallback: () => Reply): Promise<Reply> => {
    calls.push({ channel, input: JSON.parse(JSON.stringify(input ?? {})) });
    return Promise.resolve(scripted(channel) ?? keyedReply(channel, input ?? {}) ?? fallback());
  };

  const ok = (value: unknown = {}): Reply => ({ ok: true, value });
  const str = (v: unknown) => (typeof v === 'string' ? v : '');

  const api = {
    app: {
      snapshot: (input: Record<string, unknown>) => handle('app:snapshot', input, () => ok(snapshot)),
      checkClaude: (input: Record<string, unknown>) =>
        handle('app:checkClaude', input, () => {
          const next = checks.length > 1 ? checks.shift() : checks[0];
          checks = checks.length > 0 ? checks : [];
          return ok(next ?? snapshot.environment.claude);
        }),
      focusWindow: (input: Record<string, unknown>) => handle('app:focusWindow', input, () => ok()),
      // Nothing handed to the app and no update news, unless a test scripts them.
      takeLaunchRequests: (input: Record<string, unknown>) => handle('app:takeLaunchRequests', input, () => ok({ requests: [] })),
      updateState: (input: Record<string, unknown>) => handle('app:updateState', input, () => ok({ phase: 'idle', shown: false })),
    },
    settings: {
      get: (input: Record<string, unknown>) =>
        handle('settings:get', input, () => {
          const warning = settingsWarning;
          settingsWarning = undefined;
          return ok(warning ? { settings, warning } : { settings });
        }),
      update: (input: Record<string, unknown>) =>
        handle('settings:update', input, () => {
          const { confirm: _confirm, ...patch } = input as { confirm?: string; notifications?: Record<string, boolean>; updates?: Record<string, unknown> };
          const base = settings as unknown as Record<string, unknown> & { notifications: Record<string, boolean>; updates: Record<string, unknown> };
          settings = {
            ...base,
            ...patch,
            notifications: { ...base.notifications, ...patch.notifications },
            updates: { ...base.updates, ...patch.updates },
          } as never;
          if (echo) later([{ type: 'settings-changed', settings: settings as never }]);
          return ok({ settings });
        }),
    },
    folders: {
      pick: (input: Record<string, unknown>) => handle('folders:pick', input, () => ok({ available: false })),
      complete: (input: Record<string, unknown>) =>
        handle('folders:complete', input, () => {
          // Like the host: ~ is home, relative paths start at home, the last part is a prefix.
          const home = snapshot.environment.homeDir;
          const text = str(input.prefix) || '~/';
          const expanded = text === '~' ? home : text.startsWith('~/') ? `${home}/${text.slice(2)}` : text.startsWith('/') ? text : `${home}/${text}`;
          const resolved = expanded.length > 1 ? expanded.replace(/\/+$/, '') : expanded;
          const dirOf = (p: string) => p.slice(0, Math.max(1, p.lastIndexOf('/')));
          const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
          // Without a pretend file system every path is taken to be a folder.
          const isDir = (p: string) => !options.folders || p in folders || (folders[dirOf(p)] ?? []).includes(baseOf(p));
          const endsWithSep = text.endsWith('/') || text === '~';
          const dir = endsWithSep ? resolved : dirOf(resolved);
          const partial = endsWithSep ? '' : baseOf(resolved);
          const names = (folders[dir] ?? []).filter((n) => n.startsWith(partial) && (!n.startsWith('.') || partial.startsWith('.'))).sort();
          return ok({
            resolved,
            target: isDir(resolved) ? 'directory' : 'missing',
            dir,
            entries: names.map((name) => ({ name, path: dir === '/' ? `/${name}` : `${dir}/${name}` })),
            truncated: false,
            sep: '/',
          });
        }),
    },
    // No ssh hosts and no prompts waiting, unless a test scripts them through `handle`.
    remote: {
      hosts: (input: Record<string, unknown>) => handle('remote:hosts', input, () => ok({ hosts: [] })),
      prompts: (input: Record<string, unknown>) => handle('remote:prompts', input, () => ok({ prompts: [] })),
    },
    // A confirmation's nonce names what it confirms, so a test can see it passed on.
    confirm: {
      begin: (input: Record<string, unknown>) => handle('confirm:begin', input, () => ok({ nonce: `nonce:${str(input.what)}:${str(input.value)}` })),
    },
    // Usage figures only where a test scripts them.
    usage: {
      report: (input: Record<string, unknown>) =>
        handle('usage:report', input, () => ({ ok: false, error: { kind: 'not-running', message: 'No usage here.' } })),
      limits: (input: Record<string, unknown>) => handle('usage:limits', input, () => ok({ samples: [], estimates: [] })),
    },
    // No trusted folders, unless a test scripts them.
    trust: {
      list: (input: Record<string, unknown>) => handle('trust:list', input, () => ok({ folders: [] })),
    },
    session: {
      create: (input: Record<string, unknown>) =>
        handle('session:create', input, () => {
          created += 1;
          const id = `created-${created}`;
          if (echo) {
            const cwd = str(input.cwd) || options.defaultCwd || snapshot.environment.defaultCwd;
            const view = { ...options.newSession, id, cwd, createdAt: Date.now() };
            later([{ type: 'session-created', session: { id, view } }]);
          }
          return ok({ id });
        }),
      send: (input: Record<string, unknown>) =>
        handle('session:send', input, () => {
          if (input.queue === true) {
            // The host holds it while a turn runs (the double assumes one does when asked to queue).
            queued += 1;
            const id = str(input.id);
            const images = Array.isArray(input.images) ? input.images.length : 0;
            const messages = [...(queues[id] ?? []), { id: `queued-${queued}`, text: str(input.text), images: images || undefined, at: Date.now() }];
            queues[id] = messages;
            if (echo) later([{ type: 'session-events', id, events: [{ kind: 'queue', messages }] }]);
            return ok({ queued: `queued-${queued}` });
          }
          userMessages += 1;
          if (echo) {
            later([
              {
                type: 'session-events',
                id: str(input.id),
                events: [
                  { kind: 'user', id: `user-${userMessages}`, text: str(input.text), at: Date.now() },
                  { kind: 'status', status: 'working' },
                ],
              },
            ]);
          }
          return ok();
        }),
      respond: (input: Record<string, unknown>) =>
        handle('session:respond', input, () => {
          const requestId = str(input.requestId);
          const decision = (input.decision ?? {}) as { behavior?: string; message?: string };
          if (echo) {
            later([
              {
                type: 'session-events',
                id: str(input.id),
                events: [
                  {
                    kind: 'permission-closed',
                    requestId,
                    toolUseId: toolUseOf[requestId],
                    outcome: decision.behavior === 'allow' ? 'allowed' : 'denied',
                    message: decision.message,
                  },
                  { kind: 'status', status: 'working' },
                ],
              },
            ]);
          }
          return ok();
        }),
      interrupt: (input: Record<string, unknown>) => handle('session:interrupt', input, () => ok()),
      queueEdit: (input: Record<string, unknown>) =>
        handle('session:queueEdit', input, () =>
          queueChange(input, (list) => list.map((m) => (m.id === input.messageId ? { ...m, text: str(input.text) } : m))),
        ),
      queueRemove: (input: Record<string, unknown>) =>
        handle('session:queueRemove', input, () => queueChange(input, (list) => list.filter((m) => m.id !== input.messageId))),
      queueMove: (input: Record<string, unknown>) =>
        handle('session:queueMove', input, () =>
          queueChange(input, (list) => {
            const next = list.filter((m) => m.id !== input.messageId);
            const moved = list.find((m) => m.id === input.messageId);
            if (moved) next.splice(Number(input.to), 0, moved);
            return next;
          }),
        ),
      queueSendNow: (input: Record<string, unknown>) =>
        handle('session:queueSendNow', input, () => {
          const moved = (queues[str(input.id)] ?? []).find((m) => m.id === input.messageId);
          const r = queueChange(input, (list) => list.filter((m) => m.id !== input.messageId));
          if (echo && moved) {
            userMessages += 1;
            later([{ type: 'session-events', id: str(input.id), events: [{ kind: 'user', id: `user-${userMessages}`, text: moved.text, at: Date.now() }] }]);
          }
          return r;
        }),
      queueResume: (input: Record<string, unknown>) => handle('session:queueResume', input, () => ok()),
      fileSuggestions: (input: Record<string, unknown>) =>
        handle('session:fileSuggestions', input, () => ok({ cwd: options.defaultCwd ?? snapshot.environment.defaultCwd, items: [], truncated: false })),
      setEffort: (input: Record<string, unknown>) => handle('session:setEffort', input, () => ok()),
      setOutputStyle: (input: Record<string, unknown>) => handle('session:setOutputStyle', input, () => ok()),
      reload: (input: Record<string, unknown>) =>
        handle('session:reload', input, () =>
          ok({ commands: [], added: [], removed: [], outputStyles: [], addedStyles: [], plugins: [], pluginsWaiting: false, errors: 0 }),
        ),
      close: (input: Record<string, unknown>) =>
        handle('session:close', input, () => {
          if (echo) later([{ type: 'session-closed', id: str(input.id) }]);
          return ok();
        }),
      restart: (input: Record<string, unknown>) => handle('session:restart', input, () => ok()),
      setPermissionMode: (input: Record<string, unknown>) => handle('session:setPermissionMode', input, () => ok({ mode: str(input.mode) })),
      setModel: (input: Record<string, unknown>) => handle('session:setModel', input, () => ok({ model: str(input.model) })),
      rename: (input: Record<string, unknown>) =>
        handle('session:rename', input, () => {
          if (echo) later([{ type: 'session-events', id: str(input.id), events: [{ kind: 'info', info: { title: str(input.title) } }] }]);
          return ok();
        }),
      getContextUsage: (input: Record<string, unknown>) =>
        handle('session:getContextUsage', input, () =>
          options.contextUsage ? ok(options.contextUsage) : { ok: false, error: { kind: 'not-running', message: 'No context usage scripted.' } },
        ),
    },
    onEvents(listener: (batch: AppEvent[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ...(options.connection
      ? {
          onConnectionChange(listener: (state: 'connected' | 'disconnected' | 'full') => void) {
            connectionListeners.add(listener);
            return () => connectionListeners.delete(listener);
          },
        }
      : {}),
  };

  // A session's folder is not a git repository unless a test scripts git:status; a listing
  // that is not scripted has nothing in it.
  const git = {
    status: (input: Record<string, unknown>) =>
      handle('git:status', input, () => ({ ok: false, error: { kind: 'not-a-repository', message: 'The folder is not inside a git repository.' } })),
    changes: (input: Record<string, unknown>) =>
      handle('git:changes', input, () => ok({ base: 'HEAD', baseCommit: '', head: '', files: [], totals: { files: 0, added: 0, removed: 0 } })),
    diff: (input: Record<string, unknown>) => handle('git:diff', input, () => ok({ files: [] })),
  };
  (api as Record<string, unknown>).git = git;
  // Channels the double does not script answer {ok:true, value:{}} and are recorded, so new
  // contract entries (and new domains) work in UI tests without touching the double.
  const anyDomain = (domain: string, known: Record<string, unknown> = {}) =>
    new Proxy(known, {
      get: (target, verb) =>
        typeof verb !== 'string' || verb in target
          ? (target as Record<string | symbol, unknown>)[verb]
          : (input: Record<string, unknown>) => handle(`${domain}:${verb}`, input, () => ok()),
    });
  const withDefaults = new Proxy(api as Record<string, unknown>, {
    get: (target, key) => {
      if (typeof key !== 'string' || key === 'onEvents' || key === 'onConnectionChange' || key === 'then') return target[key as string];
      return anyDomain(key, (target[key] as Record<string, unknown> | undefined) ?? {});
    },
  });
  (window as unknown as { clide: unknown }).clide = withDefaults;
  window.__clideDouble = {
    calls,
    push: (batch) => deliver(batch),
    pushSession: (id, events) => deliver([{ type: 'session-events', id, events }]),
    setReplies: (channel, list) => {
      replies[channel] = list.slice();
    },
    setSnapshot: (next) => {
      snapshot = next;
    },
    setConnection: (state) => {
      for (const l of connectionListeners) l(state);
    },
  };
}

// ---- building scripted state (runs in the test, not the page) ------------------------------

/** Proves at compile time that the double's API has the contract's shape. */
export type DoubleApiShape = Pick<ClideApi, 'app' | 'session' | 'onEvents'>;

export function environment(overrides: Partial<Environment> = {}): Environment {
  return {
    host: 'web',
    platform: 'linux',
    defaultCwd: '/home/ada/code/api-server',
    homeDir: '/home/ada',
    claude: { found: true, path: '/usr/local/bin/claude', source: 'path' },
    testedCliVersion: '2.1.332',
    appVersion: '0.1.0',
    ...overrides,
  };
}

export const sampleModels = [
  { value: 'default', displayName: 'Default (recommended)', description: 'Opus 4.5 for complex work' },
  { value: 'claude-opus-4-5', displayName: 'Opus 4.5' },
  { value: 'sonnet', displayName: 'Sonnet 4.5' },
];

/** A session view as the host's snapshot carries it. */
export function sessionView(id: string, patch: Partial<SessionView> = {}): SessionView {
  const base = emptySession(id, patch.cwd ?? '/home/ada/code/api-server', 1_750_000_000_000);
  return {
    ...base,
    status: 'ready',
    info: {
      cwd: patch.cwd ?? '/home/ada/code/api-server',
      models: sampleModels,
      model: 'claude-opus-4-5',
      permissionMode: 'default',
      cliVersion: '2.1.332',
      testedCliVersion: '2.1.332',
    },
    ...patch,
  };
}

/** Options for `installApiDouble` around a snapshot. */
export function doubleOptions(snapshot: AppSnapshot, extra: Partial<Omit<ApiDoubleOptions, 'snapshot' | 'newSession'>> = {}): ApiDoubleOptions {
  return { snapshot, newSession: emptySession('new', snapshot.environment.defaultCwd, 0), settings: defaultSettings(), ...extra };
}

export function snapshotWith(views: SessionView[], env: Partial<Environment> = {}): AppSnapshot {
  return { environment: environment(env), sessions: views.map((view) => ({ id: view.id, view })) };
}

/** The events of an assistant text reply streamed in pieces, ending the message. */
export function streamedText(messageId: string, pieces: string[], at = Date.now()): SessionEvent[] {
  return [
    { kind: 'block-start', messageId, index: 0, blockType: 'text', at },
    ...pieces.map((text) => ({ kind: 'block-delta' as const, messageId, index: 0, text })),
  ];
}
