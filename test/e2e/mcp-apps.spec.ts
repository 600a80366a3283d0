// MCP Apps through the browser host, on the real CLI with the tests' MCP server offering its
// widget (test/support/mcp-server/probe-widget.html): nothing runs until "Show app"; the app
// then gets the handshake, the tool's input and result over the bridge, and can reach neither
// the network (a loopback server counts any request) nor the window (its DOM, storage, token).
// Its link is only offered, its message only lands in the message box, its tool call is refused.
// A hostile app (probe-hostile-widget.html) reaches no UDP or TCP listener through what a CSP
// does not cover (WebRTC, frames of its own, preconnect and the like, a refresh).
import dgram from 'node:dgram';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { lastToolResults, text, toolUse, type RecordedRequest } from '../support/fake-api';
import { installProbe } from '../support/mcp-probe';
import { expect, test, type ClideFixture } from './fixtures';

const shot = (name: string) => path.join(test.info().project.outputDir, 'mcp-apps-screenshots', `${name}.png`);

/** A loopback server that only counts what reaches it: an app must never get here. */
async function tripwire(): Promise<{ url: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/leak`, hits, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function weatherTurn(page: Page, prompt: string) {
  const box = page.getByRole('textbox', { name: 'Message Claude' });
  await box.fill(prompt);
  await box.press('Enter');
  const card = page.locator('.tool-card', { has: page.getByRole('group', { name: 'App: weather' }) });
  await expect(card).toBeVisible();
  return card;
}

test('an MCP app runs only when asked, gets its input and result, and reaches neither the network nor clide', async ({ page, clide }) => {
  const wire = await tripwire();
  try {
    const started = await clide.start({ prepare: (sandbox) => void installProbe(sandbox, { allow: true, apps: true }) });
    started.sandbox.api.script((req: RecordedRequest) =>
      lastToolResults(req.body).length === 0 ? toolUse('mcp__probe__weather', { city: 'Paris', probeUrl: wire.url }) : text('It is sunny in Paris.'),
    );
    await clide.open(page, started);
    const card = await weatherTurn(page, 'Weather in Paris?');

    // Untrusted content runs only on request.
    const app = card.getByRole('group', { name: 'App: weather' });
    await expect(app).toContainText('probe has its own view of this tool');
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.emulateMedia({ colorScheme: 'light' });
    await card.screenshot({ path: shot('app-offered-light'), animations: 'disabled' });
    await app.getByRole('button', { name: 'Show app' }).click();

    const frame = page.frameLocator('iframe[title="App: weather"]');
    await expect(frame.locator('#host')).toHaveText('clide · light · inline');
    await expect(frame.locator('#input')).toHaveText(JSON.stringify({ city: 'Paris', probeUrl: wire.url }));
    await expect(frame.locator('#result')).toHaveText('Paris: sunny, 21°C');
    await expect(app).toContainText('no network access and no access to clide');
    await expect(app).toContainText('It asks to reach https://api.example.com; clide blocks that');

    // What it must not do.
    await expect(frame.locator('#network')).toHaveText('blocked: TypeError');
    await expect(frame.locator('#image')).toHaveText('blocked');
    await expect(frame.locator('#parent')).toHaveText('blocked: SecurityError');
    await expect(frame.locator('#storage')).toHaveText('blocked: SecurityError');
    expect(wire.hits).toEqual([]);
    const frameText = await frame.locator('body').innerText();
    expect(frameText).not.toContain(started.host.token);
    expect(await page.locator('iframe[title="App: weather"]').getAttribute('sandbox')).toBe('allow-scripts');

    // It grew to its content (size-changed), within bounds.
    await expect.poll(async () => (await page.locator('iframe[title="App: weather"]').boundingBox())?.height ?? 0).toBeGreaterThan(200);
    await card.screenshot({ path: shot('app-shown-light'), animations: 'disabled' });

    // Hide app ends it and offers it again.
    await app.getByRole('button', { name: 'Hide app' }).click();
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(app.getByRole('button', { name: 'Show app' })).toBeVisible();
  } finally {
    await wire.close();
  }
});

test("an MCP app's tool call is refused, its message waits in the message box, its link is only offered", async ({ page, clide }) => {
  const started = await clide.start({ prepare: (sandbox) => void installProbe(sandbox, { allow: true, apps: true }) });
  started.sandbox.api.script((req: RecordedRequest) =>
    lastToolResults(req.body).length === 0 ? toolUse('mcp__probe__weather', { city: 'Lima' }) : text('Mild in Lima.'),
  );
  await clide.open(page, started);
  const card = await weatherTurn(page, 'Weather in Lima?');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Mild in Lima.');
  const app = card.getByRole('group', { name: 'App: weather' });
  await app.getByRole('button', { name: 'Show app' }).click();
  const frame = page.frameLocator('iframe[title="App: weather"]');
  await expect(frame.locator('#result')).toHaveText('Lima: sunny, 21°C');

  // A change of theme reaches the running app (host-context-changed).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(frame.locator('body')).toHaveClass('dark');
  await card.screenshot({ path: shot('app-shown-dark'), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(frame.locator('body')).not.toHaveClass('dark');

  // A tool call is refused with the reason; the server is never asked.
  await frame.getByRole('button', { name: 'Call a tool' }).click();
  await expect(frame.locator('#call')).toHaveText('refused: clide does not let an app call tools: only Claude calls tools, each with its permission prompt.');

  // A message goes into the message box and waits there.
  const turns = started.sandbox.api.turns().length;
  await frame.getByRole('button', { name: 'Suggest a message' }).click();
  await expect(page.getByRole('textbox', { name: 'Message Claude' })).toHaveValue('Tell me more about the weather');
  await expect(app).toContainText('The app put a message in the message box');
  expect(started.sandbox.api.turns().length).toBe(turns);

  // A link is offered, not opened.
  await frame.getByRole('button', { name: 'Open the docs' }).click();
  await expect(app).toContainText('The app asks to open https://example.com/probe-docs');
  await expect(app.getByRole('link', { name: 'Open link' })).toHaveAttribute('href', 'https://example.com/probe-docs');
  await card.screenshot({ path: shot('app-link-light'), animations: 'disabled' });
  await app.getByRole('button', { name: 'Dismiss' }).click();
  await expect(app.getByRole('link', { name: 'Open link' })).toHaveCount(0);
});

test('an app that cannot be shown says why in the card, and Retry asks again', async ({ page, clide }) => {
  const started = await clide.start({ prepare: (sandbox) => void installProbe(sandbox, { allow: true, apps: true }) });
  started.sandbox.api.script((req: RecordedRequest) =>
    lastToolResults(req.body).length === 0 ? toolUse('mcp__probe__big_weather', { city: 'Oslo' }) : text('Cold.'),
  );
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Weather in Oslo?');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');
  const app = page.getByRole('group', { name: 'App: big_weather' });
  await app.getByRole('button', { name: 'Show app' }).click();
  const problem = app.getByRole('alert');
  await expect(problem).toContainText(
    "The app could not be loaded: probe's ui://probe/huge is too large to show (2100007 characters; clide shows apps of up to 2000000).",
  );
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await app.screenshot({ path: shot('app-failed-dark'), animations: 'disabled' });
  await page.emulateMedia({ colorScheme: 'light' });
  await problem.getByRole('button', { name: 'Retry' }).click();
  await expect(problem).toContainText('too large to show');
  await expect(page.locator('iframe')).toHaveCount(0);
});

/** A UDP socket and a TCP server on 127.0.0.1 that record whatever reaches them. */
async function listeners() {
  const packets: string[] = [];
  const udp = dgram.createSocket('udp4');
  udp.on('message', (_msg, from) => packets.push(`udp from ${from.port}`));
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    packets.push('tcp connection');
    sockets.add(socket);
    socket.on('data', (d) => packets.push(`tcp data, ${d.length} bytes`));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const tcpPort = (tcp.address() as AddressInfo).port;
  return {
    packets,
    input: {
      stun: `stun:127.0.0.1:${udp.address().port}`,
      turn: `turn:127.0.0.1:${tcpPort}?transport=tcp`,
      tcpUrl: `http://127.0.0.1:${tcpPort}`,
    },
    async close() {
      for (const s of sockets) s.destroy();
      udp.close();
      await new Promise((resolve) => tcp.close(resolve));
    },
  };
}

async function showHostile(page: Page, clide: ClideFixture, tool: 'hostile' | 'refreshing', input: Record<string, unknown>) {
  const started = await clide.start({ prepare: (sandbox) => void installProbe(sandbox, { allow: true, apps: true }) });
  started.sandbox.api.script((req: RecordedRequest) => (lastToolResults(req.body).length === 0 ? toolUse(`mcp__probe__${tool}`, input) : text('Done.')));
  await clide.open(page, started);
  await page.getByRole('textbox', { name: 'Message Claude' }).fill('Show it');
  await page.getByRole('textbox', { name: 'Message Claude' }).press('Enter');
  await expect(page.getByRole('log', { name: 'Transcript' })).toContainText('Done.');
  const app = page.getByRole('group', { name: `App: ${tool}` });
  await app.getByRole('button', { name: 'Show app' }).click();
  return page.frameLocator(`iframe[title="App: ${tool}"]`);
}

test('a hostile app reaches no one through WebRTC, frames of its own or its static elements', async ({ page, clide }) => {
  const wire = await listeners();
  try {
    const frame = await showHostile(page, clide, 'hostile', wire.input);
    await expect(frame.locator('#done')).toHaveText('done');
    // STUN retries for seconds and TURN's TCP connection is made at once: wait past both.
    await page.waitForTimeout(3000);
    expect(wire.packets).toEqual([]);
    await expect(frame.locator('#outcomes li')).toHaveText([
      'RTCPeerConnection: blocked: TypeError',
      'webkitRTCPeerConnection: blocked: TypeError',
      'frame property: blocked: TypeError',
      'frame attribute: blocked: TypeError',
      'frame in innerHTML: blocked: TypeError',
      'frame written in pieces: blocked: TypeError',
      // It is made, but its script runs in the new frame, which the browser refuses.
      'javascript: frame: ran',
      'policy of its own: blocked: TypeError',
      'XSLTProcessor: blocked: TypeError',
    ]);
  } finally {
    await wire.close();
  }
});

test('an app whose page refreshes to elsewhere is not run, and connects nowhere', async ({ page, clide }) => {
  const wire = await listeners();
  try {
    const frame = await showHostile(page, clide, 'refreshing', wire.input);
    await expect(frame.locator('body')).toHaveText('clide does not run this app: it reloads or leaves its page.');
    await page.waitForTimeout(1500);
    expect(wire.packets).toEqual([]);
  } finally {
    await wire.close();
  }
});
