// The ClideApi over the browser host's WebSocket. Built from the contract table, so a new
// channel needs no change here. Every call gets exactly one answer: the host's result, a
// typed timeout, or a typed "not connected" error; nothing waits forever.
import type { AppEvent, ClideApi } from '../../../shared/ipc';
import type { AppError, Result } from '../../../shared/result';
import type { CallFrame, ServerFrame } from '../../../shared/web-wire';
import { MAX_FRAME_BYTES, socketProtocols } from '../../../shared/web-socket';
import { formatBytes } from '../lib/format';

/** 'full': the host has as many windows connected as it allows; this one retries slowly. */
export type ConnectionState = 'connected' | 'disconnected' | 'full';

/** The part of the browser WebSocket this client uses (so tests can pass the `ws` package's). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

/** What the host says over HTTP about this page's token, after a handshake failed. */
export type Access = 'allowed' | 'refused' | 'full';

export interface WebClientOptions {
  /** ws:// URL of the host's endpoint. */
  url: string;
  /**
   * The access token, offered as a subprotocol value (see socketProtocols). Without one the
   * client never connects: every call is refused, saying the page needs the printed link.
   */
  token: string | undefined;
  createSocket?: (url: string, protocols: string[]) => SocketLike;
  /** Per call; the slowest legitimate call is a close that waits out the CLI's grace periods. */
  callTimeoutMs?: number;
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
  /**
   * After a handshake fails: does the host still accept this page? 'refused' when it answers
   * but turns the token away (the host restarted with a new one), which no retry can fix;
   * 'full' when too many windows are connected already.
   */
  checkAccess?: () => Promise<Access>;
  log?: (message: string) => void;
}

export type WebClient = ClideApi & {
  onConnectionChange(listener: (state: ConnectionState) => void): () => void;
  connectionState(): ConnectionState;
  /** Try to reconnect now instead of waiting out the backoff (page shown again, network back). */
  reconnectNow(): void;
  /** Close the socket for good; later calls fail as not connected. */
  dispose(): void;
};

const OPEN = 1;

interface Pending {
  channel: string;
  resolve: (r: Result<unknown>) => void;
  timer: ReturnType<typeof setTimeout>;
  /** Not sent yet: waiting for the very first connection. */
  frame?: string;
}

export function createWebClient(opts: WebClientOptions): WebClient {
  const timeoutMs = opts.callTimeoutMs ?? 60_000;
  const initialMs = opts.reconnectInitialMs ?? 250;
  const maxMs = opts.reconnectMaxMs ?? 5_000;
  const log = opts.log ?? ((m: string) => console.warn(`[clide] ${m}`));
  const createSocket = opts.createSocket ?? ((url: string, protocols: string[]) => new WebSocket(url, protocols) as unknown as SocketLike);
  const token = opts.token;
  const eventListeners = new Set<(batch: AppEvent[]) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();
  const pending = new Map<number, Pending>();
  let socket: SocketLike | undefined;
  let state: ConnectionState = 'disconnected';
  let announced: ConnectionState | undefined;
  // Before the first connection, calls wait for it (the page's first snapshot call races the
  // socket's handshake); after a drop they fail at once, so the UI can say so.
  let firstAttemptDone = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let refused: AppError | undefined;
  /** Set while the host turns this page away for want of room; calls say so. */
  let full: AppError | undefined;
  let nextId = 1;

  function announce(next: ConnectionState): void {
    state = next;
    if (announced === next) return;
    announced = next;
    for (const l of [...stateListeners]) {
      try {
        l(next);
      } catch (err) {
        log(`connection listener failed: ${String(err)}`);
      }
    }
  }

  function connect(): void {
    retryTimer = undefined;
    if (disposed) return;
    if (token === undefined) {
      refuse(noToken());
      return;
    }
    let s: SocketLike;
    try {
      s = createSocket(opts.url, socketProtocols(token));
    } catch (err) {
      log(`could not open ${opts.url}: ${String(err)}`);
      onClosed(false);
      return;
    }
    socket = s;
    let opened = false;
    s.onopen = () => {
      if (socket !== s) return;
      opened = true;
      attempt = 0;
      full = undefined;
      firstAttemptDone = true;
      for (const [id, p] of pending) {
        if (p.frame === undefined) continue;
        const frame = p.frame;
        p.frame = undefined;
        if (!sendFrame(id, frame)) break;
      }
      announce('connected');
    };
    s.onmessage = (ev) => {
      if (socket === s) onMessage(ev.data);
    };
    s.onerror = () => {
      // Always followed by close, which does the work.
    };
    s.onclose = () => {
      if (socket === s) onClosed(opened);
    };
  }

  function onClosed(opened: boolean): void {
    socket = undefined;
    // A browser hides why a handshake failed; ask the host over HTTP whether it refuses us.
    if (!opened && !disposed && opts.checkAccess) {
      opts.checkAccess().then(
        (access) => (access === 'refused' ? refuse(staleToken()) : afterClose(access === 'full' ? tooManyWindows() : undefined)),
        () => afterClose(),
      );
      return;
    }
    afterClose();
  }

  function refuse(why: AppError): void {
    refused = why;
    firstAttemptDone = true;
    log(token === undefined ? 'this page was opened without its access link' : 'the clide host refused this page: its access token is not valid (any more)');
    for (const [id] of pending) settle(id, { ok: false, error: why });
    announce('disconnected');
  }

  /** `noRoom`: the host refused for want of room, so retry at the slowest pace. */
  function afterClose(noRoom?: AppError): void {
    const wasFirst = !firstAttemptDone;
    firstAttemptDone = true;
    full = noRoom;
    for (const [id, p] of pending) {
      const sent = p.frame === undefined;
      if (noRoom && !sent) {
        settle(id, { ok: false, error: noRoom });
        continue;
      }
      settle(
        id,
        notConnected(
          sent
            ? `The connection to the clide host dropped before ${p.channel} was answered; it may or may not have happened.`
            : `Could not connect to the clide host to run ${p.channel}.`,
        ),
      );
    }
    announce(noRoom ? 'full' : 'disconnected');
    if (disposed) return;
    if (noRoom) log('too many windows are connected to the clide host; retrying now and then');
    else if (wasFirst) log(`could not connect to ${opts.url}; retrying`);
    const base = noRoom ? maxMs : Math.min(maxMs, initialMs * 2 ** attempt++);
    retryTimer = setTimeout(connect, base * (0.8 + Math.random() * 0.4));
  }

  function onMessage(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: ServerFrame;
    try {
      frame = JSON.parse(data) as ServerFrame;
    } catch {
      log('ignored a frame from the host that is not JSON');
      return;
    }
    if (frame?.type === 'result' && typeof frame.id === 'number') {
      const result = frame.result;
      if (result && typeof result === 'object' && typeof result.ok === 'boolean') settle(frame.id, result);
      else settle(frame.id, failure('internal', 'The clide host sent a malformed result.'));
    } else if (frame?.type === 'events' && Array.isArray(frame.batch)) {
      for (const l of [...eventListeners]) {
        try {
          l(frame.batch);
        } catch (err) {
          log(`event listener failed: ${String(err)}`);
        }
      }
    }
  }

  function settle(id: number, result: Result<unknown>): void {
    const p = pending.get(id);
    if (!p) return; // already timed out or failed: a late answer changes nothing
    pending.delete(id);
    clearTimeout(p.timer);
    p.resolve(result);
  }

  function sendFrame(id: number, frame: string): boolean {
    try {
      socket?.send(frame);
      return true;
    } catch (err) {
      settle(id, notConnected(`Could not send to the clide host: ${String(err)}`));
      return false;
    }
  }

  function call(channel: string, input: unknown): Promise<Result<unknown>> {
    if (refused) return Promise.resolve({ ok: false, error: refused });
    if (disposed) return Promise.resolve(notConnected(`This page's connection to the clide host was closed; ${channel} was not sent.`));
    const connected = socket !== undefined && socket.readyState === OPEN;
    if (!connected && firstAttemptDone) {
      if (full) return Promise.resolve({ ok: false, error: full });
      return Promise.resolve(notConnected(`Not connected to the clide host; ${channel} was not sent.`));
    }
    const id = nextId++;
    let frame: string;
    try {
      frame = JSON.stringify({ type: 'call', id, channel, input } satisfies CallFrame);
    } catch (err) {
      return Promise.resolve(failure('invalid-input', `${channel} could not be encoded: ${String(err)}`));
    }
    const bytes = frameBytes(frame);
    if (bytes > MAX_FRAME_BYTES) {
      return Promise.resolve(
        failure('invalid-input', `${channel} is too large to send (${formatBytes(bytes)}; the limit is ${formatBytes(MAX_FRAME_BYTES)}).`, {
          hint: 'Attach fewer or smaller images, or split the message.',
        }),
      );
    }
    return new Promise((resolve) => {
      const timer = setTimeout(
        () =>
          settle(
            id,
            failure('control-timeout', `The clide host did not answer ${channel} within ${Math.round(timeoutMs / 1000)} s.`, {
              hint: 'Check that `npm run web` is still running, then reload the page.',
            }),
          ),
        timeoutMs,
      );
      pending.set(id, { channel, resolve, timer, frame: connected ? undefined : frame });
      if (connected) sendFrame(id, frame);
    });
  }

  const client = {
    onEvents(listener: (batch: AppEvent[]) => void) {
      eventListeners.add(listener);
      return () => void eventListeners.delete(listener);
    },
    onConnectionChange(listener: (state: ConnectionState) => void) {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    connectionState: () => state,
    reconnectNow() {
      if (disposed || refused || socket || retryTimer === undefined) return;
      clearTimeout(retryTimer);
      attempt = 0;
      connect();
    },
    dispose() {
      disposed = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      const s = socket;
      if (s) {
        s.close(1000, 'page closed the connection');
        onClosed(true);
      }
    },
  };
  connect();
  return withChannels(client, call) as unknown as WebClient;
}

type Call = (input: unknown) => Promise<Result<unknown>>;

/** Names no channel has, asked of any object by code that merely inspects it (`await x`, JSON, React). */
const NOT_DOMAINS = new Set(['then', 'toJSON', 'constructor', 'prototype', '$$typeof', 'valueOf', 'toString']);

/**
 * The client with one function per channel, made when first used: `api.session.send(input)`
 * calls `session:send`. The name comes from the call, not from the contract table, so the page
 * does not carry the table's zod schemas (a fifth of the first screen's JavaScript). ClideApi's
 * type admits only the table's channels, and the host checks every call against the table.
 */
function withChannels<T extends object>(client: T, call: (channel: string, input: unknown) => Promise<Result<unknown>>): T {
  const domains = new Map<string, Record<string, Call>>();
  const domain = (name: string): Record<string, Call> => {
    let d = domains.get(name);
    if (!d) {
      const verbs = new Map<string, Call>();
      d = new Proxy({} as Record<string, Call>, {
        get(_, verb) {
          if (typeof verb !== 'string' || NOT_DOMAINS.has(verb)) return undefined;
          let fn = verbs.get(verb);
          if (!fn) verbs.set(verb, (fn = (input: unknown) => call(`${name}:${verb}`, input)));
          return fn;
        },
      });
      domains.set(name, d);
    }
    return d;
  };
  return new Proxy(client, {
    get(target, key, receiver) {
      if (typeof key !== 'string' || key in target || NOT_DOMAINS.has(key)) return Reflect.get(target, key, receiver);
      return domain(key);
    },
  });
}

function failure(kind: AppError['kind'], message: string, extra: Partial<AppError> = {}): Result<never> {
  return { ok: false, error: { kind, message, ...extra } };
}

function notConnected(message: string): Result<never> {
  return failure('not-running', message, {
    hint: 'Check that `npm run web` is still running; this page reconnects by itself.',
  });
}

function staleToken(): AppError {
  return {
    kind: 'unauthorized',
    message: 'The clide host refused this page: its access token is not valid, or no longer is.',
    hint: 'Open the URL that `npm run web` printed; it changes every time the host starts.',
  };
}

function tooManyWindows(): AppError {
  return {
    kind: 'not-running',
    message: 'This clide host has as many windows connected as it allows, so it turned this one away.',
    hint: 'Close another clide tab or window; this one connects by itself when there is room.',
  };
}

function noToken(): AppError {
  return {
    kind: 'unauthorized',
    message: 'This page was opened without its access token, so the clide host does not let it in.',
    hint: 'Open the URL that `npm run web` printed; it changes every time the host starts.',
  };
}

/** UTF-8 size, encoding only near the cap (a UTF-16 unit is 1 to 3 bytes; base64 is ASCII). */
function frameBytes(frame: string): number {
  if (frame.length > MAX_FRAME_BYTES || frame.length * 3 <= MAX_FRAME_BYTES) return frame.length;
  return new TextEncoder().encode(frame).length;
}
