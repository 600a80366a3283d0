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

/** While the task of a key a shortcut took is under way, that key's number (see shortcutTask). */
let shortcutKey = 0;
let keysTaken = 0;

function onWindowKey(e: KeyboardEvent): void {
  const taken = e.defaultPrevented;
  // Provisionally this key's task: a handler that takes the key may ask for a part meanwhile.
  const key = taken ? shortcutKey : (shortcutKey = ++keysTaken);
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
  if (taken) return;
  // Taken by a shortcut: its task lasts to the end of the key's task (React renders in it).
  const end = () => void (shortcutKey === key && (shortcutKey = 0));
  if (e.defaultPrevented) setTimeout(end, 0);
  else end();
}

/**
 * Which shortcut asked for what is being done now: from a key that one of the window's
 * shortcuts took to the end of that key's task, which includes React's render of what it
 * changed, a number for that key; otherwise 0. A part loaded on demand that is asked for then
 * holds the keys typed until it is drawn (lib/lazy-part.ts); one that appears for another
 * reason (a reply, typing) does not.
 */
export function shortcutTask(): number {
  return shortcutKey;
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
