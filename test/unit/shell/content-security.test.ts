import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import {
  APP_FRAME_URL,
  CONTENT_SECURITY_POLICY,
  installContentSecurityPolicy,
  installPermissionPolicy,
  isAppFrameUrl,
} from '../../../electron/shell/content-security';
import { APP_ORIGIN } from '../../../electron/shell/app-protocol';
import { appFrameCsp } from '../../../electron/web/app-frame';
import { rendererLocation } from '../../../electron/shell/renderer-location';

function parse(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out.set(name, sources);
  }
  return out;
}

function metaPolicy(): string {
  const html = readFileSync(new URL('../../../renderer/index.html', import.meta.url), 'utf8');
  const match = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('renderer/index.html has no meta Content-Security-Policy');
  return match[1];
}

const header = parse(CONTENT_SECURITY_POLICY);

describe('content security policy', () => {
  it('never allows eval or inline script', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).not.toContain('wasm-unsafe-eval');
    expect(header.get('script-src')).toEqual(["'self'"]);
  });

  it('allows no remote source anywhere', () => {
    for (const [name, sources] of header) {
      for (const s of sources) {
        // The one frame: the MCP App page on the app's own origin (its own policy is checked below).
        const local = /^'(self|none|unsafe-inline)'$/.test(s) || s === 'data:' || s === 'blob:' || (name === 'frame-src' && s === APP_FRAME_URL);
        expect(local, `${name} allows ${s}`).toBe(true);
      }
    }
    expect(header.get('img-src')).not.toContain('https:');
    expect(header.get('default-src')).toEqual(["'self'"]);
    expect(header.get('object-src')).toEqual(["'none'"]);
    expect(header.get('frame-src')).toEqual(['app://clide/mcp-app-frame.html']);
    expect(APP_FRAME_URL).toBe(`${APP_ORIGIN}/mcp-app-frame.html`);
  });

  it('is exactly the desktop policy: everything from app://clide itself, workers included, nothing from elsewhere', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
        "connect-src 'self'; worker-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src app://clide/mcp-app-frame.html",
    );
  });

  it('matches the page meta policy directive by directive, equal or stricter', () => {
    const meta = parse(metaPolicy());
    expect([...header.keys()].sort()).toEqual([...meta.keys()].sort());
    for (const [name, sources] of header) {
      for (const s of sources) expect(meta.get(name), `${name} ${s} is not in the page's own policy`).toContain(s);
    }
  });

  it('is set on every response, keeping the other headers', () => {
    let listener: ((details: unknown, cb: (r: unknown) => void) => void) | undefined;
    installContentSecurityPolicy({ webRequest: { onHeadersReceived: (l: typeof listener) => (listener = l) } } as never);
    const callback = vi.fn();
    listener?.({ url: 'app://clide/index.html', responseHeaders: { 'Content-Type': ['text/html'] } }, callback);
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });

  it("leaves the MCP App frame page its own sandboxing policy, and only that page's", () => {
    let listener: ((details: unknown, cb: (r: unknown) => void) => void) | undefined;
    installContentSecurityPolicy({ webRequest: { onHeadersReceived: (l: typeof listener) => (listener = l) } } as never);
    const frame = appFrameCsp([APP_ORIGIN]);
    const answer = (url: string, responseHeaders: Record<string, string[]>) => {
      const callback = vi.fn();
      listener?.({ url, responseHeaders }, callback);
      return (callback.mock.calls[0]?.[0] as { responseHeaders: Record<string, string[]> }).responseHeaders['Content-Security-Policy'];
    };
    expect(answer(APP_FRAME_URL, { 'content-security-policy': [frame] })).toBeUndefined();
    // The frame's header is kept as it came (the key's case is Electron's).
    const kept = vi.fn();
    listener?.({ url: `${APP_FRAME_URL}?x=1`, responseHeaders: { 'content-security-policy': [frame] } }, kept);
    expect(kept).toHaveBeenCalledWith({ responseHeaders: { 'content-security-policy': [frame] } });
    // Anything else gets the window's policy, even claiming a sandbox; so does the frame without its own.
    expect(answer('app://clide/index.html', { 'content-security-policy': [frame] })).toEqual([CONTENT_SECURITY_POLICY]);
    expect(answer('app://clide/mcp-app-frame.htm', { 'content-security-policy': [frame] })).toEqual([CONTENT_SECURITY_POLICY]);
    expect(answer('https://evil.example/mcp-app-frame.html', { 'content-security-policy': [frame] })).toEqual([CONTENT_SECURITY_POLICY]);
    expect(answer(APP_FRAME_URL, {})).toEqual([CONTENT_SECURITY_POLICY]);
    expect(isAppFrameUrl('app://user@clide/mcp-app-frame.html')).toBe(false);
  });
});

describe('the MCP App frame policy', () => {
  const frame = parse(appFrameCsp([APP_ORIGIN]));

  it('sandboxes the page to an opaque origin with scripts, and gives it no network at all', () => {
    expect(frame.get('sandbox')).toEqual(['allow-scripts']);
    expect(frame.get('default-src')).toEqual(["'none'"]);
    expect(frame.get('connect-src')).toEqual(["'none'"]);
    expect(frame.get('script-src')).toEqual(["'unsafe-inline'"]);
    expect(frame.get('img-src')).toEqual(['data:', 'blob:']);
    expect(frame.get('frame-ancestors')).toEqual(['app://clide']);
    // Every HTML string the app gives the DOM goes through the loader's policy, and it can make
    // no policy of its own (the loader takes both names): no frame of its own with fresh globals.
    expect(frame.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(frame.get('trusted-types')).toEqual(['default', 'clide-loader']);
    for (const [name, sources] of frame) {
      if (['frame-ancestors', 'sandbox', 'require-trusted-types-for', 'trusted-types'].includes(name)) continue;
      for (const s of sources) expect(['data:', 'blob:', "'none'", "'unsafe-inline'"], `${name} allows ${s}`).toContain(s);
    }
  });
});

describe('permission policy', () => {
  const appUrl = 'app://clide/index.html';
  const { isAppPage } = rendererLocation({ rendererDir: '/opt/clide/out/renderer' });

  function install() {
    const handlers: Record<string, (...args: never[]) => unknown> = {};
    installPermissionPolicy(
      {
        setPermissionRequestHandler: (h: never) => (handlers['request'] = h),
        setPermissionCheckHandler: (h: never) => (handlers['check'] = h),
        setDevicePermissionHandler: (h: never) => (handlers['device'] = h),
      } as never,
      isAppPage,
    );
    const request = (permission: string, requestingUrl: string): boolean => {
      let granted: boolean | undefined;
      (handlers['request'] as unknown as (...a: unknown[]) => void)({}, permission, (g: boolean) => (granted = g), { requestingUrl });
      if (granted === undefined) throw new Error('the request handler never answered');
      return granted;
    };
    const check = (permission: string, requestingUrl?: string): boolean =>
      (handlers['check'] as unknown as (...a: unknown[]) => boolean)({}, permission, 'app://clide', { requestingUrl });
    return { request, check, device: handlers['device'] as unknown as () => boolean };
  }

  it('denies everything the app does not need', () => {
    const { request, check, device } = install();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const p of ['media', 'geolocation', 'openExternal', 'clipboard-read', 'fullscreen', 'hid', 'serial', 'usb', 'midiSysex', 'unknown']) {
      expect(request(p, appUrl), p).toBe(false);
      expect(check(p, appUrl), p).toBe(false);
    }
    warn.mockRestore();
    expect(device()).toBe(false);
  });

  it('grants copy and notifications to the app page only', () => {
    const { request, check } = install();
    expect(request('clipboard-sanitized-write', appUrl)).toBe(true);
    expect(request('notifications', appUrl)).toBe(true);
    expect(check('clipboard-sanitized-write', appUrl)).toBe(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(request('clipboard-sanitized-write', 'https://example.com/')).toBe(false);
    expect(request('notifications', 'file:///tmp/other.html')).toBe(false);
    expect(request('notifications', 'file:///opt/clide/out/renderer/index.html')).toBe(false);
    expect(request('clipboard-sanitized-write', 'app://clide/assets/x.html')).toBe(false);
    warn.mockRestore();
    expect(check('notifications')).toBe(false);
  });
});
