// The browser host against reality: its HTTP and WebSocket gates, and the real pinned
// `claude` CLI driven through the page's own API client (renderer/src/api/web-client.ts)
// over a real socket, answering from the loopback fake API.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { socketProtocols } from '../../shared/web-wire';
import type { AppEvent } from '../../shared/ipc';
import { lastToolResults, text, toolUse } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { waitFor } from '../support/wait';
import { startWebHost, survivors, URL_LINE, type WebHostProcess } from '../support/web-host';
import { bearer, openSocket, request, TEST_CSP as CSP, webServerHarness } from '../support/web-server';
import { appFrameCsp } from '../../electron/web/app-frame';

const harness = webServerHarness();
const { logs, start, connectClient } = harness;
let sandbox: CliSandbox | undefined;
let proc: WebHostProcess | undefined;

afterEach(async () => {
  await harness.cleanup();
  if (proc) await proc.stop('SIGKILL');
  await sandbox?.cleanup();
  sandbox = proc = undefined;
});

/** What `p` resolves to, or `late` if that takes longer than `ms`. */
function within<T>(ms: number, p: Promise<T>, late: string): Promise<T | string> {
  return Promise.race([p, new Promise<string>((resolve) => setTimeout(() => resolve(late), ms).unref())]);
}

function sessionEvents(events: AppEvent[], id: string) {
  return events.flatMap((e) => (e.type === 'session-events' && e.id === id ? e.events : []));
}

describe('the browser host over HTTP', () => {
  it('serves the public app bundle without the token, sets no cookie, and answers /access only to the token', async () => {
    const { server: s } = await start();
    expect(`clide web: ${s.url}`).toMatch(URL_LINE);
    expect(s.url).toBe(`${s.origin}/#token=${s.token}`);

    const page = await request(s.port, '/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers['content-security-policy']).toBe(`${CSP}; frame-ancestors 'none'`);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');

    // The MCP App frame page: its own sandboxing policy, framed only by this host's page.
    const frame = await request(s.port, '/mcp-app-frame.html');
    expect(frame.status).toBe(200);
    expect(frame.body).toContain("data.type !== 'clide:mcp-app-html'");
    expect(frame.headers['content-security-policy']).toBe(appFrameCsp([`http://127.0.0.1:${s.port}`, `http://localhost:${s.port}`]));
    expect(frame.headers['x-frame-options']).toBeUndefined();
    expect(frame.headers['set-cookie']).toBeUndefined();

    const asset = await request(s.port, '/assets/app-1.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['set-cookie']).toBeUndefined();
    expect(asset.body).toBe('console.log(1)');

    expect((await request(s.port, '/access')).status).toBe(403);
    expect((await request(s.port, `/access?token=${s.token}`)).status).toBe(403);
    expect((await request(s.port, '/access', { authorization: 'Bearer wrong' })).status).toBe(403);
    const access = await request(s.port, '/access', bearer(s));
    expect(access.status).toBe(204);
    expect(access.headers['cache-control']).toBe('no-store');
  });

  it('refuses a foreign Host header (DNS rebinding), for the bundle and for /access', async () => {
    const { server: s } = await start();
    const r = await request(s.port, '/', { host: `attacker.example:${s.port}` });
    expect(r.status).toBe(403);
    expect(r.body).not.toContain('root');
    expect((await request(s.port, '/access', { host: `attacker.example:${s.port}`, ...bearer(s) })).status).toBe(403);
    expect(logs.some((l) => l.includes('attacker.example'))).toBe(true);
  });

  it('serves nothing outside the renderer folder, and only GET and HEAD', async () => {
    const { server: s, rendererDir } = await start();
    fs.writeFileSync(path.join(rendererDir, '..', `${path.basename(rendererDir)}-secret.txt`), 'secret');
    for (const p of ['/../package.json', `/..%2f${path.basename(rendererDir)}-secret.txt`, '/%2e%2e/%2e%2e/etc/passwd', '/assets/../../etc/passwd']) {
      const r = await request(s.port, p);
      expect(r.status, p).toBe(404);
      expect(r.body).not.toContain('secret');
    }
    fs.rmSync(path.join(rendererDir, '..', `${path.basename(rendererDir)}-secret.txt`));
    expect((await request(s.port, '/', {}, 'POST')).status).toBe(405);
    expect((await request(s.port, '/', {}, 'HEAD')).status).toBe(200);
  });
});

describe('the browser host WebSocket', () => {
  it('refuses the upgrade without the token, with a wrong one, from a foreign Origin or Host', async () => {
    const { server: s } = await start();
    const ws = `ws://127.0.0.1:${s.port}/ws`;
    const right = socketProtocols(s.token);
    expect(await openSocket(ws)).toEqual({ refused: 403 });
    // Neither a query string nor a cookie carries a token any more.
    expect(await openSocket(`${ws}?token=${s.token}`)).toEqual({ refused: 403 });
    expect(await openSocket(ws, { cookie: `clide_token_${s.port}=${s.token}`, origin: s.origin })).toEqual({ refused: 403 });
    expect(await openSocket(ws, { authorization: 'Bearer wrong' })).toEqual({ refused: 403 });
    expect(await openSocket(ws, { origin: s.origin }, socketProtocols('wrong'))).toEqual({ refused: 403 });
    expect(await openSocket(ws, { origin: 'http://attacker.example' }, right)).toEqual({ refused: 403 });
    expect(await openSocket(ws, { origin: `http://127.0.0.1:${s.port + 1}` }, right)).toEqual({ refused: 403 });
    expect(await openSocket(ws, { origin: `http://localhost:${s.port}` }, right)).toEqual({ refused: 403 });
    expect(await openSocket(ws, { host: `attacker.example:${s.port}`, ...bearer(s) })).toEqual({ refused: 403 });
    expect(await openSocket(`ws://127.0.0.1:${s.port}/other`, bearer(s))).toEqual({ refused: 404 });
    expect(s.clients()).toBe(0);

    const page = await openSocket(ws, { origin: s.origin }, right);
    expect(page.ws?.readyState).toBe(WebSocket.OPEN);
    expect(page.ws?.protocol).toBe('clide.v1');
    const byHeader = await openSocket(ws, bearer(s));
    expect(byHeader.ws?.readyState).toBe(WebSocket.OPEN);
    await waitFor(() => s.clients() === 2, 'two sockets');
    page.ws?.close();
    byHeader.ws?.close();
  });

  it('answers calls, rejects bad ones with typed errors, and survives malformed frames', async () => {
    const { server: s, sandbox: sb } = await start([], { logIntervalMs: 200 });
    const { api } = connectClient(s);
    const snap = await api.app.snapshot({});
    expect(snap).toMatchObject({ ok: true, value: { environment: { host: 'web', defaultCwd: sb.cwd, claude: { found: true } }, sessions: [] } });

    const bad = await api.session.send({ id: 'nope', text: 'hi' });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'session-not-found' } });
    const invalid = await api.session.create({ cwd: '' });
    expect(invalid).toMatchObject({ ok: false, error: { kind: 'invalid-input', message: expect.stringContaining('session:create') } });
    // A relative folder would run in the host's own working directory; a missing one nowhere.
    expect(await api.session.create({ cwd: 'work' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input', message: expect.stringContaining('full path') },
    });
    expect(await api.session.create({ cwd: path.join(sb.cwd, 'missing') })).toMatchObject({ ok: false, error: { kind: 'cwd-missing' } });
    expect(await api.app.snapshot({})).toMatchObject({ ok: true, value: { sessions: [] } });

    const raw = (await openSocket(`ws://127.0.0.1:${s.port}/ws`, bearer(s))).ws!;
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
    await waitFor(() => logs.some((l) => l.includes('binary (1)')), 'the binary frame counted in the summary line');
    raw.close();
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
    const ask = await waitFor(() => sessionEvents(a.events, id).find((e) => e.kind === 'permission'), 'permission event');
    expect(ask.kind === 'permission' && ask.request).toMatchObject({ toolName: 'Write', input: { file_path: path.join(sb.cwd, 'from-web.txt') } });
    expect(
      sessionEvents(a.events, id)
        .filter((e) => e.kind === 'block-delta')
        .map((e) => (e.kind === 'block-delta' ? e.text : ''))
        .join(''),
    ).toContain(reply);

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
      await waitFor(
        () => sessionEvents(c.events, id).some((e) => e.kind === 'permission-closed' && e.outcome === 'allowed'),
        'the prompt closed on every socket',
      );
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
    // A spare soon after start-up, so quitting must end it too.
    proc = await startWebHost({ cwd: sandbox.cwd, env: { ...sandbox.env, CLIDE_SPARE_IDLE_SECONDS: '1' }, args: ['--no-build'] });
    expect(proc.stdout()).toBe(`clide web: ${proc.url}\n`);
    expect(proc.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);

    const socket = new WebSocket(`ws://127.0.0.1:${proc.port}/ws`, { headers: bearer(proc) });
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
    // The first tab starts at once (nothing cached yet); the second with its first message.
    const second = replies.find((r) => r.id === 2)!.result.value!.id!;
    socket.send(JSON.stringify({ type: 'call', id: 3, channel: 'session:send', input: { id: second, text: 'hello' } }));
    const pids = await waitFor(() => {
      const p = proc!.claudePids();
      return p.length === 3 ? p : undefined;
    }, 'three claude children: two tabs and the spare');

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
      const socket = new WebSocket(`ws://127.0.0.1:${first.port}/ws`, { headers: bearer(first) });
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

  it('keeps serving, and quits on SIGTERM, once whoever read its output has gone (a closed pipe)', async () => {
    sandbox = await cliSandbox([]);
    proc = await startWebHost({ cwd: sandbox.cwd, env: sandbox.env, args: ['--no-build'] });
    const host = proc;
    // What it answers for the page while all is well (503 in a checkout whose page is not built).
    const before = await request(host.port, '/');
    // The reader of its stdout and stderr goes away, as a closed terminal or `| head` would.
    host.child.stdout!.destroy();
    host.child.stderr!.destroy();
    // A request it logs (a foreign Host header): the write to the closed pipe fails (EPIPE).
    const refused = await request(host.port, '/', { host: 'evil.example' });
    expect(refused.status).toBe(403);
    // Still serving: before, the failed write was thrown, the handler of uncaught errors logged
    // that, which failed again, and the host spun on it at full speed, answering nothing.
    const page = await within(5000, request(host.port, '/'), 'no answer within 5 s');
    expect(page).toMatchObject({ status: before.status, body: before.body });
    expect(await within(10_000, host.stop('SIGTERM'), 'still running 10 s after SIGTERM')).toEqual({ code: 0, signal: null });
  });

  it('refuses a --cwd that does not exist with a clear message', async () => {
    sandbox = await cliSandbox([]);
    await expect(startWebHost({ cwd: path.join(sandbox.cwd, 'missing'), env: sandbox.env, args: ['--no-build'] })).rejects.toThrow(
      /--cwd .*missing is not a directory/,
    );
  });
});
