// The browser host's socket, opened by a small script of its own (src/early.ts, the first in
// index.html) as soon as the browser has it: long before the app's modules have all arrived and
// run, so the handshake, and the host's loading of its core that a socket waits for, happen
// meanwhile rather than after (R12, the cold start). The app's client adopts it (api/index.ts);
// whatever the socket says before then is kept and handed over in order.
import { socketProtocols, WS_PATH } from '../../../shared/web-socket';
import { takeAccessToken, type TokenWindow } from './page-token';
import type { SocketLike } from './web-client';

export interface EarlyStart {
  url: string;
  /** The access token, taken from the address bar once, here (undefined: opened without the link). */
  token: string | undefined;
  socket: SocketLike | undefined;
}

type EarlyWindow = TokenWindow & { clide?: unknown; __clideEarly?: EarlyStart };

/** What of a browser WebSocket this uses (tests pass a stand-in). */
export type WebSocketish = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>;

export function socketUrl(loc: Pick<Location, 'protocol' | 'host'>): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}${WS_PATH}`;
}

/** In the browser host only (Electron's preload gives the page window.clide instead). */
export function openEarlySocket(
  win: EarlyWindow,
  open: (url: string, protocols: string[]) => WebSocketish = (url, protocols) => new WebSocket(url, protocols),
): void {
  if (win.clide || win.__clideEarly) return;
  const url = socketUrl(win.location);
  const token = takeAccessToken(win);
  let socket: SocketLike | undefined;
  try {
    socket = token === undefined ? undefined : new HeldSocket(open(url, socketProtocols(token)));
  } catch {
    socket = undefined; // the client opens its own and reports what goes wrong
  }
  win.__clideEarly = { url, token, socket };
}

/** The early start, once: the first client to ask adopts it. */
export function takeEarlyStart(win: EarlyWindow): EarlyStart | undefined {
  const early = win.__clideEarly;
  delete win.__clideEarly;
  return early;
}

type Kind = 'open' | 'message' | 'close' | 'error';

/** WebSocket.CONNECTING (a literal, so the module also loads where there is no WebSocket). */
const CONNECTING = 0;

/**
 * A WebSocket whose events wait for their handlers: the socket opens (and may already carry
 * a message) before the app has set any, and the events are then delivered in their order.
 */
class HeldSocket implements SocketLike {
  private readonly handlers: Record<Kind, ((ev: unknown) => void) | null> = { open: null, message: null, close: null, error: null };
  private held: Array<{ kind: Kind; ev: unknown }> | undefined = [];

  constructor(private readonly ws: WebSocketish) {
    ws.onopen = (ev) => this.deliver('open', ev);
    ws.onmessage = (ev) => this.deliver('message', ev);
    ws.onclose = (ev) => this.deliver('close', ev);
    ws.onerror = (ev) => this.deliver('error', ev);
  }

  get onopen() {
    return this.handlers.open;
  }
  set onopen(f: ((ev: unknown) => void) | null) {
    this.set('open', f);
  }
  get onmessage() {
    return this.handlers.message as ((ev: { data: unknown }) => void) | null;
  }
  set onmessage(f: ((ev: { data: unknown }) => void) | null) {
    // Only ever called with the socket's own MessageEvents.
    this.set('message', f as ((ev: unknown) => void) | null);
  }
  get onclose() {
    return this.handlers.close;
  }
  set onclose(f: ((ev: unknown) => void) | null) {
    this.set('close', f);
  }
  get onerror() {
    return this.handlers.error;
  }
  set onerror(f: ((ev: unknown) => void) | null) {
    this.set('error', f);
  }

  get readyState(): number {
    // Until the app's handlers have seen the open, it is still opening for them.
    return this.held ? CONNECTING : this.ws.readyState;
  }

  send(data: string): void {
    this.ws.send(data);
  }

  close(code?: number, reason?: string): void {
    this.ws.close(code, reason);
  }

  private set(kind: Kind, f: ((ev: unknown) => void) | null): void {
    this.handlers[kind] = f;
    // The app sets its handlers together: what was held goes to them right after.
    if (this.held && f) queueMicrotask(() => this.release());
  }

  private deliver(kind: Kind, ev: unknown): void {
    if (this.held) this.held.push({ kind, ev });
    else this.handlers[kind]?.(ev);
  }

  private release(): void {
    const held = this.held;
    if (!held) return;
    this.held = undefined;
    for (const { kind, ev } of held) this.handlers[kind]?.(ev);
  }
}
