// Response-header CSP and permission policy for the app's session. The page also carries a
// meta CSP (renderer/index.html); both are enforced, so the header may only be equal or
// stricter. The page is served from app://clide (app-protocol.ts), so 'self' is that origin and
// nothing else. The header is stricter in two places: the desktop page never opens a WebSocket
// (that is the browser host's transport), so connect-src is 'self' only; and its one worker
// (the highlighter) is a bundled file under app://clide/assets, so worker-src has no blob:.
// The one frame it may show is the MCP App frame page (electron/web/app-frame.ts), which carries
// its own, far stricter policy: that response keeps it.
import type { Session, WebContents } from 'electron';
import { MCP_APP_FRAME_PATH } from '../../shared/mcp';

/** The MCP App frame page on the desktop (app-protocol.ts serves it; its origin is APP_ORIGIN). */
export const APP_FRAME_URL = `app://clide${MCP_APP_FRAME_PATH}`;

export const CSP_DIRECTIVES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['font-src', ["'self'", 'data:']],
  ['connect-src', ["'self'"]],
  ['worker-src', ["'self'"]],
  ['object-src', ["'none'"]],
  ['base-uri', ["'none'"]],
  ['form-action', ["'none'"]],
  ['frame-src', [APP_FRAME_URL]],
];

export const CONTENT_SECURITY_POLICY = CSP_DIRECTIVES.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');

/**
 * Sets the policy on every response of the session, alongside any policy the response had;
 * the MCP App frame page keeps the policy app-protocol.ts gave it (the window's would forbid
 * the app's inline script and lift its sandbox).
 */
export function installContentSecurityPolicy(ses: Pick<Session, 'webRequest'>, policy = CONTENT_SECURITY_POLICY): void {
  ses.webRequest.onHeadersReceived((details, callback) => {
    if (isAppFrameUrl(details.url) && hasPolicy(details.responseHeaders)) return callback({ responseHeaders: details.responseHeaders });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [policy] } });
  });
}

/** The frame page itself, with any query or fragment (nothing else under app://clide). */
export function isAppFrameUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'app:' && u.host === 'clide' && u.pathname === MCP_APP_FRAME_PATH && !u.username && !u.password;
  } catch {
    return false;
  }
}

function hasPolicy(headers: Record<string, string[] | string> | undefined): boolean {
  return Object.entries(headers ?? {}).some(([name, value]) => name.toLowerCase() === 'content-security-policy' && String(value).includes('sandbox'));
}

/**
 * What the app's own page may use. Copy goes through clipboard-sanitized-write; notifications
 * tell the person a background tab needs them. Everything else (camera, microphone, location,
 * USB, opening external protocols, ...) is denied, and nothing is granted to any other page.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write', 'notifications']);

export function permissionAllowed(permission: string, requestingUrl: string, isAppPage: (url: string) => boolean): boolean {
  return ALLOWED_PERMISSIONS.has(permission) && isAppPage(requestingUrl);
}

type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>;

export function installPermissionPolicy(ses: PermissionSession, isAppPage: (url: string) => boolean): void {
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allowed = permissionAllowed(permission, details.requestingUrl, isAppPage);
    if (!allowed) console.warn(`[clide] denied permission "${permission}" to ${details.requestingUrl.slice(0, 300)}`);
    callback(allowed);
  });
  ses.setPermissionCheckHandler((_contents, permission, _origin, details) => permissionAllowed(permission, details.requestingUrl ?? '', isAppPage));
  ses.setDevicePermissionHandler(() => false);
}

/**
 * WebRTC reaches the network outside every CSP (Chromium has no directive for it), and the
 * window never uses it; the MCP App frame's loader removes it from the app's page, and this
 * keeps it off UDP for the whole view too: no STUN, no direct UDP, nothing but a proxy's.
 */
export function limitWebRtc(contents: Pick<WebContents, 'setWebRTCIPHandlingPolicy'>): void {
  contents.setWebRTCIPHandlingPolicy('disable_non_proxied_udp');
}
