// Everything the window asks of the host. Each call returns a Result and never throws, so a
// component can say in place what went wrong; state changes arrive as pushed events.
import type { ClaudeCheck, ClideApi, PermissionDecision } from '../../shared/ipc';
import type { AppError, Result } from '../../shared/result';
import type { WorktreeRequest } from '../../shared/git';
import type { ClideStore } from './store/store';
import { createWorkspaceActions, type WorkspaceActions } from './workspace-actions';
import { guarded } from './lib/guarded';
import { openLaunchRequests } from './components/desktop/desktop-store';
import { shareViews } from './lib/transcript/share-strings';
import { showCreated } from './store/show-created';

type Done = Result<unknown>;

export interface AppActions extends WorkspaceActions {
  /** Fetch the host's snapshot into the store; optionally start a first session. */
  loadSnapshot(opts?: { createIfEmpty?: boolean }): Promise<Result<void>>;
  checkClaude(): Promise<Result<ClaudeCheck>>;
  createSession(input?: { cwd?: string; model?: string; permissionMode?: string; worktree?: WorktreeRequest }): Promise<Result<{ id: string }>>;
  send(id: string, text: string): Promise<Done>;
  respond(id: string, requestId: string, decision: PermissionDecision): Promise<Done>;
  interrupt(id: string): Promise<Done>;
  restart(id: string): Promise<Done>;
  /** End the process by force (a session that stopped responding). */
  kill(id: string): Promise<Done>;
  close(id: string): Promise<Done>;
  /** Open a tab for each folder handed to the app (`clide <folder>`, a second launch, a link); returns how many opened. */
  openLaunches(): Promise<number>;
}

/** Errors shown once for the whole window (the connection banner), not again in place. */
export function shownByWindow(error: AppError): boolean {
  return error.kind === 'unauthorized';
}

export function createActions(api: ClideApi, store: ClideStore): AppActions {
  const call = async <T>(f: () => Promise<Result<T>>): Promise<Result<T>> => {
    const r = await guarded(f);
    // The host turned this window away: say so once, where the connection state is shown.
    if (!r.ok && r.error.kind === 'unauthorized') store.getState().setConnection('refused', r.error);
    return r;
  };
  let snapshotInFlight: Promise<Result<void>> | undefined;
  let autoCreated = false;

  const createSession: AppActions['createSession'] = async (input = {}) => {
    const r = await call(() => api.session.create(input));
    if (r.ok) await showCreated(store, r.value.id);
    return r;
  };

  /** A person who opens the app should be able to type at once. Only ever done once. */
  const ensureSession = async (): Promise<void> => {
    const s = store.getState();
    if (autoCreated || !s.environment?.claude.found || s.order.length > 0) return;
    autoCreated = true;
    await createSession();
  };

  const openLaunches = (): Promise<number> => openLaunchRequests(api, (cwd) => createSession({ cwd }));

  const fetchSnapshot = async (createIfEmpty: boolean): Promise<Result<void>> => {
    const r = await call(() => api.app.snapshot({}));
    if (!r.ok) {
      if (store.getState().load.phase !== 'ready') store.getState().setLoad({ phase: 'error', error: r.error });
      return r;
    }
    shareViews(r.value.sessions.map((x) => x.view));
    store.getState().loadSnapshot(r.value);
    // Folders the app was started with come first; the empty first tab only when there were none.
    const opened = await openLaunches();
    if (opened > 0) autoCreated = true;
    if (createIfEmpty) await ensureSession();
    return { ok: true, value: undefined };
  };

  return {
    loadSnapshot: (opts = {}) => {
      snapshotInFlight ??= fetchSnapshot(opts.createIfEmpty === true).finally(() => {
        snapshotInFlight = undefined;
      });
      return snapshotInFlight;
    },
    checkClaude: async () => {
      const r = await call(() => api.app.checkClaude({}));
      if (r.ok) {
        store.getState().setClaude(r.value);
        if (r.value.found) await ensureSession();
      }
      return r;
    },
    createSession,
    ...createWorkspaceActions(api, store, call),
    send: (id, text) => call(() => api.session.send({ id, text })),
    respond: (id, requestId, decision) => call(() => api.session.respond({ id, requestId, decision })),
    interrupt: (id) => call(() => api.session.interrupt({ id })),
    restart: (id) => call(() => api.session.restart({ id })),
    kill: (id) => call(() => api.session.kill({ id })),
    close: (id) => call(() => api.session.close({ id })),
    openLaunches,
  };
}
