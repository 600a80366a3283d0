// The browser host's server in-process, for integration tests: a real SessionHost over a
// real-CLI sandbox, a small renderer folder, and the raw HTTP and WebSocket clients the tests
// use to knock on its doors exactly as written (Host, Origin, subprotocols, headers).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { SessionHost } from '../../electron/core/host';
import { startWebServer, type WebServerOptions, type WebServer } from '../../electron/web/server';
import { createWebClient, type SocketLike, type WebClient } from '../../renderer/src/api/web-client';
import type { AppEvent } from '../../shared/ipc';
import { cliSandbox, type CliSandbox } from './real-cli';
import { alive } from './wait';

export const TEST_CSP = "default-src 'self'; script-src 'self'; connect-src 'self'";

type Extra = Pick<WebServerOptions, 'maxFrameBytes' | 'logIntervalMs' | 'maxConnections'>;

export interface WebServerHarness {
  /** Everything the server logged in the current test. */
  logs: string[];
  start(script?: Parameters<typeof cliSandbox>[0], extra?: Extra): Promise<{ server: WebServer; host: SessionHost; sandbox: CliSandbox; rendererDir: string }>;
  /** The page's own API client over a real socket, collecting pushed events. */
  connectClient(s: WebServer): { api: WebClient; events: AppEvent[] };
  /** For afterEach: close clients, server and sessions, and check no claude process is left. */
  cleanup(): Promise<void>;
}

export function webServerHarness(): WebServerHarness {
  let sandbox: CliSandbox | undefined;
  let host: SessionHost | undefined;
  let server: WebServer | undefined;
  let rendererDir: string | undefined;
  const clients: WebClient[] = [];
  const logs: string[] = [];
  return {
    logs,
    async start(script = [], extra = {}) {
      sandbox = await cliSandbox(script);
      host = new SessionHost({ host: 'web', env: sandbox.env, homeDir: sandbox.home, defaultCwd: sandbox.cwd, batchMs: 5 });
      rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-renderer-'));
      fs.mkdirSync(path.join(rendererDir, 'assets'));
      fs.writeFileSync(path.join(rendererDir, 'index.html'), `<meta http-equiv="Content-Security-Policy" content="${TEST_CSP}"><div id="root"></div>`);
      fs.writeFileSync(path.join(rendererDir, 'assets', 'app-1.js'), 'console.log(1)');
      server = await startWebServer({ host, port: 0, rendererDir, log: (m) => logs.push(m), ...extra });
      return { server, host, sandbox, rendererDir };
    },
    connectClient(s) {
      const events: AppEvent[] = [];
      const api = createWebClient({
        url: `ws://127.0.0.1:${s.port}/ws`,
        token: s.token,
        // As the page does: the token as a subprotocol value, from the host's own origin.
        createSocket: (url, protocols) => new WebSocket(url, protocols, { headers: { origin: s.origin } }) as unknown as SocketLike,
        callTimeoutMs: 30_000,
        log: (m) => logs.push(m),
      });
      api.onEvents((batch) => events.push(...batch));
      clients.push(api);
      return { api, events };
    },
    async cleanup() {
      for (const c of clients.splice(0)) c.dispose();
      await server?.close();
      const pids = host?.list().map((s) => s.pid) ?? [];
      await host?.shutdown();
      for (const pid of pids) expect(alive(pid)).toBe(false);
      await sandbox?.cleanup();
      if (rendererDir) fs.rmSync(rendererDir, { recursive: true, force: true });
      sandbox = host = server = rendererDir = undefined;
      logs.length = 0;
    },
  };
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw request, so Host and paths go out exactly as written. */
export function request(port: number, reqPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
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

/** How a non-browser client presents the token. */
export function bearer(s: { token: string }): Record<string, string> {
  return { authorization: `Bearer ${s.token}` };
}

/** Open a raw socket; resolves with the socket, or the HTTP status of a refused upgrade. */
export function openSocket(url: string, headers: Record<string, string> = {}, protocols: string[] = []): Promise<{ ws?: WebSocket; refused?: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { headers });
    ws.on('open', () => resolve({ ws }));
    ws.on('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode });
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
  });
}
