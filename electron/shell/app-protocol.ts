// The desktop page's own origin, app://clide. Serving the built renderer from a privileged
// custom scheme instead of file:// gives the page a real origin ('self' in its CSP means
// exactly app://clide, not every file on the disk), lets the file:// fuse stay off
// (electron-builder.yml), and keeps what the page can load to one folder: the handler serves
// the built renderer and nothing else, with the same path containment as the browser host.
import fs from 'node:fs';
import type { Protocol } from 'electron';
import { contentType, resolveStatic, securityHeaders } from '../web/static-files';
import { APP_FRAME_HTML, appFrameHeaders, isAppFramePath } from '../web/app-frame';
import { CONTENT_SECURITY_POLICY } from './content-security';

export const APP_SCHEME = 'app';
export const APP_HOST = 'clide';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** The one URL the window loads. */
export const APP_PAGE_URL = `${APP_ORIGIN}/index.html`;

/**
 * standard: a real origin with relative URLs (the bundle's ./assets, the worker's
 * new URL(..., import.meta.url)) and web storage; secure: a secure context (the clipboard API
 * needs one); supportFetchAPI: module scripts and workers are fetched. Nothing else: the CSP
 * applies in full, the scheme grants no CORS exemption, and no service worker can register.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  bypassCSP: false,
  corsEnabled: false,
  allowServiceWorkers: false,
  stream: false,
  codeCache: false,
} as const;

/** Must run before the app is ready (Electron accepts the registration only then, and once). */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }]);
}

/** Serve app://clide/ from the built renderer folder (after ready). */
export function serveAppScheme(protocol: Pick<Protocol, 'handle'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, appRequestHandler(rendererDir));
}

/** The answer to one app:// request: a file under `root`, or a plain refusal. */
export function appRequestHandler(root: string, csp = CONTENT_SECURITY_POLICY): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = parseUrl(request.url);
    // (A Request never carries credentials, so the host is all there is to check.)
    if (!url || url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return refuse(request, 404, 'Not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(request, 405, 'Method not allowed');
    // The MCP App frame: its own page and policy, framed only by the app's window.
    if (isAppFramePath(url.pathname))
      return new Response(request.method === 'HEAD' ? null : APP_FRAME_HTML, { status: 200, headers: appFrameHeaders([APP_ORIGIN]) });
    const file = resolveStatic(root, url.pathname);
    if (!file) return refuse(request, 404, 'Not found');
    let body: Buffer;
    try {
      body = await fs.promises.readFile(file);
    } catch (err) {
      console.warn(`[clide] could not read ${file} for ${request.url.slice(0, 300)}: ${(err as Error).message}`);
      return refuse(request, 404, 'Not found');
    }
    const headers = { ...securityHeaders(csp), 'Content-Type': contentType(file), 'Content-Length': String(body.length) };
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers });
  };
}

/** Whether `root` holds a page to serve (a missing build is answered with 404, not a load failure). */
export function hasAppPage(root: string): boolean {
  return resolveStatic(root, '/index.html') !== undefined;
}

/** The app's own page: exactly app://clide/index.html (any query or fragment), nothing else. */
export function isAppSchemePage(url: string): boolean {
  const u = parseUrl(url);
  return u !== undefined && u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.username === '' && u.password === '' && u.pathname === '/index.html';
}

function refuse(request: Request, status: number, text: string): Response {
  // Only the app's own page loads app:// URLs, so a refusal is a bug (or a probe) worth a line.
  console.warn(`[clide] app:// refused ${request.method} ${request.url.slice(0, 300)} (${status})`);
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' } });
}

export function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
