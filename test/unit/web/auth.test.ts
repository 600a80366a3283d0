import { describe, expect, it } from 'vitest';
import { allowedHost, allowedOrigin, authorize, cookieName, newToken, readCookie, tokenCookie, tokensEqual } from '../../../electron/web/auth';

const PORT = 43123;
const TOKEN = newToken();
const HOST = `127.0.0.1:${PORT}`;

function req(url: string, headers: Record<string, string> = {}) {
  return { url, headers: { host: HOST, ...headers } };
}

describe('tokens', () => {
  it('are 43 URL-safe characters and differ every time', () => {
    const a = newToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(a);
  });

  it('compare equal only when identical, whatever the lengths', () => {
    expect(tokensEqual(TOKEN, TOKEN)).toBe(true);
    expect(tokensEqual(TOKEN.slice(0, -1), TOKEN)).toBe(false);
    expect(tokensEqual(`${TOKEN}x`, TOKEN)).toBe(false);
    expect(tokensEqual('', TOKEN)).toBe(false);
    expect(tokensEqual(TOKEN.toUpperCase(), TOKEN.toLowerCase())).toBe(false);
  });
});

describe('cookies', () => {
  it('are per port, HttpOnly, SameSite=Strict, Path=/', () => {
    expect(tokenCookie(PORT, 'abc')).toBe(`clide_token_${PORT}=abc; HttpOnly; SameSite=Strict; Path=/`);
    expect(cookieName(1)).not.toBe(cookieName(2));
  });

  it('are read by exact name', () => {
    const header = `other=1; clide_token_${PORT}x=bad; clide_token_${PORT}=good ; z=2`;
    expect(readCookie(header, cookieName(PORT))).toBe('good');
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie('a', 'a')).toBeUndefined();
  });
});

describe('Host and Origin', () => {
  it('accept only 127.0.0.1 and localhost on our port', () => {
    expect(allowedHost(`127.0.0.1:${PORT}`, PORT)).toBe(true);
    expect(allowedHost(`localhost:${PORT}`, PORT)).toBe(true);
    for (const h of [undefined, '127.0.0.1', `127.0.0.1:${PORT + 1}`, `evil.example:${PORT}`, `127.0.0.1.evil.example:${PORT}`, `[::1]:${PORT}`]) {
      expect(allowedHost(h, PORT)).toBe(false);
    }
  });

  it('accept our own http origin or none (a non-browser client), nothing else', () => {
    expect(allowedOrigin(`http://127.0.0.1:${PORT}`, PORT)).toBe(true);
    expect(allowedOrigin(`http://localhost:${PORT}`, PORT)).toBe(true);
    expect(allowedOrigin(undefined, PORT)).toBe(true);
    for (const o of ['null', `https://127.0.0.1:${PORT}`, `http://127.0.0.1:${PORT + 1}`, `http://evil.example:${PORT}`, 'file://']) {
      expect(allowedOrigin(o, PORT)).toBe(false);
    }
  });
});

describe('authorize', () => {
  const ws = { websocket: true };
  const http = { websocket: false };

  it('lets the right token in through the query and asks for the cookie', () => {
    expect(authorize(req(`/?token=${TOKEN}`), PORT, TOKEN, http)).toEqual({ ok: true, setCookie: true });
  });

  it('lets the right cookie in without setting it again', () => {
    expect(authorize(req('/assets/x.js', { cookie: `${cookieName(PORT)}=${TOKEN}` }), PORT, TOKEN, http)).toEqual({ ok: true, setCookie: false });
  });

  it('refuses no token, a wrong token, and a wrong query token even with a good cookie', () => {
    expect(authorize(req('/'), PORT, TOKEN, http)).toMatchObject({ ok: false, status: 403, reason: 'no token' });
    expect(authorize(req('/?token=nope'), PORT, TOKEN, http)).toMatchObject({ ok: false, reason: 'wrong token' });
    expect(authorize(req('/', { cookie: `${cookieName(PORT)}=nope` }), PORT, TOKEN, http)).toMatchObject({ ok: false });
    expect(authorize(req('/?token=nope', { cookie: `${cookieName(PORT)}=${TOKEN}` }), PORT, TOKEN, http)).toMatchObject({ ok: false });
    // Another instance's cookie (other port) does not count.
    expect(authorize(req('/', { cookie: `${cookieName(PORT + 1)}=${TOKEN}` }), PORT, TOKEN, http)).toMatchObject({ ok: false });
  });

  it('refuses a foreign Host even with the right token', () => {
    expect(authorize(req(`/?token=${TOKEN}`, { host: `rebind.example:${PORT}` }), PORT, TOKEN, http)).toMatchObject({ ok: false, status: 403 });
  });

  it('refuses a foreign Origin on the WebSocket even with the right cookie', () => {
    const cookie = `${cookieName(PORT)}=${TOKEN}`;
    expect(authorize(req('/ws', { cookie, origin: 'http://evil.example' }), PORT, TOKEN, ws)).toMatchObject({ ok: false });
    expect(authorize(req('/ws', { cookie, origin: `http://localhost:${PORT}` }), PORT, TOKEN, ws)).toMatchObject({ ok: true });
  });
});
