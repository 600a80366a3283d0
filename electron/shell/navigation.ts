// Every web contents stays on the app's own page: navigations elsewhere are cancelled (links go
// to the external-link confirmation instead), new windows are never created, and webviews are
// never attached. Installed for every web contents, not only the main window. A frame inside
// the page (the MCP App frame) may load the frame page and nothing else: the app in it cannot
// move it elsewhere (the page's frame-src says the same; this stops it before any connection).
import type { WebContents } from 'electron';
import { MCP_APP_FRAME_PATH } from '../../shared/mcp';

export interface NavigationPolicy {
  isAppPage(url: string): boolean;
  /** Where a blocked link goes (it applies its own scheme checks and confirmation). */
  openExternal(url: string): void;
}

type Guarded = Pick<WebContents, 'on' | 'setWindowOpenHandler'>;

export function guardNavigation(contents: Guarded, policy: NavigationPolicy): void {
  const block = (event: { preventDefault(): void; url?: string }, legacyUrl?: string): void => {
    const url = event.url ?? legacyUrl ?? '';
    if (policy.isAppPage(url)) return;
    event.preventDefault();
    policy.openExternal(url);
  };
  contents.on('will-navigate', (event, url) => block(event, url));
  contents.on('will-redirect', (event, url) => {
    // A redirect is never something the person clicked: cancel it without offering to open it.
    if (policy.isAppPage(event.url ?? url)) return;
    event.preventDefault();
    console.warn(`[clide] blocked a redirect away from the app: ${String(event.url ?? url).slice(0, 500)}`);
  });
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame || isAppFrame(event.url, policy)) return;
    event.preventDefault();
    console.warn(`[clide] blocked a frame's navigation: ${String(event.url).slice(0, 500)}`);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    policy.openExternal(url);
    return { action: 'deny' };
  });
}

/** The MCP App frame page of the app's own origin (index.html's sibling), nothing else. */
function isAppFrame(url: string, policy: NavigationPolicy): boolean {
  try {
    const u = new URL(url);
    return u.pathname === MCP_APP_FRAME_PATH && !u.username && !u.password && policy.isAppPage(new URL('index.html', u).href);
  } catch {
    return false;
  }
}
