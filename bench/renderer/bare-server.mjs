#!/usr/bin/env node
// R12's baseline: the barest server that can deliver the built renderer, started the way the
// browser host is (`node <script>`), printing one line, `bare: <url>`, once it listens. Files
// under the folder only, streamed as they are, nothing cached.
//   node bench/renderer/bare-server.mjs out/renderer
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const dir = path.resolve(process.argv[2] ?? 'out/renderer');
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json' };

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const file = path.join(dir, path.normalize(decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname)));
  let size;
  try {
    size = file.startsWith(dir + path.sep) ? fs.statSync(file).size : -1;
  } catch {
    size = -1;
  }
  if (size < 0) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream', 'content-length': String(size), 'cache-control': 'no-store' });
  fs.createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`bare: http://127.0.0.1:${server.address().port}/\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
