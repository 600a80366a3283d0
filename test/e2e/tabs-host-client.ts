// A second client of the browser host, beside the page: the same contract over the same
// WebSocket the page uses, so a test can compare what the page shows with what the host (and
// through it the CLI) reported.
import WebSocket from 'ws';
import type { ClideApi } from '../../shared/ipc';
import { createWebClient, type SocketLike } from '../../renderer/src/api/web-client';
import type { WebHostProcess } from '../support/web-host';

export function hostClient(host: WebHostProcess): ClideApi & { dispose(): void } {
  return createWebClient({
    url: `ws://127.0.0.1:${host.port}/ws`,
    token: host.token,
    createSocket: (url, protocols) => new WebSocket(url, protocols, { headers: { origin: host.origin } }) as unknown as SocketLike,
    log: () => {},
  });
}

/** The value of a Result, or a thrown error naming the call. */
export async function value<T>(what: string, p: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const r = await p;
  if (!r.ok) throw new Error(`${what} failed: ${r.error.message}`);
  return r.value;
}
