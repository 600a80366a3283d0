// The one API object the UI talks to. In Electron the preload exposes it as window.clide;
// in a browser (the browser host) it is the WebSocket client speaking the same contract.
import type { ClideApi } from '../../../shared/ipc';
import { createWebClient, type SocketLike } from './web-client';
import { socketUrl, takeEarlyStart } from './early-socket';
import { takeAccessToken } from './page-token';
import { ACCESS_PATH } from '../../../shared/web-socket';

declare global {
  interface Window {
    clide?: ClideApi;
  }
}

let api: ClideApi | undefined;

export function getApi(): ClideApi {
  if (api) return api;
  api = window.clide ?? installWebClient();
  return api;
}

/** Install the API (the browser host's WebSocket client, or a test double in component tests). */
export function setApi(next: ClideApi): void {
  api = next;
}

function installWebClient(): ClideApi {
  // The page's first script has usually opened the socket already (early-socket.ts).
  const early = takeEarlyStart(window);
  const token = early ? early.token : takeAccessToken(window);
  // Pasting a new link into this tab changes only the fragment, which loads nothing: take the
  // new token and start over with it.
  window.addEventListener('hashchange', () => {
    const next = takeAccessToken(window);
    if (next !== undefined && next !== token) window.location.reload();
  });
  const wsUrl = socketUrl(window.location);
  let adopt = early?.url === wsUrl ? early.socket : undefined;
  const client = createWebClient({
    url: wsUrl,
    token,
    createSocket: (url, protocols) => {
      const socket = adopt ?? (new WebSocket(url, protocols) as unknown as SocketLike);
      adopt = undefined; // reconnections open sockets of their own
      return socket;
    },
    checkAccess: async () => {
      const res = await fetch(ACCESS_PATH, { headers: { Authorization: `Bearer ${token ?? ''}` }, cache: 'no-store' });
      return res.status === 403 ? 'refused' : res.status === 503 ? 'full' : 'allowed';
    },
  });
  const wake = () => client.reconnectNow();
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') wake();
  });
  return client;
}
