// What a screen reader hears without looking: one polite live region for the whole window
// (components/screens/announcer.tsx), fed here (by announce-feed.ts, loaded after the first screen). It says when Claude needs the person, when a
// turn finished, when something failed and when background work ended, in any tab, once each. The transcript itself is not
// a live region (it would read a streaming reply out piece by piece); its messages are read when
// the person walks to them (Alt+Up/Down).
import { useSyncExternalStore } from 'react';

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
