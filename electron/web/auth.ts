// Who may talk to the browser host: whoever holds the random token from the start-up line,
// through a page served by this very host.
//
// Where the token lives, and why there: the start-up URL carries it in the fragment
// (`/#token=…`). A fragment is never sent to any server and never appears in a Referer. The page
// takes it out of the address bar at once, keeps it in sessionStorage (per origin, so per port;
// it survives a reload of that tab and nothing else sees it) and presents it in the WebSocket
// handshake as a subprotocol value, never in a URL. There is no cookie: cookies ignore ports,
// so one for 127.0.0.1 would be sent to every other server on 127.0.0.1 the browser visits (a
// dev server, a forwarded port, a link in a reply), and SameSite treats all those ports as the
// same site. A cookie under a random Path would work too, but the token would still sit in
// every asset URL and in the history; the fragment design keeps it out of both.
//
// The Host check defeats DNS rebinding (a foreign name resolving to 127.0.0.1 would otherwise
// be same-origin with us in the victim's browser). The Origin check, on top of the token,
// refuses a socket opened by any other page. The static files (index.html, assets) are the
// public app bundle and carry no secret, so they are served without the token (Host check
// still in force): a reload then works from sessionStorage alone.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { TOKEN_PROTOCOL_PREFIX } from '../../shared/web-socket';

/** 32 random bytes, base64url: 43 URL-safe characters (valid in a Sec-WebSocket-Protocol value). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison; hashing first makes the lengths equal so length leaks nothing. */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

export function allowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * A browser always sends Origin on a WebSocket handshake; a non-browser client may omit it and
 * then needs the token alone. When present it must be exactly the page's own origin: the one
 * the request came to (its Host, already checked), over http.
 */
export function allowedOrigin(origin: string | undefined, host: string): boolean {
  return origin === undefined || origin === `http://${host}`;
}

/** Short, stable names for why a request was refused: the rate-limited log counts by them. */
export type Refusal = 'wrong host' | 'wrong origin' | 'no token' | 'wrong token';

export type AuthDecision = { ok: true } | { ok: false; status: 403; reason: Refusal; detail: string };

/**
 * Every token the request presents: `Authorization: Bearer T` (non-browser clients) and
 * `Sec-WebSocket-Protocol: …, clide.token.T` (the page; a browser cannot set headers on a
 * WebSocket). Never the query string or a cookie.
 */
export function presentedTokens(headers: IncomingHttpHeaders): string[] {
  const found: string[] = [];
  const auth = headers.authorization;
  if (auth !== undefined) {
    // Any other scheme counts as a token that is wrong, not as no token at all.
    const m = /^Bearer[ ]+(\S*)\s*$/i.exec(auth);
    found.push(m?.[1] ?? '');
  }
  const protocols = headers['sec-websocket-protocol'];
  if (protocols !== undefined) {
    for (const p of protocols.split(',')) {
      const v = p.trim();
      if (v.startsWith(TOKEN_PROTOCOL_PREFIX)) found.push(v.slice(TOKEN_PROTOCOL_PREFIX.length));
    }
  }
  return found;
}

/**
 * The decision for a WebSocket upgrade or an authenticated HTTP call (`/access`). Every token
 * presented must be right, so a wrong one never rides along with a good one.
 */
export function authorize(req: { url?: string; headers: IncomingHttpHeaders }, port: number, token: string): AuthDecision {
  const host = req.headers.host;
  if (host === undefined || !allowedHost(host, port)) return deny('wrong host', `Host header ${JSON.stringify(host ?? '')} is not this host`);
  if (!allowedOrigin(req.headers.origin, host)) return deny('wrong origin', `Origin ${JSON.stringify(req.headers.origin)} is not this host`);
  const given = presentedTokens(req.headers);
  if (given.length === 0) return deny('no token', 'no token');
  if (!given.every((t) => tokensEqual(t, token))) return deny('wrong token', 'wrong token');
  return { ok: true };
}

function deny(reason: Refusal, detail: string): AuthDecision {
  return { ok: false, status: 403, reason, detail };
}
