// The app's window-level keys: Ctrl on Windows and Linux, Cmd on macOS.

export function isMac(): boolean {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const platform = (nav as { userAgentData?: { platform?: string } } | undefined)?.userAgentData?.platform ?? nav?.platform ?? '';
  return /mac|iphone|ipad/i.test(platform);
}

/** "Ctrl+T" or "⌘T". */
export function keyLabel(key: string): string {
  return isMac() ? `⌘${key}` : `Ctrl+${key}`;
}

/** The platform's command modifier is down (and only it, besides Shift). */
export function hasModifier(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (e.altKey) return false;
  return isMac() ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
}
