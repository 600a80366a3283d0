// Serving the built renderer (out/renderer) and nothing else: every path is resolved inside
// the root, after symlinks, so `..`, encoded separators and links cannot reach other files.
import fs from 'node:fs';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentType(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file under `root` that a request path names, or undefined when it names nothing
 * servable: outside the root, a dot-file, a directory, malformed escapes, or a NUL byte.
 * `/` is index.html.
 */
export function resolveStatic(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '');
  } catch {
    return undefined;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const rel = decoded === '/' ? 'index.html' : decoded.slice(1);
  const segments = rel.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.'))) return undefined;
  let realRoot: string;
  let real: string;
  try {
    realRoot = fs.realpathSync(root);
    real = fs.realpathSync(path.join(realRoot, ...segments));
  } catch {
    return undefined;
  }
  if (!real.startsWith(realRoot + path.sep)) return undefined;
  try {
    if (!fs.statSync(real).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return real;
}

const FALLBACK_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-src 'none'";

/**
 * The policy the page declares in its own <meta> tag, so the header and the meta never
 * disagree. `frame-ancestors` only works as a header, so it is added here.
 */
export function cspFromHtml(html: string): string {
  const meta = /<meta\s+http-equiv=(["'])Content-Security-Policy\1\s+content=(["'])([\s\S]*?)\2/i.exec(html);
  const policy = (meta?.[3] ?? FALLBACK_CSP).replace(/\s+/g, ' ').trim().replace(/;\s*$/, '');
  return /frame-ancestors/.test(policy) ? policy : `${policy}; frame-ancestors 'none'`;
}

/**
 * The policy as this host sends it: the page's meta allows the MCP App frame on any loopback
 * port (it cannot know the port), the header only on this host's own, so an app cannot move its
 * frame to another local server.
 */
export function onPort(csp: string, port: number): string {
  return csp.replace(/(http:\/\/(?:127\.0\.0\.1|localhost)):\*(\/mcp-app-frame\.html)/g, `$1:${port}$2`);
}

export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/**
 * index.html names the current build's assets, so it is never cached (a rebuild while the
 * host runs is picked up on reload); Vite's hashed assets never change under the same name.
 */
export function cacheControl(root: string, file: string): string {
  const rel = path.relative(fs.realpathSync(root), file);
  if (rel === 'index.html' || !rel.startsWith(`assets${path.sep}`)) return 'no-store';
  return 'private, max-age=31536000, immutable';
}
