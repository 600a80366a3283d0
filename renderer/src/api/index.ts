// The one API object the UI talks to. In Electron the preload exposes it as window.clide;
// in a browser (the browser host) it is the WebSocket client speaking the same contract.
import type { ClideApi } from '../../../shared/ipc';

declare global {
  interface Window {
    clide?: ClideApi;
  }
}

let api: ClideApi | undefined;

export function getApi(): ClideApi {
  if (api) return api;
  if (window.clide) {
    api = window.clide;
    return api;
  }
  throw new Error('No clide API: not running under Electron and no browser-host client was installed.');
}

/** Install the API (the browser host's WebSocket client, or a test double in component tests). */
export function setApi(next: ClideApi): void {
  api = next;
}
