// Only the holder of the start-up token, through this host's own name and pages, gets in; and
// the token reaches no other server, not even one on another port of 127.0.0.1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import WebSocket from 'ws';
import { socketProtocols } from '../../shared/web-wire';
import { text } from '../support/fake-api';
import { expect, test, type ClideFixture, type StartedHost } from './fixtures';

/** Open a WebSocket from inside the page; 'open' or 'closed'. */
function openSocket([url, protocols]: [string, string[]]): Promise<string> {
  return new Promise<string>((resolve) => {
    const ws = new WebSocket(url, protocols);
    ws.onopen = () => {
      resolve('open');
      ws.close();
    };
    ws.onclose = () => resolve('closed');
  });
}

test('without the token, with a stale one, or under a foreign Host name the page gets nothing', async ({ page, clide, request }, testInfo) => {
  const started = await clide.start();
  const { host } = started;
  const ws = `ws://127.0.0.1:${host.port}/ws`;

  // The app bundle is public; without the link it says what to do, and the host refuses it.
  const bare = await page.goto(`${host.origin}/`);
  expect(bare?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'This page needs the access link that npm run web printed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('opened without its access token');
  await expect(page.getByRole('alert')).toContainText(`clide web: http://127.0.0.1:${host.port}/#token=…`);
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toHaveCount(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path.join(testInfo.project.outputDir, 'ui-screenshots', `access-needed-${scheme}.png`), animations: 'disabled' });
  }
  expect(await page.evaluate(openSocket, [ws, []] as [string, string[]])).toBe('closed');
  expect(await page.evaluate(openSocket, [ws, socketProtocols('x'.repeat(43))] as [string, string[]])).toBe('closed');
  expect((await request.get(`${host.origin}/access`)).status()).toBe(403);

  // A link from an earlier start of the host: the page says the token is not valid any more.
  await page.goto(`${host.origin}/#token=${'x'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: 'This page needs the access link that npm run web printed' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('its access token is not valid');
  expect(page.url()).toBe(`${host.origin}/`);

  // DNS rebinding: a page on another name that resolves to 127.0.0.1 sends that name as Host.
  const rebound = await request.get(`${host.origin}/`, { headers: { Host: `rebind.example:${host.port}` } });
  expect(rebound.status()).toBe(403);
  expect(await rebound.text()).not.toContain('root');

  // The right link pasted into this same tab changes only the fragment, which loads nothing by
  // itself: the page takes the new token and starts over with it.
  await page.goto(host.url);
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
  const served = await request.get(`${host.origin}/`);
  expect(served.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(served.headers()['set-cookie']).toBeUndefined();
  expect(page.url()).toBe(`${host.origin}/`);
  expect(await page.context().cookies()).toEqual([]);
  expect(await page.evaluate(openSocket, [ws, socketProtocols(host.token)] as [string, string[]])).toBe('open');
});

test('a page on another local port cannot open the WebSocket, even knowing the token', async ({ page, clide }) => {
  const started = await clide.start();
  const { host } = started;
  await clide.open(page, started);
  const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another local app</title>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    const otherPort = (other.address() as AddressInfo).port;
    await page.goto(`http://127.0.0.1:${otherPort}/`);
    const attempt = [`ws://127.0.0.1:${host.port}/ws`, socketProtocols(host.token)] as [string, string[]];
    expect(await page.evaluate(openSocket, attempt)).toBe('closed');
    expect(host.stderr()).toContain(`refused WebSocket: Origin "http://127.0.0.1:${otherPort}" is not this host`);
  } finally {
    other.closeAllConnections();
    other.close();
  }
});

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
}

/** Another program on this machine, listening on another loopback port: it records everything. */
async function recordingServer(): Promise<{ port: number; seen: Seen[]; close(): void }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another local app</title><p>hello');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * Claude's reply links to the other server; the person clicks it as they would any link. The
 * browser host opens it in a new tab; the request must really reach the other server.
 */
async function clickLinkInReply(page: Page, clide: ClideFixture, started: StartedHost, port: number, seen: Seen[]): Promise<Page> {
  const target = `http://127.0.0.1:${port}/from-a-reply?q=1`;
  started.sandbox.api.script([text(`The docs are served locally: [open the local docs](${target}).`)]);
  await clide.open(page, started);
  const composer = page.getByRole('textbox', { name: 'Message Claude' });
  await composer.fill('Where are the docs?');
  await composer.press('Enter');
  const link = page.getByRole('log', { name: 'Transcript' }).getByRole('link', { name: 'open the local docs' });
  await expect(link).toHaveAttribute('href', target);
  const [opened] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await expect.poll(() => seen.some((r) => r.url.startsWith('/from-a-reply'))).toBe(true);
  await expect(opened.getByText('hello')).toBeVisible();
  return opened;
}

test('a link in a reply, clicked, gives another local server no token: no header, cookie, URL or Referer', async ({ page, clide }) => {
  const started = await clide.start();
  const { host } = started;
  const other = await recordingServer();
  try {
    const opened = await clickLinkInReply(page, clide, started, other.port, other.seen);
    expect(opened.url()).toBe(`http://127.0.0.1:${other.port}/from-a-reply?q=1`);
    for (const r of other.seen) {
      expect(JSON.stringify(r), 'what the other server received').not.toContain(host.token);
      expect(r.headers.cookie, `cookies sent with ${r.url}`).toBeUndefined();
      // (The other page's own favicon request names that page: that is its own business.)
      expect(r.headers.referer ?? '', `Referer of ${r.url}`).not.toContain(`:${host.port}`);
    }
    expect(other.seen.find((r) => r.url.startsWith('/from-a-reply'))?.headers.referer).toBeUndefined();
    // Nor does the browser keep a cookie for 127.0.0.1 that some other request could carry.
    expect(await page.context().cookies()).toEqual([]);

    // The app tab still works after a reload, from its sessionStorage, and its address bar is clean.
    await page.bringToFront();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
    await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('The docs are served locally');
    expect(page.url()).toBe(`${host.origin}/`);
  } finally {
    other.close();
  }
});

/** Whether a non-browser client opens the host's WebSocket with these headers and subprotocols. */
function tryConnect(url: string, headers: Record<string, string>, protocols: string[] = []): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { headers });
    ws.on('open', () => {
      resolve('open');
      ws.terminate();
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', reject);
  });
}

test('a client that knows only what that other server saw cannot call any channel', async ({ page, clide, request }) => {
  const started = await clide.start();
  const { host } = started;
  const other = await recordingServer();
  try {
    await clickLinkInReply(page, clide, started, other.port, other.seen);
    expect(other.seen.length).toBeGreaterThan(0);
    // Every token-shaped string it saw, anywhere, is a candidate an attacker would try.
    const candidates = new Set(JSON.stringify(other.seen).match(/[A-Za-z0-9_-]{43}/g) ?? []);
    for (const r of other.seen) {
      const replayed: Record<string, string> = {};
      for (const [k, v] of Object.entries(r.headers)) {
        if (typeof v === 'string' && !['host', 'connection', 'upgrade'].includes(k)) replayed[k] = v;
      }
      // The very same headers (cookies included) and URL query, with and without our Origin.
      const query = r.url.includes('?') ? r.url.slice(r.url.indexOf('?')) : '';
      const url = `ws://127.0.0.1:${host.port}/ws${query}`;
      expect(await tryConnect(url, replayed), `replaying ${r.url}`).toBe(403);
      expect(await tryConnect(url, { ...replayed, origin: host.origin }), `replaying ${r.url} with the host's Origin`).toBe(403);
      expect((await request.get(`${host.origin}/access${query}`, { headers: replayed })).status()).toBe(403);
    }
    for (const c of candidates) {
      expect(await tryConnect(`ws://127.0.0.1:${host.port}/ws`, { authorization: `Bearer ${c}` })).toBe(403);
      expect(await tryConnect(`ws://127.0.0.1:${host.port}/ws`, { origin: host.origin }, socketProtocols(c))).toBe(403);
    }
  } finally {
    other.close();
  }
});
