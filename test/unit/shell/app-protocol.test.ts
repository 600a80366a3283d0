// The app:// scheme the desktop page is served from: registered with exactly the privileges it
// needs, and answering with files from the built renderer folder only (real files in a temp dir).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_PAGE_URL, appRequestHandler, hasAppPage, registerAppScheme, serveAppScheme } from '../../../electron/shell/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../../electron/shell/content-security';
import { APP_FRAME_HTML, appFrameCsp } from '../../../electron/web/app-frame';

let base: string;
let root: string;
let handler: (request: Request) => Promise<Response>;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-app-scheme-'));
  root = path.join(base, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>clide</title>');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'new Worker(new URL("highlight.worker-xyz.js", import.meta.url));');
  fs.writeFileSync(path.join(root, 'assets', 'highlight.worker-xyz.js'), 'self.onmessage = () => {};');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.css'), 'body{}');
  fs.writeFileSync(path.join(root, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(base, 'secret.txt'), 'outside the root');
  fs.symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
  handler = appRequestHandler(root);
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

const get = (url: string, init?: RequestInit) => handler(new Request(url, init));

describe('registerAppScheme', () => {
  it('registers app: with exactly the privileges the page needs, and no others', () => {
    const registerSchemesAsPrivileged = vi.fn();
    registerAppScheme({ registerSchemesAsPrivileged });
    expect(registerSchemesAsPrivileged.mock.calls).toStrictEqual([
      [
        [
          {
            scheme: 'app',
            privileges: {
              standard: true,
              secure: true,
              supportFetchAPI: true,
              bypassCSP: false,
              corsEnabled: false,
              allowServiceWorkers: false,
              stream: false,
              codeCache: false,
            },
          },
        ],
      ],
    ]);
  });

  it('serveAppScheme hands app: requests to the handler for the given folder', async () => {
    const handle = vi.fn();
    serveAppScheme({ handle }, root);
    expect(handle).toHaveBeenCalledWith('app', expect.any(Function));
    const served = (await (handle.mock.calls[0]![1] as typeof handler)(new Request(APP_PAGE_URL))) as Response;
    expect(await served.text()).toContain('<title>clide</title>');
  });
});

describe('appRequestHandler', () => {
  it('serves the MCP App frame page with its own sandboxing policy, framed only by app://clide', async () => {
    const res = await get('app://clide/mcp-app-frame.html');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(APP_FRAME_HTML);
    const headers = Object.fromEntries(res.headers);
    expect(headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': appFrameCsp(['app://clide']),
      'cache-control': 'no-store',
    });
    expect(headers['x-frame-options']).toBeUndefined();
    expect(headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(headers['content-security-policy']).toContain('frame-ancestors app://clide;');
  });

  it('serves the page with its content type and the security headers, the CSP included', async () => {
    const res = await get('app://clide/index.html');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<!doctype html><title>clide</title>');
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'x-frame-options': 'DENY',
    });
    const fromRoot = await get('app://clide/?tab=2#x');
    expect(fromRoot.status).toBe(200);
  });

  it('serves the bundle, and the worker URL the bundle builds resolves under app://clide as JavaScript', async () => {
    const bundleUrl = 'app://clide/assets/index-abc.js';
    const bundle = await get(bundleUrl);
    expect(bundle.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const workerUrl = new URL('highlight.worker-xyz.js', bundleUrl);
    // Same origin as the page, so worker-src 'self' covers it (module workers need a JS type).
    expect(workerUrl.href).toBe('app://clide/assets/highlight.worker-xyz.js');
    const worker = await get(workerUrl.href);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('app://clide/assets/index-abc.css')).headers.get('content-type')).toBe('text/css; charset=utf-8');
  });

  it('answers HEAD without a body', async () => {
    const res = await get('app://clide/index.html', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it.each([
    'app://clide/../secret.txt',
    'app://clide/assets/..%2f..%2fsecret.txt',
    'app://clide/assets/%2e%2e/%2e%2e/secret.txt',
    'app://clide/assets%5c..%5c..%5csecret.txt',
    'app://clide/assets/link.txt',
    'app://clide/.env',
    'app://clide/assets',
    'app://clide/assets/',
    'app://clide/missing.js',
    'app://clide/index.html%00.js',
    'app://clide/%E0%A4%A',
    'app://other/index.html',
    'app://clide:8080/index.html',
    'file:///etc/passwd',
    'https://clide/index.html',
  ])('refuses %s with 404 and no file content', async (url) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await get(url);
    warn.mockRestore();
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).toBe('Not found');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('refuses anything but GET and HEAD', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await get('app://clide/index.html', { method: 'POST', body: 'x' });
    warn.mockRestore();
    expect(res.status).toBe(405);
  });
});

describe('hasAppPage', () => {
  it('is true for a built renderer folder and false without one', () => {
    expect(hasAppPage(root)).toBe(true);
    expect(hasAppPage(path.join(base, 'nothing-built'))).toBe(false);
  });
});
