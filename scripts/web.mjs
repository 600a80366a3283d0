#!/usr/bin/env node
// `npm run web`: the browser host. Builds the renderer into out/renderer when it is missing
// or older than its sources, then runs the server straight from its TypeScript sources
// through tsx (no server build step, so a fresh clone works right after `npm install`).
// stdout carries only the `clide web: <url>` line; build output goes to stderr.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'out', 'renderer');
// Outside out/renderer, because the build empties that folder and the server serves it.
const stampFile = path.join(root, 'out', '.renderer-build.json');
const sources = ['renderer/index.html', 'renderer/vite.config.ts', 'renderer/src', 'renderer/public', 'shared', 'package-lock.json'];

function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs; // a deleted file shows only as a newer directory
  for (const name of fs.readdirSync(p)) {
    if (name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(p, name)));
  }
  return newest;
}

/** Why the renderer must be (re)built, or undefined when out/renderer is current. */
export function rendererStaleReason() {
  if (!fs.existsSync(path.join(outDir, 'index.html'))) return 'out/renderer is missing';
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return 'no record of the last build';
  }
  // The build's start time, not its end: a source saved during a build makes it stale.
  const newest = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  return typeof stamp.startedAt === 'number' && newest <= stamp.startedAt ? undefined : 'sources changed since the last build';
}

/** Build the renderer if needed. Output goes to stderr; rejects when the build fails. */
export async function ensureRendererBuilt({ force = false } = {}) {
  const reason = force ? 'forced' : rendererStaleReason();
  if (!reason) return false;
  process.stderr.write(`[clide web] building the renderer (${reason})...\n`);
  const startedAt = Date.now();
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!fs.existsSync(vite)) throw new Error(`Vite is not installed (${vite} is missing): run npm install first.`);
  const code = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', 'renderer/vite.config.ts'], {
      cwd: root,
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.on('error', reject);
    child.on('exit', (c, signal) => resolve(signal ? 1 : (c ?? 1)));
  });
  if (code !== 0) throw new Error('The renderer build failed (its output is above). Fix the error, then run again.');
  fs.writeFileSync(stampFile, JSON.stringify({ startedAt }) + '\n');
  return true;
}

async function run() {
  const argv = process.argv.slice(2);
  const help = argv.includes('--help') || argv.includes('-h');
  if (!help && !argv.includes('--no-build')) {
    try {
      await ensureRendererBuilt();
    } catch (err) {
      process.stderr.write(`clide web: ${err.message}\n`);
      process.exit(1);
    }
  }
  // Scoped to this import, so tsx does not change how anything else in the process loads.
  const { tsImport } = await import('tsx/esm/api');
  const { main } = await tsImport('../electron/web/main.ts', import.meta.url);
  await main(argv);
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) await run();
