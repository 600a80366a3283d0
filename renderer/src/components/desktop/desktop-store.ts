// What the app as an app tells the window, kept apart from the main store: folders handed to
// it that could not be opened, and the state of its own updates. Neither belongs to a tab.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { UpdateState } from '../../../../shared/desktop';
import type { ClideApi } from '../../../../shared/ipc';
import { guarded } from '../../lib/guarded';

export interface LaunchProblem {
  id: number;
  message: string;
  hint?: string;
}

export interface DesktopState {
  problems: LaunchProblem[];
  update: UpdateState | undefined;
}

export const desktopStore = createStore<DesktopState>()(() => ({ problems: [], update: undefined }));

export function useDesktop<T>(pick: (s: DesktopState) => T): T {
  return useStore(desktopStore, pick);
}

let nextProblem = 1;

export function addLaunchProblem(problem: { message: string; hint?: string }): void {
  desktopStore.setState((s) => ({ problems: [...s.problems, { id: nextProblem++, ...problem }] }));
}

export function dropLaunchProblem(id: number): void {
  desktopStore.setState((s) => ({ problems: s.problems.filter((p) => p.id !== id) }));
}

export function setUpdate(update: UpdateState): void {
  desktopStore.setState({ update });
}

/**
 * Take what was handed to the app and open a tab for each folder through the same call as New
 * session; a folder that cannot be opened is said in the window. Returns how many opened.
 */
export async function openLaunchRequests(
  api: Pick<ClideApi, 'app'>,
  open: (cwd: string) => Promise<{ ok: boolean; error?: { message: string; hint?: string } }>,
): Promise<number> {
  const r = await guarded(() => api.app.takeLaunchRequests({}));
  if (!r.ok) return 0;
  let opened = 0;
  for (const request of r.value.requests) {
    if (request.kind === 'error') {
      addLaunchProblem(request);
      continue;
    }
    const created = await open(request.cwd);
    if (created.ok) opened++;
    else addLaunchProblem({ message: created.error?.message ?? `clide could not open ${request.cwd}.`, hint: created.error?.hint });
  }
  return opened;
}

/**
 * Follow the update state: now, then every change. (Only the desktop app's changes; the browser
 * host's is always "unsupported", so a dropped connection needs no reload.) Started with the
 * workspace, not with the lazily loaded notices: an event sent before that part arrives would be
 * lost. Events are heard before the current state is asked for, and a state heard while the
 * question is out is newer than its answer.
 */
export function startUpdateSync(api: ClideApi): () => void {
  let heard = false;
  const stop = api.onEvents((batch) => {
    for (const e of batch) {
      if (e.type !== 'update-state') continue;
      heard = true;
      setUpdate(e.state);
    }
  });
  void guarded(() => api.app.updateState({})).then((r) => {
    if (r.ok && !heard) setUpdate(r.value);
  });
  return stop;
}
