// What pushed events announce (lib/announce.ts): a part loaded after the first screen, with the
// notifications (it takes their words), since a window that is opening has nothing to say yet.
import type { AppEvent, ClideApi } from '../../../shared/ipc';
import { attentionSignals, taskEndSignals, type AttentionSignal } from '../store/attention';
import type { ClideStore } from '../store/store';
import { tabTitle } from '../store/tabs';
import { announce } from './announce';
import { notificationText } from './notify';

const lead: Record<AttentionSignal['kind'], string> = {
  'needs-you': 'Claude needs you',
  finished: 'Claude finished',
  failed: 'Claude stopped',
  'task-ended': 'A background task ended',
};

/** Announce what pushed events bring that calls for the person; returns a function that stops it. */
export function startAnnouncer(deps: { api: Pick<ClideApi, 'onEvents'>; store: ClideStore }): () => void {
  const prompts = new Set<string>();
  return deps.api.onEvents((batch: AppEvent[]) => {
    const sessions = deps.store.getState().sessions;
    for (const signal of [...attentionSignals(batch), ...taskEndSignals(batch, sessions)]) {
      if (signal.kind === 'needs-you') {
        if (prompts.has(signal.request.requestId)) continue;
        prompts.add(signal.request.requestId);
      }
      const view = sessions[signal.sessionId];
      if (!view) continue;
      const tab = tabTitle(view);
      announce(`${lead[signal.kind]} in ${tab}: ${notificationText(signal, tab).body}`);
    }
  });
}
