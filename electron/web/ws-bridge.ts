// Connects browser sockets to the session host: calls go through dispatch() (the same
// validation as Electron IPC), and every event batch goes to every socket, so several tabs
// or windows see the same sessions. A socket that falls far behind is dropped rather than
// buffered without bound; its page reconnects and fetches a fresh snapshot.
import type { WebSocket } from 'ws';
import { dispatch } from '../core/api-handlers';
import type { SessionHost } from '../core/host';
import type { AppEvent } from '../../shared/ipc';
import { LogLimiter } from './log-limiter';
import { parseClientFrame, type ServerFrame } from '../../shared/web-wire';

type Handlers = Parameters<typeof dispatch>[0];

export interface BridgeOptions {
  log: (message: string) => void;
  /** Bytes queued on one socket before it is considered stuck and dropped. */
  maxBufferedBytes?: number;
  /** How often to ping; a socket that missed the previous pong is terminated. */
  heartbeatMs?: number;
  /** Interval of the rate-limited log of malformed frames. */
  logIntervalMs?: number;
}

export class SocketBridge {
  private readonly sockets = new Set<WebSocket>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private readonly maxBuffered: number;
  /** Any connected page can send junk as fast as it likes: at most one line per interval. */
  private readonly junk: LogLimiter;

  constructor(
    host: SessionHost,
    private readonly handlers: Handlers,
    private readonly opts: BridgeOptions,
  ) {
    this.maxBuffered = opts.maxBufferedBytes ?? 256 * 1024 * 1024;
    this.junk = new LogLimiter(opts.log, { verb: 'dropped', noun: 'bad WebSocket frame', intervalMs: opts.logIntervalMs });
    this.unsubscribe = host.subscribe((batch) => this.broadcast(batch));
    this.heartbeat = setInterval(() => this.ping(), opts.heartbeatMs ?? 30_000);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.sockets.size;
  }

  attach(ws: WebSocket): void {
    this.sockets.add(ws);
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        this.junk.note('binary', 'dropped a binary WebSocket frame (only JSON text frames are understood)');
        return;
      }
      void this.onFrame(ws, data.toString());
    });
    ws.on('close', () => this.sockets.delete(ws));
    ws.on('error', (err: Error & { code?: string }) => {
      // 1009 (frame too big) and broken connections land here; the socket closes itself.
      const kind = err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'too large' : 'protocol error';
      this.junk.note(kind, `WebSocket error: ${err.message}`);
    });
  }

  /** Stop pushing events and close every socket (server shutdown). */
  close(): void {
    clearInterval(this.heartbeat);
    this.junk.close();
    this.unsubscribe();
    for (const ws of this.sockets) ws.close(1001, 'clide web host is shutting down');
    this.sockets.clear();
  }

  private async onFrame(ws: WebSocket, data: string): Promise<void> {
    const parsed = parseClientFrame(data);
    if (!parsed.ok) {
      this.junk.note(parsed.kind, `bad WebSocket frame: ${parsed.reason}`);
      if (parsed.id !== undefined) {
        this.send(ws, {
          type: 'result',
          id: parsed.id,
          result: { ok: false, error: { kind: 'invalid-input', message: `Malformed call: ${parsed.reason}` } },
        });
      }
      return;
    }
    const { id, channel, input } = parsed.frame;
    const result = await dispatch(this.handlers, channel, input);
    this.send(ws, { type: 'result', id, result });
  }

  private broadcast(batch: AppEvent[]): void {
    if (this.sockets.size === 0) return;
    // Serialised once for all sockets: three streaming sessions and several tabs would
    // otherwise stringify the same batch once per tab.
    const data = JSON.stringify({ type: 'events', batch } satisfies ServerFrame);
    for (const ws of this.sockets) this.sendRaw(ws, data);
  }

  private send(ws: WebSocket, frame: ServerFrame): void {
    let data: string;
    try {
      data = JSON.stringify(frame);
    } catch (err) {
      this.opts.log(`could not serialise a reply: ${(err as Error).message}`);
      if (frame.type !== 'result') return;
      data = JSON.stringify({
        type: 'result',
        id: frame.id,
        result: { ok: false, error: { kind: 'internal', message: 'The reply could not be serialised.' } },
      } satisfies ServerFrame);
    }
    this.sendRaw(ws, data);
  }

  private sendRaw(ws: WebSocket, data: string): void {
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > this.maxBuffered) {
      this.opts.log(`dropping a WebSocket that stopped reading (${ws.bufferedAmount} bytes queued); its page will reconnect`);
      this.sockets.delete(ws);
      ws.terminate();
      return;
    }
    ws.send(data);
  }

  private ping(): void {
    for (const ws of this.sockets) {
      if (!this.alive.has(ws)) {
        this.sockets.delete(ws);
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }
}
