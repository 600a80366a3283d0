import { describe, expect, it } from 'vitest';
import { allowedHost, allowedOrigin, authorize, newToken, presentedTokens, tokensEqual } from '../../../electron/web/auth';
import { TOKEN_PROTOCOL_PREFIX, WS_PROTOCOL } from '../../../shared/web-wire';

const PORT = 43123;
const TOKEN = newToken();
const HOST = `127.0.0.1:${PORT}`;
const ORIGIN = `http://${HOST}`;

function req(headers: Record<string, string> = {}) {
  return { headers: { host: HOST, ...headers } };
}

/** What a page offers: our subprotocol and the token as a second one. */
function protocols(token: string): string {
  return `${WS_PROTOCOL}, ${TOKEN_PROTOCOL_PREFIX}${token}`;
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

  it('are read from Authorization: Bearer and from the subprotocol list, never from a cookie', () => {
    expect(presentedTokens({ authorization: 'Bearer abc' })).toEqual(['abc']);
    expect(presentedTokens({ authorization: 'bearer  abc ' })).toEqual(['abc']);
    expect(presentedTokens({ authorization: 'Basic abc' })).toEqual(['']);
    expect(presentedTokens({ 'sec-websocket-protocol': protocols('abc') })).toEqual(['abc']);
    expect(presentedTokens({ 'sec-websocket-protocol': WS_PROTOCOL })).toEqual([]);
    expect(presentedTokens({ cookie: `clide_token_${PORT}=${TOKEN}`, referer: `${ORIGIN}/?token=${TOKEN}` })).toEqual([]);
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

  it('accept exactly the origin the request came to, or none (a non-browser client)', () => {
    expect(allowedOrigin(ORIGIN, HOST)).toBe(true);
    expect(allowedOrigin(`http://localhost:${PORT}`, `localhost:${PORT}`)).toBe(true);
    expect(allowedOrigin(undefined, HOST)).toBe(true);
    for (const o of [
      'null',
      `http://localhost:${PORT}`,
      `https://127.0.0.1:${PORT}`,
      `http://127.0.0.1:${PORT + 1}`,
      `http://evil.example:${PORT}`,
      'file://',
    ]) {
      expect(allowedOrigin(o, HOST), o).toBe(false);
    }
  });
});

describe('authorize', () => {
  it('refuses a request with no Origin and no token', () => {
    expect(authorize(req(), PORT, TOKEN)).toMatchObject({ ok: false, status: 403, reason: 'no token' });
  });

  it('refuses a foreign Origin even with the right token', () => {
    for (const origin of ['http://evil.example', `http://127.0.0.1:${PORT + 1}`, 'null']) {
      expect(authorize(req({ origin, 'sec-websocket-protocol': protocols(TOKEN) }), PORT, TOKEN), origin).toMatchObject({ ok: false, reason: 'wrong origin' });
    }
  });

  it('accepts the right origin with the right token in the subprotocol list', () => {
    expect(authorize(req({ origin: ORIGIN, 'sec-websocket-protocol': protocols(TOKEN) }), PORT, TOKEN)).toEqual({ ok: true });
    const local = { headers: { host: `localhost:${PORT}`, origin: `http://localhost:${PORT}`, 'sec-websocket-protocol': protocols(TOKEN) } };
    expect(authorize(local, PORT, TOKEN)).toEqual({ ok: true });
  });

  it('accepts Authorization: Bearer with no Origin (a non-browser client), and refuses a wrong one', () => {
    expect(authorize(req({ authorization: `Bearer ${TOKEN}` }), PORT, TOKEN)).toEqual({ ok: true });
    expect(authorize(req({ authorization: 'Bearer nope' }), PORT, TOKEN)).toMatchObject({ ok: false, reason: 'wrong token' });
    expect(authorize(req({ authorization: TOKEN }), PORT, TOKEN)).toMatchObject({ ok: false, reason: 'wrong token' });
  });

  it('refuses a wrong token, even beside a right one', () => {
    expect(authorize(req({ origin: ORIGIN, 'sec-websocket-protocol': protocols('nope') }), PORT, TOKEN)).toMatchObject({ ok: false, reason: 'wrong token' });
    expect(authorize(req({ authorization: 'Bearer nope', 'sec-websocket-protocol': protocols(TOKEN) }), PORT, TOKEN)).toMatchObject({
      ok: false,
      reason: 'wrong token',
    });
  });

  it('takes no token from a cookie or the query string', () => {
    const leaked = { cookie: `clide_token_${PORT}=${TOKEN}; token=${TOKEN}`, referer: `${ORIGIN}/?token=${TOKEN}` };
    expect(authorize({ ...req(leaked), url: `/ws?token=${TOKEN}` }, PORT, TOKEN)).toMatchObject({ ok: false, reason: 'no token' });
  });

  it('refuses a foreign Host even with the right token (DNS rebinding)', () => {
    expect(authorize(req({ host: `rebind.example:${PORT}`, authorization: `Bearer ${TOKEN}` }), PORT, TOKEN)).toMatchObject({
      ok: false,
      status: 403,
      reason: 'wrong host',
    });
  });
});
