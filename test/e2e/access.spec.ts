// Only the holder of the start-up token, through this host's own name and pages, gets in.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

function openSocket(url: string): Promise<string> {
  return new Promise<string>((resolve) => {
    const ws = new WebSocket(url);
    ws.onopen = () => {
      resolve('open');
      ws.close();
    };
    ws.onclose = () => resolve('closed');
  });
}

test('without the token, with a wrong one, or under a foreign Host name the page is refused', async ({ page, clide, request }) => {
  const started = await clide.start();
  const { host } = started;

  const bare = await page.goto(`${host.origin}/`);
  expect(bare?.status()).toBe(403);
  expect(await page.content()).toContain('Forbidden');
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toHaveCount(0);
  expect(await page.evaluate(openSocket, `ws://127.0.0.1:${host.port}/ws`)).toBe('closed');

  const wrong = await page.goto(`${host.origin}/?token=${'x'.repeat(43)}`);
  expect(wrong?.status()).toBe(403);

  // DNS rebinding: a page on another name that resolves to 127.0.0.1 sends that name as Host.
  const rebound = await request.get(`${host.origin}/?token=${host.token}`, { headers: { Host: `rebind.example:${host.port}` } });
  expect(rebound.status()).toBe(403);
  expect(rebound.headers()['set-cookie']).toBeUndefined();

  const ok = await page.goto(host.url);
  expect(ok?.status()).toBe(200);
  expect(ok?.headers()['content-security-policy']).toContain("script-src 'self'");
  const cookies = await page.context().cookies(host.origin);
  expect(cookies).toEqual([
    expect.objectContaining({ name: `clide_token_${host.port}`, value: host.token, httpOnly: true, sameSite: 'Strict', path: '/' }),
  ]);
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toBeVisible();
  expect(page.url()).toBe(`${host.origin}/`);
  expect(await page.evaluate(openSocket, `ws://127.0.0.1:${host.port}/ws`)).toBe('open');
});

test('a page on another local port cannot open the WebSocket, though the browser sends it the cookie', async ({ page, clide }) => {
  const started = await clide.start();
  const { host } = started;
  await clide.open(page, started);
  // Another app on this machine: same site as the host (cookies ignore ports), so the
  // browser attaches the host's cookie and only the Origin check stands in the way.
  const other = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>another local app</title>'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    expect(await page.evaluate(openSocket, `ws://127.0.0.1:${host.port}/ws`)).toBe('closed');
    expect(host.stderr()).toContain(`refused WebSocket: Origin "http://127.0.0.1:${(other.address() as AddressInfo).port}" is not this host`);
  } finally {
    other.closeAllConnections();
    other.close();
  }
});
