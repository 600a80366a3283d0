// The browser host's HTTP + WebSocket server, on 127.0.0.1 only: the built renderer over HTTP
// (public, under this host's own name only) and the contract table over one WebSocket at /ws,
// behind the start-up token (see auth.ts for where the token travels and why).
//
// It listens before the session host exists: the page's files are served while the core is
// still loading (main.ts), and a socket that arrives early waits for it. The socket side (ws,
// the contract's handlers, the whole core) is loaded only then, so this module and what it
// imports statically stay small enough to start in a moment (R12, the host's cold start).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { SessionHost } from '../core/host';
import { allowedHost, authorize, newToken } from './auth';
import { cacheControl, contentType, cspFromHtml, onPort, resolveStatic, securityHeaders } from './static-files';
import { APP_FRAME_HTML, appFrameHeaders, isAppFramePath } from './app-frame';
import { ACCESS_PATH, DEFAULT_MAX_CONNECTIONS, MAX_FRAME_BYTES, WS_PATH, WS_PROTOCOL } from '../../shared/web-socket';
import { LogLimiter } from './log-limiter';
import { QuietWatch } from './quiet';
import type { SocketBridge } from './ws-bridge';

export interface WebServerOptions {
  /** The session host, or its promise while the core loads (sockets wait for it). */
  host: SessionHost | Promise<SessionHost>;
  /** 0 picks a free port. */
  port: number;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  token?: string;
  log?: (message: string) => void;
  heartbeatMs?: number;
  /** Frame cap (tests lower it). */
  maxFrameBytes?: number;
  /** Authenticated sockets at once (DEFAULT_MAX_CONNECTIONS); the next is refused with 503. */
  maxConnections?: number;
  /** Interval of the rate-limited logs of refused requests and bad frames (tests shorten it). */
  logIntervalMs?: number;
}

export interface WebServer {
  /** The URL to open, the token in its fragment. */
  url: string;
  origin: string;
  port: number;
  token: string;
  /** Connected sockets. */
  clients(): number;
  /**
   * Resolves once no request has been in flight for a moment, or a socket asks for the host:
   * the time to load the core without keeping a page that is loading waiting (main.ts).
   */
  quiet(): Promise<void>;
  /** Stop listening and close every socket; sessions are the caller's to shut down. */
  close(): Promise<void>;
}

/**
 * How long the server must have nothing to do before quiet() resolves. Short: a browser asks
 * for the page, then pauses (often a few hundred ms while it starts the page's process) before
 * it asks for the scripts. The core loads best in that pause. Waiting 150 ms let the pause pass,
 * and the core then held up the scripts or loaded only once the page asked for it (R12: the
 * host's cold start about 8 % slower).
 */
const QUIET_MS = 20;

const LISTEN_HOST = '127.0.0.1';
/** Socket errors that only say the peer went away, which a client may do at any moment. */
const HANG_UPS = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const token = opts.token ?? newToken();
  const log = opts.log ?? ((m: string) => console.error(`[clide web] ${m}`));
  // Anyone on this machine can send requests as fast as they like: at most one line per interval.
  const refused = new LogLimiter(log, { verb: 'refused', noun: 'request', intervalMs: opts.logIntervalMs });
  let live: { bridge: SocketBridge; wss: WebSocketServer } | undefined;
  let closed = false;
  const sockets = Promise.resolve(opts.host).then(async (host) => {
    const [{ WebSocketServer }, { createHandlers }, { SocketBridge }] = await Promise.all([
      import('ws'),
      import('../core/api-handlers'),
      import('./ws-bridge'),
    ]);
    if (closed) throw new Error('the server was closed while it started');
    live = {
      bridge: new SocketBridge(host, createHandlers(host), { log, heartbeatMs: opts.heartbeatMs, logIntervalMs: opts.logIntervalMs }),
      wss: new WebSocketServer({
        noServer: true,
        maxPayload: opts.maxFrameBytes ?? MAX_FRAME_BYTES,
        perMessageDeflate: false,
        // A browser that offered subprotocols refuses a handshake that picks none; the token
        // value it offered beside ours is never echoed back.
        handleProtocols: (offered) => (offered.has(WS_PROTOCOL) ? WS_PROTOCOL : false),
      }),
    };
    return live;
  });
  // A core that fails to load is the caller's to report (main.ts exits); sockets are refused.
  sockets.catch(() => undefined);
  let port = 0;
  const csp = cspCache(opts.rendererDir);
  const maxConnections = opts.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  const full = (): boolean => (live?.bridge.size ?? 0) >= maxConnections;
  const fullMessage = `Too many windows are connected to this clide host (${maxConnections} at most). Close one, or restart \`npm run web\` with a higher --max-connections.`;

  const quiet = new QuietWatch(QUIET_MS);
  const server = http.createServer((req, res) => {
    quiet.begin();
    res.on('close', () => quiet.end());
    const headers: Record<string, string> = { ...securityHeaders(onPort(csp(), port)) };
    const text = (status: number, body: string, extra: Record<string, string> = {}): void => {
      res.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...extra }).end(body);
    };
    // The app bundle is public, but only under this host's own name (DNS rebinding).
    if (!allowedHost(req.headers.host, port)) {
      refused.note('wrong host', `refused ${req.method ?? '?'} ${pathOf(req.url)}: Host header ${JSON.stringify(req.headers.host ?? '')} is not this host`);
      return text(403, 'Forbidden: this host answers only to 127.0.0.1 and localhost.\n');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return text(405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    const urlPath = pathOf(req.url);
    if (urlPath === ACCESS_PATH) {
      const auth = authorize(req, port, token);
      if (!auth.ok) {
        refused.note(auth.reason, `refused ${ACCESS_PATH}: ${auth.detail}`);
        return text(auth.status, `Forbidden: ${auth.reason}. Open the exact link that \`npm run web\` printed.\n`);
      }
      // The page asks after its handshake failed: say why, since a browser hides the status.
      if (full()) return text(503, `${fullMessage}\n`);
      res.writeHead(204, { ...headers, 'Cache-Control': 'no-store' }).end();
      return;
    }
    if (urlPath === WS_PATH) return text(426, `${WS_PATH} is a WebSocket endpoint\n`);
    // The MCP App frame: its own page and policy (app-frame.ts), framed only by this host's page.
    if (isAppFramePath(urlPath)) {
      res.writeHead(200, appFrameHeaders([`http://${LISTEN_HOST}:${port}`, `http://localhost:${port}`]));
      res.end(req.method === 'HEAD' ? undefined : APP_FRAME_HTML);
      return;
    }
    const file = resolveStatic(opts.rendererDir, urlPath);
    if (!file) {
      const missing = !fs.existsSync(path.join(opts.rendererDir, 'index.html'));
      return missing
        ? text(
            503,
            `The renderer is not built (${opts.rendererDir} has no index.html). Run \`npm run build:web\`, or restart \`npm run web\`, which builds it.\n`,
          )
        : text(404, 'Not found\n');
    }
    serveFile(res, file, { ...headers, 'Content-Type': contentType(file), 'Cache-Control': cacheControl(opts.rendererDir, file) }, req.method === 'HEAD', log);
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    quiet.now();
    socket.on('error', () => socket.destroy());
    if (pathOf(req.url) !== WS_PATH) {
      refused.note('not found', `refused WebSocket: no endpoint at ${pathOf(req.url).slice(0, 200)}`);
      return refuseUpgrade(socket, 404, 'Not found');
    }
    const auth = authorize(req, port, token);
    if (!auth.ok) {
      refused.note(auth.reason, `refused WebSocket: ${auth.detail}`);
      return refuseUpgrade(socket, 403, `Forbidden: ${auth.reason}`);
    }
    // A socket that comes while the core is still loading waits for it.
    sockets.then(
      ({ bridge, wss }) => {
        if (socket.destroyed) return;
        // Refused before the handshake, not accepted and closed: the page never sees an open
        // socket it cannot use, and asks /access why.
        if (full()) {
          refused.note('too many connections', `refused WebSocket: ${maxConnections} are connected, the most allowed (--max-connections)`);
          return refuseUpgrade(socket, 503, fullMessage);
        }
        wss.handleUpgrade(req, socket, head, (ws) => bridge.attach(ws));
      },
      (err: unknown) => refuseUpgrade(socket, 503, `The clide host failed to start: ${err instanceof Error ? err.message : String(err)}`),
    );
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
    // A peer that hung up is not news (a page navigating away resets its sockets, or closes one
    // while the answer is being written: EPIPE); a request the parser refused is.
    if (!HANG_UPS.has(err.code ?? '')) refused.note('malformed HTTP', `refused a malformed HTTP request: ${err.message}`);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, LISTEN_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://${LISTEN_HOST}:${port}`;

  return {
    // In the fragment: no server ever receives it, and the page removes it from the address bar.
    url: `${origin}/#token=${token}`,
    origin,
    port,
    token,
    clients: () => live?.bridge.size ?? 0,
    quiet: () => quiet.quiet(),
    close: async () => {
      closed = true;
      live?.bridge.close();
      refused.close();
      live?.wss.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function pathOf(url: string | undefined): string {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q < 0 ? u : u.slice(0, q);
}

function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const reason = http.STATUS_CODES[status] ?? 'Error';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(message) + 1}\r\n\r\n${message}\n`,
  );
}

function serveFile(res: http.ServerResponse, file: string, headers: Record<string, string>, headOnly: boolean, log: (m: string) => void): void {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(size) });
  if (headOnly) {
    res.end();
    return;
  }
  const stream = fs.createReadStream(file);
  stream.on('error', (err) => {
    log(`could not read ${file}: ${err.message}`);
    res.destroy();
  });
  stream.pipe(res);
}

/** The page's own CSP, re-read when index.html changes (a rebuild while running). */
function cspCache(rendererDir: string): () => string {
  let mtime = -1;
  let value = cspFromHtml('');
  return () => {
    const index = path.join(rendererDir, 'index.html');
    try {
      const st = fs.statSync(index);
      if (st.mtimeMs !== mtime) {
        value = cspFromHtml(fs.readFileSync(index, 'utf8'));
        mtime = st.mtimeMs;
      }
    } catch {
      // Not built yet: the strict fallback policy stays in force.
    }
    return value;
  };
}
