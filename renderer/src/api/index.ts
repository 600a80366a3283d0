// The one API object the UI talks to. In Electron the preload exposes it as window.clide;
// in a browser (the browser host) it is the WebSocket client speaking the same contract.
import type { ClideApi } from '../../../shared/ipc';
import { createWebClient } from './web-client';
import { WS_PATH } from './web-wire';

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
  // The host set an HttpOnly cookie when it served this page, so the token in the address
  // bar has done its job; keep it out of history, bookmarks and screen shares.
  const url = new URL(window.location.href);
  if (url.searchParams.has('token')) {
    url.searchParams.delete('token');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  const wsUrl = `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}${WS_PATH}`;
  const client = createWebClient({
    url: wsUrl,
    // The page's own URL answers 403 once the host no longer accepts this page's cookie.
    checkAccess: async () => (await fetch(url.pathname, { method: 'HEAD', cache: 'no-store' })).status !== 403,
  });
  const wake = () => client.reconnectNow();
  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') wake();
  });
  return client;
}
