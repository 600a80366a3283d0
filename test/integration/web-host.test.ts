// The browser host against reality: its HTTP and WebSocket gates, and the real pinned
// `claude` CLI driven through the page's own API client (renderer/src/api/web-client.ts)
// over a real socket, answering from the loopback fake API.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SessionHost } from '../../electron/core/host';
import { cookieName } from '../../electron/web/auth';
import { startWebServer, type WebServer } from '../../electron/web/server';
import { createWebClient, type SocketLike, type WebClient } from '../../renderer/src/api/web-client';
import type { AppEvent } from '../../shared/ipc';
import { lastToolResults, text, toolUse } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { alive, waitFor } from '../support/wait';
import { startWebHost, survivors, URL_LINE, type WebHostProcess } from '../support/web-host';

let sandbox: CliSandbox | undefined;
let host: SessionHost | undefined;
let server: WebServer | undefined;
let proc: WebHostProcess | undefined;
let rendererDir: string | undefined;
const clients: WebClient[] = [];
const logs: string[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.dispose();
  await server?.close();
  const pids = host?.list().map((s) => s.pid) ?? [];
  await host?.shutdown();
  for (const pid of pids) expect(alive(pid)).toBe(false);
  if (proc) await proc.stop('SIGKILL');
  await sandbox?.cleanup();
  if (rendererDir) fs.rmSync(rendererDir, { recursive: true, force: true });
  sandbox = host = server = proc = rendererDir = undefined;
  logs.length = 0;
});

const CSP = "default-src 'self'; script-src 'self'; connect-src 'self'";

async function start(script: Parameters<typeof cliSandbox>[0] = [], extra: { maxFrameBytes?: number } = {}) {
  sandbox = await cliSandbox(script);
  host = new SessionHost({ host: 'web', env: sandbox.env, homeDir: sandbox.home, defaultCwd: sandbox.cwd, batchMs: 5 });
  rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-renderer-'));
  fs.mkdirSync(path.join(rendererDir, 'assets'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), `<meta http-equiv="Content-Security-Policy" content="${CSP}"><div id="root"></div>`);
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app-1.js'), 'console.log(1)');
  server = await startWebServer({ host, port: 0, rendererDir, log: (m) => logs.push(m), ...extra });
  return { server, host, sandbox };
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request, so Host and paths go out exactly as written. */
function request(port: number, reqPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: reqPath, method, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Open a raw socket; resolves with the socket, or the HTTP status of a refused upgrade. */
function openSocket(url: string, headers: Record<string, string> = {}): Promise<{ ws?: WebSocket; refused?: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('open', () => resolve({ ws }));
    ws.on('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode });
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
  });
}

/** The page's own API client over a real socket, collecting pushed events. */
function connectClient(s: WebServer): { api: WebClient; events: AppEvent[] } {
  const events: AppEvent[] = [];
  const api = createWebClient({
    url: `ws://127.0.0.1:${s.port}/ws`,
    createSocket: (url) => new WebSocket(url, { headers: { cookie: `${cookieName(s.port)}=${s.token}`, origin: s.origin } }) as unknown as SocketLike,
    callTimeoutMs: 30_000,
    log: (m) => logs.push(m),
  });
  api.onEvents((batch) => events.push(...batch));
  clients.push(api);
  return { api, events };
}

function sessionEvents(events: AppEvent[], id: string) {
  return events.flatMap((e) => (e.type === 'session-events' && e.id === id ? e.events : []));
}

describe('the browser host over HTTP', () => {
  it('serves the page only with the token, sets the cookie, and then serves assets by cookie', async () => {
    const { server: s } = await start();
    expect(`clide web: ${s.url}`).toMatch(URL_LINE);
    expect((await request(s.port, '/')).status).toBe(403);
    expect((await request(s.port, '/?token=wrong')).status).toBe(403);
    expect((await request(s.port, '/assets/app-1.js')).status).toBe(403);

    const page = await request(s.port, `/?token=${s.token}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['set-cookie']).toEqual([`${cookieName(s.port)}=${s.token}; HttpOnly; SameSite=Strict; Path=/`]);
    expect(page.headers['content-security-policy']).toBe(`${CSP}; frame-ancestors 'none'`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');

    const cookie = `${cookieName(s.port)}=${s.token}`;
    const asset = await request(s.port, '/assets/app-1.js', { cookie });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['set-cookie']).toBeUndefined();
    expect(asset.body).toBe('console.log(1)');
  });

  it('refuses a foreign Host header even with the right token (DNS rebinding)', async () => {
    const { server: s } = await start();
    const r = await request(s.port, `/?token=${s.token}`, { host: `attacker.example:${s.port}` });
    expect(r.status).toBe(403);
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.body).not.toContain('root');
    expect(logs.some((l) => l.includes('attacker.example'))).toBe(true);
  });

  it('serves nothing outside the renderer folder, and only GET and HEAD', async () => {
    const { server: s } = await start();
    const cookie = `${cookieName(s.port)}=${s.token}`;
    fs.writeFileSync(path.join(rendererDir!, '..', `${path.basename(rendererDir!)}-secret.txt`), 'secret');
    for (const p of ['/../package.json', `/..%2f${path.basename(rendererDir!)}-secret.txt`, '/%2e%2e/%2e%2e/etc/passwd', '/assets/../../etc/passwd']) {
      const r = await request(s.port, p, { cookie });
      expect(r.status, p).toBe(404);
      expect(r.body).not.toContain('secret');
    }
    fs.rmSync(path.join(rendererDir!, '..', `${path.basename(rendererDir!)}-secret.txt`));
    expect((await request(s.port, '/', { cookie }, 'POST')).status).toBe(405);
    expect((await request(s.port, '/', { cookie }, 'HEAD')).status).toBe(200);
  });
});

describe('the browser host WebSocket', () => {
  it('refuses the upgrade without the token, with a wrong one, from a foreign Origin or Host', async () => {
    const { server: s } = await start();
    const ws = `ws://127.0.0.1:${s.port}/ws`;
    const cookie = `${cookieName(s.port)}=${s.token}`;
    expect(await openSocket(ws)).toEqual({ refused: 403 });
    expect(await openSocket(`${ws}?token=wrong`)).toEqual({ refused: 403 });
    expect(await openSocket(ws, { cookie: `${cookieName(s.port)}=wrong` })).toEqual({ refused: 403 });
    expect(await openSocket(ws, { cookie, origin: 'http://attacker.example' })).toEqual({ refused: 403 });
    expect(await openSocket(ws, { cookie, origin: `http://127.0.0.1:${s.port + 1}` })).toEqual({ refused: 403 });
    expect(await openSocket(ws, { cookie, host: `attacker.example:${s.port}` })).toEqual({ refused: 403 });
    expect(await openSocket(`ws://127.0.0.1:${s.port}/other?token=${s.token}`)).toEqual({ refused: 404 });
    expect(s.clients()).toBe(0);

    const good = await openSocket(ws, { cookie, origin: `http://localhost:${s.port}` });
    expect(good.ws?.readyState).toBe(WebSocket.OPEN);
    const byQuery = await openSocket(`${ws}?token=${s.token}`);
    expect(byQuery.ws?.readyState).toBe(WebSocket.OPEN);
    await waitFor(() => s.clients() === 2, 'two sockets');
    good.ws?.close();
    byQuery.ws?.close();
  });

  it('answers calls, rejects bad ones with typed errors, and survives malformed frames', async () => {
    const { server: s, sandbox: sb } = await start();
    const { api } = connectClient(s);
    const snap = await api.app.snapshot({});
    expect(snap).toMatchObject({ ok: true, value: { environment: { host: 'web', defaultCwd: sb.cwd, claude: { found: true } }, sessions: [] } });

    const bad = await api.session.send({ id: 'nope', text: 'hi' });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'session-not-found' } });
    const invalid = await api.session.create({ cwd: '' });
    expect(invalid).toMatchObject({ ok: false, error: { kind: 'invalid-input', message: expect.stringContaining('session:create') } });

    const raw = (await openSocket(`ws://127.0.0.1:${s.port}/ws?token=${s.token}`)).ws!;
    const replies: unknown[] = [];
    raw.on('message', (d) => replies.push(JSON.parse(d.toString())));
    raw.send('{not json');
    raw.send(Buffer.from([1, 2, 3]), { binary: true });
    raw.send(JSON.stringify({ type: 'call', id: 5, channel: 7 }));
    raw.send(JSON.stringify({ type: 'call', id: 6, channel: 'app:nothing', input: {} }));
    raw.send(JSON.stringify({ type: 'call', id: 7, channel: 'app:checkClaude', input: {} }));
    await waitFor(() => replies.length >= 3, 'three replies');
    expect(replies).toEqual([
      { type: 'result', id: 5, result: { ok: false, error: { kind: 'invalid-input', message: expect.stringContaining('channel') } } },
      { type: 'result', id: 6, result: { ok: false, error: { kind: 'invalid-input', message: 'Unknown channel: app:nothing' } } },
      { type: 'result', id: 7, result: { ok: true, value: expect.objectContaining({ found: true }) } },
    ]);
    expect(logs.some((l) => l.includes('not JSON'))).toBe(true);
    expect(logs.some((l) => l.includes('binary'))).toBe(true);
    raw.close();
    expect(await api.app.checkClaude({})).toMatchObject({ ok: true });
  });

  it('closes only the socket that sends an oversized frame', async () => {
    const { server: s } = await start([], { maxFrameBytes: 4096 });
    const { api } = connectClient(s);
    expect(await api.app.checkClaude({})).toMatchObject({ ok: true });
    const raw = (await openSocket(`ws://127.0.0.1:${s.port}/ws?token=${s.token}`)).ws!;
    const closed = new Promise<number>((resolve) => raw.on('close', (code) => resolve(code)));
    raw.send(JSON.stringify({ type: 'call', id: 1, channel: 'session:send', input: { id: 'x', text: 'y'.repeat(10_000) } }));
    expect(await closed).toBe(1009);
    expect(await api.app.checkClaude({})).toMatchObject({ ok: true });
  });

  it('pushes a real session to every socket, and a late socket gets the pending prompt in its snapshot and can answer it', async () => {
    const reply = 'Writing the file you asked for.';
    const { server: s, sandbox: sb } = await start([
      toolUse('Write', { file_path: 'from-web.txt', content: 'hello from the browser host\n' }, reply),
      text('Done: from-web.txt written.'),
    ]);
    const a = connectClient(s);
    const b = connectClient(s);
    const created = await a.api.session.create({});
    expect(created.ok).toBe(true);
    const id = created.ok ? created.value.id : '';
    for (const c of [a, b]) {
      await waitFor(() => c.events.some((e) => e.type === 'session-created' && e.session.id === id), 'session-created on every socket');
      await waitFor(() => sessionEvents(c.events, id).some((e) => e.kind === 'status' && e.status === 'ready'), 'ready on every socket');
    }
    expect(await b.api.session.send({ id, text: 'Write from-web.txt' })).toEqual({ ok: true, value: {} });
    const ask = await waitFor(
      () => sessionEvents(a.events, id).find((e) => e.kind === 'permission'),
      'permission event',
    );
    expect(ask.kind === 'permission' && ask.request).toMatchObject({ toolName: 'Write', input: { file_path: path.join(sb.cwd, 'from-web.txt') } });
    expect(sessionEvents(a.events, id).filter((e) => e.kind === 'block-delta').map((e) => (e.kind === 'block-delta' ? e.text : '')).join('')).toContain(reply);

    // A page that (re)connects now sees the same session and the prompt still waiting.
    const late = connectClient(s);
    const snap = await late.api.app.snapshot({});
    expect(snap.ok).toBe(true);
    const session = snap.ok ? snap.value.sessions.find((x) => x.id === id) : undefined;
    expect(session?.view.status).toBe('waiting');
    expect(session?.view.pending).toHaveLength(1);
    const prompt = session!.view.pending[0]!;
    expect(prompt).toMatchObject({ toolName: 'Write', displayName: 'Write' });

    expect(await late.api.session.respond({ id, requestId: prompt.requestId, decision: { behavior: 'allow' } })).toEqual({ ok: true, value: {} });
    await waitFor(() => sessionEvents(a.events, id).some((e) => e.kind === 'result'), 'result on the first socket', 60_000);
    expect(fs.readFileSync(path.join(sb.cwd, 'from-web.txt'), 'utf8')).toBe('hello from the browser host\n');
    // Each socket is its own stream: the others may be a batch behind the first.
    for (const c of [a, b, late]) {
      await waitFor(() => sessionEvents(c.events, id).some((e) => e.kind === 'permission-closed' && e.outcome === 'allowed'), 'the prompt closed on every socket');
    }
    expect(JSON.stringify(lastToolResults(sb.api.turns()[1]!.body))).not.toContain('denied');

    expect(await a.api.session.close({ id })).toEqual({ ok: true, value: {} });
    await waitFor(() => b.events.some((e) => e.type === 'session-closed' && e.id === id), 'session-closed on the other socket');
  });
});

describe('npm run web as a process', () => {
  it('prints one URL line, serves the session API, and on SIGTERM closes every claude child before exiting', async () => {
    sandbox = await cliSandbox([]);
    // --no-build: this test is about the server; the end-to-end suite covers the built page.
    proc = await startWebHost({ cwd: sandbox.cwd, env: sandbox.env, args: ['--no-build'] });
    expect(proc.stdout()).toBe(`clide web: ${proc.url}\n`);
    expect(proc.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[A-Za-z0-9_-]{43}$/);

    const socket = new WebSocket(`ws://127.0.0.1:${proc.port}/ws?token=${proc.token}`);
    const replies: Array<{ id: number; result: { ok: boolean; value?: { id?: string; sessions?: unknown[] } } }> = [];
    socket.on('message', (d) => {
      const f = JSON.parse(d.toString()) as { type: string };
      if (f.type === 'result') replies.push(f as never);
    });
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
    socket.send(JSON.stringify({ type: 'call', id: 1, channel: 'session:create', input: {} }));
    socket.send(JSON.stringify({ type: 'call', id: 2, channel: 'session:create', input: {} }));
    await waitFor(() => replies.length === 2, 'two sessions created');
    expect(replies.every((r) => r.result.ok)).toBe(true);
    const pids = await waitFor(() => {
      const p = proc!.claudePids();
      return p.length === 2 ? p : undefined;
    }, 'two claude children');

    const exit = await proc.stop('SIGTERM');
    expect(exit).toEqual({ code: 0, signal: null });
    expect(survivors(pids)).toEqual([]);
    expect(proc.stderr()).toContain('SIGTERM: closing Claude sessions');
    expect(proc.stdout()).toBe(`clide web: ${proc.url}\n`);
    socket.terminate();
  });

  it('ends the claude children of an earlier host that was killed outright', async () => {
    let release!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    // A turn held open at the fake API keeps the CLI busy, so it outlives its killed parent.
    sandbox = await cliSandbox([{ ...text('never finished'), hold }]);
    const first = await startWebHost({ cwd: sandbox.cwd, env: sandbox.env, args: ['--no-build'] });
    try {
      const socket = new WebSocket(`ws://127.0.0.1:${first.port}/ws?token=${first.token}`);
      const created = new Promise<string>((resolve) =>
        socket.on('message', (d) => {
          const f = JSON.parse(d.toString()) as { type: string; id?: number; result?: { value?: { id?: string } } };
          if (f.type === 'result' && f.id === 1) resolve(f.result?.value?.id ?? '');
        }),
      );
      await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
      socket.send(JSON.stringify({ type: 'call', id: 1, channel: 'session:create', input: {} }));
      const id = await created;
      socket.send(JSON.stringify({ type: 'call', id: 2, channel: 'session:send', input: { id, text: 'take your time' } }));
      await waitFor(() => sandbox!.api.turns().length === 1, 'the turn to reach the fake API');
      const [orphan] = first.claudePids();
      expect(orphan).toBeDefined();
      await first.stop('SIGKILL');
      socket.terminate();
      expect(survivors([orphan!])).toEqual([orphan]);

      proc = await startWebHost({ cwd: sandbox.cwd, env: sandbox.env, args: ['--no-build'] });
      await waitFor(() => survivors([orphan!]).length === 0, 'the orphan to be ended', 20_000);
      await waitFor(() => proc!.stderr().includes('left running by an earlier host'), 'the log line');
    } finally {
      release();
      await first.stop('SIGKILL');
    }
  });

  it('refuses a --cwd that does not exist with a clear message', async () => {
    sandbox = await cliSandbox([]);
    await expect(startWebHost({ cwd: path.join(sandbox.cwd, 'missing'), env: sandbox.env, args: ['--no-build'] })).rejects.toThrow(
      /--cwd .*missing is not a directory/,
    );
  });
});
