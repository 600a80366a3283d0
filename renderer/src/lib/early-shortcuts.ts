// Shortcuts of parts drawn just after the first screen (`soon` parts: the terminal's, the Files
// panel's). The first screen listens for their keys itself, so a key pressed before such a part
// has arrived is not lost: the part is loaded and handed the key. Once loaded, the key goes to
// it at once, in the key's own task (so it can still stop the browser's default, e.g. Print).
import { useCallback } from 'react';
import type { LazyPart } from './lazy-part';
import { useWindowKeys } from './shortcuts';

export interface EarlyShortcut {
  part: LazyPart<{ onShortcut(e: KeyboardEvent): void }>;
  matches(e: KeyboardEvent): boolean;
}

export function useEarlyShortcuts(shortcuts: readonly EarlyShortcut[]): void {
  useWindowKeys(
    useCallback(
      (e: KeyboardEvent) => {
        if (e.isComposing || e.defaultPrevented) return;
        const hit = shortcuts.find((s) => s.matches(e));
        if (!hit) return;
        const loaded = hit.part.loaded();
        if (loaded) return loaded.onShortcut(e);
        e.preventDefault();
        // The event has been handled by then: the part gets what it needs of it, not yet prevented.
        const copy = {
          key: e.key,
          code: e.code,
          ctrlKey: e.ctrlKey,
          metaKey: e.metaKey,
          shiftKey: e.shiftKey,
          altKey: e.altKey,
          isComposing: false,
          defaultPrevented: false,
          preventDefault: () => undefined,
        } as unknown as KeyboardEvent;
        void hit.part.load().then(
          (m) => m.onShortcut(copy),
          () => undefined,
        );
      },
      [shortcuts],
    ),
  );
}
