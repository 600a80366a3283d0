// The one API object the UI talks to. In Electron the preload exposes it as window.clide;
// in a browser (the browser host) it is the WebSocket client speaking the same contract.
import type { ClideApi } from '../../../shared/ipc';
import { createWebClient } from './web-client';
import { takeAccessToken } from './page-token';
import { ACCESS_PATH, WS_PATH } from '../../../shared/web-wire';

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
  const token = takeAccessToken(window);
  // Pasting a new link into this tab changes only the fragment, which loads nothing: take the
  // new token and start over with it.
  window.addEventListener('hashchange', () => {
    const next = takeAccessToken(window);
    if (next !== undefined && next !== token) window.location.reload();
  });
  const wsUrl = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${WS_PATH}`;
  const client = createWebClient({
    url: wsUrl,
    token,
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
