// Who may talk to the browser host: whoever holds the random token from the start-up line,
// through a page served by this very host. The Host check defeats DNS rebinding (a foreign
// name resolving to 127.0.0.1 would otherwise be same-origin with us in the victim's
// browser); the Origin check stops other local pages from opening our WebSocket, since
// browsers attach cookies to cross-origin WebSocket handshakes.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** 32 random bytes, base64url: 43 URL-safe characters. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison; hashing first makes the lengths equal so length leaks nothing. */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * Cookies are scoped by host, not port, so two hosts on 127.0.0.1 would overwrite one
 * another's cookie under a shared name; the port keeps them apart.
 */
export function cookieName(port: number): string {
  return `clide_token_${port}`;
}

export function tokenCookie(port: number, token: string): string {
  return `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function allowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** A browser always sends Origin on a WebSocket handshake; non-browser clients may omit it. */
export function allowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

export type AuthDecision =
  | { ok: true; /** The token came in the query string: set the cookie. */ setCookie: boolean }
  | { ok: false; status: 403; reason: string };

/**
 * The token may come in the query string (the start-up URL, or a non-browser client) or in
 * the cookie set by the first page load. A token in the query string must be right even
 * when a valid cookie is present, so a wrong link never silently works.
 */
export function authorize(
  req: { url?: string; headers: IncomingHttpHeaders },
  port: number,
  token: string,
  opts: { websocket: boolean },
): AuthDecision {
  if (!allowedHost(req.headers.host, port)) return deny(`Host header ${JSON.stringify(req.headers.host ?? '')} is not this host`);
  if (opts.websocket && !allowedOrigin(req.headers.origin, port)) {
    return deny(`Origin ${JSON.stringify(req.headers.origin)} is not this host`);
  }
  const query = queryToken(req.url);
  if (query !== undefined) {
    return tokensEqual(query, token) ? { ok: true, setCookie: true } : deny('wrong token');
  }
  const cookie = readCookie(req.headers.cookie, cookieName(port));
  if (cookie !== undefined && tokensEqual(cookie, token)) return { ok: true, setCookie: false };
  return deny(cookie === undefined ? 'no token' : 'wrong token in cookie');
}

function queryToken(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  return new URLSearchParams(url.slice(q + 1)).get('token') ?? undefined;
}

function deny(reason: string): AuthDecision {
  return { ok: false, status: 403, reason };
}
