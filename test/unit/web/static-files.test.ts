import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControl, contentType, cspFromHtml, onPort, resolveStatic, securityHeaders } from '../../../electron/web/static-files';

let base: string;
let root: string;

beforeAll(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-static-'));
  root = path.join(base, 'renderer');
  fs.mkdirSync(path.join(root, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
  fs.writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'x');
  fs.writeFileSync(path.join(root, 'assets', 'a b.css'), 'x');
  fs.writeFileSync(path.join(root, '.env'), 'SECRET=1');
  fs.writeFileSync(path.join(base, 'secret.txt'), 'outside');
  fs.symlinkSync(path.join(base, 'secret.txt'), path.join(root, 'assets', 'link.txt'));
});

afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('resolveStatic', () => {
  it('serves index.html for / and files under the root', () => {
    expect(resolveStatic(root, '/')).toBe(fs.realpathSync(path.join(root, 'index.html')));
    expect(resolveStatic(root, '/?token=abc')).toBe(fs.realpathSync(path.join(root, 'index.html')));
    expect(resolveStatic(root, '/assets/index-abc.js')).toBe(fs.realpathSync(path.join(root, 'assets', 'index-abc.js')));
    expect(resolveStatic(root, '/assets/a%20b.css')).toBe(fs.realpathSync(path.join(root, 'assets', 'a b.css')));
  });

  it('never leaves the root, whatever the encoding', () => {
    for (const p of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets%2f..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/link.txt',
      `/${path.join(base, 'secret.txt')}`,
      '//etc/passwd',
      '/assets/%00.js',
      '/%E0%A4%A',
      'assets/index-abc.js',
    ]) {
      expect(resolveStatic(root, p), p).toBeUndefined();
    }
  });

  it('serves no dot-files, directories or missing files', () => {
    expect(resolveStatic(root, '/.env')).toBeUndefined();
    expect(resolveStatic(root, '/assets')).toBeUndefined();
    expect(resolveStatic(root, '/assets/')).toBeUndefined();
    expect(resolveStatic(root, '/nope.js')).toBeUndefined();
    expect(resolveStatic(path.join(base, 'missing'), '/')).toBeUndefined();
  });
});

describe('headers', () => {
  it('take the CSP from the page and forbid framing', () => {
    const html = `<meta\n      http-equiv="Content-Security-Policy"\n      content="default-src 'self'; script-src 'self';\n  connect-src 'self'"\n    />`;
    expect(cspFromHtml(html)).toBe("default-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'");
  });

  it('fall back to a strict CSP when the page has none', () => {
    const csp = cspFromHtml('<html></html>');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('include nosniff and no-referrer', () => {
    expect(securityHeaders('x')).toMatchObject({ 'Content-Security-Policy': 'x', 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
  });

  it('never cache index.html; cache hashed assets', () => {
    expect(cacheControl(root, fs.realpathSync(path.join(root, 'index.html')))).toBe('no-store');
    expect(cacheControl(root, fs.realpathSync(path.join(root, 'assets', 'index-abc.js')))).toContain('immutable');
  });

  it('name content types, defaulting to an opaque one', () => {
    expect(contentType('a.js')).toBe('text/javascript; charset=utf-8');
    expect(contentType('a.HTML')).toBe('text/html; charset=utf-8');
    expect(contentType('a.unknown')).toBe('application/octet-stream');
  });
});

describe('onPort', () => {
  it("narrows the page's MCP App frame sources to this host's own port, and changes nothing else", () => {
    const meta =
      "connect-src 'self' ws://127.0.0.1:*; frame-src app://clide/mcp-app-frame.html http://127.0.0.1:*/mcp-app-frame.html http://localhost:*/mcp-app-frame.html";
    expect(onPort(meta, 4123)).toBe(
      "connect-src 'self' ws://127.0.0.1:*; frame-src app://clide/mcp-app-frame.html http://127.0.0.1:4123/mcp-app-frame.html http://localhost:4123/mcp-app-frame.html",
    );
  });
});
