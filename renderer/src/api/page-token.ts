// The browser host's access token, as the page holds it. The start-up URL carries it in the
// fragment (`#token=…`), which no server ever receives; the page moves it into sessionStorage
// (per origin, so per port, and per tab: it survives a reload of this tab and reaches nothing
// else) and takes it out of the address bar, so it stays out of history, bookmarks and screen
// shares. See electron/web/auth.ts for the whole design.

const KEY = 'clide.accessToken';

export type TokenWindow = Pick<Window, 'location' | 'history' | 'sessionStorage'>;

/**
 * The token this page should present: a new one from the address bar (which it then clears)
 * or the one this tab kept. Undefined when the page was opened without the link.
 */
export function takeAccessToken(win: TokenWindow): string | undefined {
  const url = new URL(win.location.href);
  const fromHash = new URLSearchParams(url.hash.slice(1)).get('token') || undefined;
  // An old-style `?token=` link is not used (the host ignores it) but is cleared all the same.
  if (fromHash !== undefined || url.searchParams.has('token')) {
    url.searchParams.delete('token');
    win.history.replaceState(win.history.state, '', url.pathname + url.search);
  }
  if (fromHash !== undefined) {
    store(win, fromHash);
    return fromHash;
  }
  return stored(win);
}

function store(win: TokenWindow, token: string): void {
  try {
    win.sessionStorage.setItem(KEY, token);
  } catch {
    // Storage switched off: the token lives in memory only, and a reload needs the link again.
  }
}

function stored(win: TokenWindow): string | undefined {
  try {
    return win.sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
