// What a screen reader hears without looking: one polite live region for the whole window
// (components/screens/announcer.tsx), fed here. It says when Claude needs the person, when a
// turn finished, when something failed and when background work ended, in any tab, once each. The transcript itself is not
// a live region (it would read a streaming reply out piece by piece); its messages are read when
// the person walks to them (Alt+Up/Down).
import { useSyncExternalStore } from 'react';
import type { AppEvent, ClideApi } from '../../../shared/ipc';
import { attentionSignals, taskEndSignals, type AttentionSignal } from '../store/attention';
import type { ClideStore } from '../store/store';
import { tabTitle } from '../store/tabs';
import { notificationText } from './notify';

export interface Announcement {
  id: number;
  text: string;
}

/** The last few, so a new one is an addition the reader speaks (older ones drop off unspoken). */
const KEEP = 3;
let said: Announcement[] = [];
let counter = 0;
const listeners = new Set<() => void>();

export function announce(text: string): void {
  said = [...said.slice(1 - KEEP), { id: ++counter, text }];
  for (const l of listeners) l();
}

export function useAnnouncements(): Announcement[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => said,
  );
}

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
