#!/usr/bin/env node
// `npm run test:e2e`: build the renderer and the browser host when missing or stale, then run Playwright
// (playwright.config.ts). Extra arguments go to `playwright test`, e.g. a file or --grep.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRendererBuilt, ensureServerBuilt } from './web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(root, 'node_modules', '@playwright', 'test', 'cli.js');

if (!fs.existsSync(cli)) {
  process.stderr.write(`e2e: Playwright is not installed (${cli} is missing): run npm ci first.\n`);
  process.exit(1);
}
if (!process.env.CLIDE_CHROMIUM && !fs.existsSync('/usr/bin/chromium-headless-shell') && !fs.existsSync('/usr/bin/chromium')) {
  process.stderr.write(
    'e2e: no Chromium at /usr/bin/chromium-headless-shell or /usr/bin/chromium. Install one (Debian: apt-get install chromium-headless-shell), or set CLIDE_CHROMIUM to a Chromium binary; falling back to a browser installed by Playwright, if any.\n',
  );
} else if (!process.env.CLIDE_CHROMIUM && !fs.existsSync('/usr/bin/chromium-headless-shell')) {
  process.stderr.write("e2e: using the full Chromium; Debian's chromium-headless-shell runs these tests about twice as fast.\n");
}
try {
  await ensureRendererBuilt();
  await ensureServerBuilt();
} catch (err) {
  process.stderr.write(`e2e: ${err.message}\n`);
  process.exit(1);
}
const child = spawn(process.execPath, [cli, 'test', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
