// The app's window-level keys: Ctrl on Windows and Linux, Cmd on macOS. Every shortcut goes
// through here: one way to tell the platform, one modifier check, one label, and one keydown
// listener on the window that hands each key to the handlers the components register.
import { useEffect } from 'react';

export function isMac(): boolean {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const platform = (nav as { userAgentData?: { platform?: string } } | undefined)?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac|iphone|ipad/i.test(platform);
}

/** "Ctrl+T" or "⌘T"; with Shift, "Ctrl+Shift+H" or "⇧⌘H". */
export function keyLabel(key: string, opts: { shift?: boolean } = {}): string {
  if (isMac()) return `${opts.shift ? '⇧' : ''}⌘${key}`;
  return `Ctrl+${opts.shift ? 'Shift+' : ''}${key}`;
}

/** The platform's command modifier is down (and only it, besides Shift). */
export function hasModifier(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (e.altKey) return false;
  return isMac() ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
}

/** Ctrl/Cmd + `key` (lower case), with Shift exactly when `shift` says so. */
export function isShortcut(
  e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'key'>,
  key: string,
  opts: { shift?: boolean } = {},
): boolean {
  return hasModifier(e) && e.shiftKey === (opts.shift ?? false) && e.key.toLowerCase() === key;
}

type KeyHandler = (e: KeyboardEvent) => void;

// In the order they were added, as the window's own listeners would run.
const handlers = new Set<KeyHandler>();

function onWindowKey(e: KeyboardEvent): void {
  // A handler added by one of these waits for the next key; one removed by one of these is
  // not called (as with the window's own listeners), and one that throws stops no other.
  for (const handler of [...handlers]) {
    if (!handlers.has(handler)) continue;
    try {
      handler(e);
    } catch (err) {
      reportError(err);
    }
  }
}

/** Hand every keydown of the window to `handler` until the returned function is called. */
export function addWindowKeys(handler: KeyHandler): () => void {
  if (handlers.size === 0) window.addEventListener('keydown', onWindowKey);
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0) window.removeEventListener('keydown', onWindowKey);
  };
}

/** While mounted, `handler` gets the window's keys (none while undefined); keep it stable (useCallback). */
export function useWindowKeys(handler: KeyHandler | undefined): void {
  useEffect(() => (handler ? addWindowKeys(handler) : undefined), [handler]);
}
