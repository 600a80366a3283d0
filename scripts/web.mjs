#!/usr/bin/env node
// `npm run web`: the browser host. Builds what it needs first, each only when missing or
// older than its sources: the renderer (out/renderer) and the server, bundled by Vite's SSR
// build into one file (out/web/main.mjs) that plain Node starts in a fraction of a second.
// stdout carries only the `clide web: <url>` line; build output goes to stderr.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const targets = {
  renderer: {
    output: 'out/renderer/index.html',
    // Outside out/renderer, because the build empties that folder and the server serves it.
    stamp: 'out/.renderer-build.json',
    sources: ['renderer/index.html', 'renderer/vite.config.ts', 'renderer/src', 'renderer/public', 'shared', 'package-lock.json'],
    build: buildRenderer,
  },
  server: {
    output: 'out/web/main.mjs',
    stamp: 'out/.web-build.json',
    sources: ['electron/core', 'electron/web', 'shared', 'package-lock.json'],
    build: buildServer,
  },
};

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

function staleReason(target) {
  if (!fs.existsSync(path.join(root, target.output))) return `${target.output} is missing`;
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, target.stamp), 'utf8'));
  } catch {
    return 'no record of the last build';
  }
  // The build's start time, not its end: a source saved during a build makes it stale.
  const newest = Math.max(...target.sources.map((s) => newestMtime(path.join(root, s))));
  return typeof stamp.startedAt === 'number' && newest <= stamp.startedAt ? undefined : 'sources changed since the last build';
}

async function ensure(name, { force = false } = {}) {
  const target = targets[name];
  const reason = force ? 'forced' : staleReason(target);
  if (!reason) return false;
  process.stderr.write(`[clide web] building the ${name} (${reason})...\n`);
  const startedAt = Date.now();
  try {
    await target.build();
  } catch (err) {
    throw new Error(`The ${name} build failed: ${err?.message ?? err}. Fix the error, then run again.`, { cause: err });
  }
  fs.writeFileSync(path.join(root, target.stamp), JSON.stringify({ startedAt }) + '\n');
  return true;
}

/** Build the renderer if it is missing or stale. Output goes to stderr; rejects when the build fails. */
export function ensureRendererBuilt(opts) {
  return ensure('renderer', opts);
}

/** Build the server bundle if it is missing or stale. */
export function ensureServerBuilt(opts) {
  return ensure('server', opts);
}

async function loadVite() {
  try {
    return await import('vite');
  } catch (err) {
    throw new Error(`Vite could not be loaded (${err.message}); run npm install first.`, { cause: err });
  }
}

/** Vite's log lines, all to stderr: stdout is reserved for the URL line. */
function stderrLogger() {
  const write = (msg) => {
    process.stderr.write(`${msg}\n`);
  };
  const warned = new Set();
  return {
    hasWarned: false,
    info: write,
    warn(msg) {
      this.hasWarned = true;
      write(msg);
    },
    warnOnce(msg) {
      if (warned.has(msg)) return;
      warned.add(msg);
      this.warn(msg);
    },
    error: write,
    clearScreen() {},
    hasErrorLogged: () => false,
  };
}

async function buildRenderer() {
  const { build } = await loadVite();
  // logLevel warn, as for the server: Vite 8's build progress ("transforming...") is printed
  // by the bundler itself, on stdout, which must carry the URL line alone.
  await build({ configFile: path.join(root, 'renderer', 'vite.config.ts'), customLogger: stderrLogger(), logLevel: 'warn' });
}

async function buildServer() {
  const { build } = await loadVite();
  // Built beside the output and renamed into place, so a host starting meanwhile never loads
  // a half-written bundle. ws, zod and ignore are bundled in: loaded from node_modules as
  // their many files, they took twice as long as the whole bundle does to start (R12).
  // node-sqlite3-wasm stays external (it reads its .wasm beside itself), loaded only by the
  // search index's worker thread, a second entry (electron/core/search/service.ts).
  const outDir = path.join(root, 'out', 'web');
  const tmpDir = path.join(root, 'out', `.web-build-${process.pid}`);
  try {
    await build({
      configFile: false,
      root,
      customLogger: stderrLogger(),
      logLevel: 'warn',
      ssr: { noExternal: ['zod', 'ws', 'ignore'] },
      build: {
        ssr: true,
        outDir: tmpDir,
        emptyOutDir: true,
        target: 'node20',
        sourcemap: true,
        minify: false,
        rolldownOptions: {
          input: { main: path.join(root, 'electron', 'web', 'main.ts'), 'search-worker': path.join(root, 'electron', 'core', 'search', 'worker.ts') },
          output: {
            format: 'es',
            entryFileNames: '[name].mjs',
            chunkFileNames: '[name]-[hash].mjs',
            // The entry listens before the core loads (electron/web/main.ts): zod, which only
            // the core uses, in a chunk of its own rather than hoisted into the entry.
            codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
            // Node reads each module's map as it loads it (source-mapped stack traces): the
            // mappings are what it needs, not a second copy of the sources (2 MB to parse).
            sourcemapExcludeSources: true,
          },
        },
      },
    });
    fs.mkdirSync(outDir, { recursive: true });
    // Chunks first and main.mjs last: whatever loads main.mjs finds everything it imports.
    const files = fs.readdirSync(tmpDir).sort((a, b) => Number(a.startsWith('main.mjs')) - Number(b.startsWith('main.mjs')));
    const stale = fs.readdirSync(outDir).filter((f) => !files.includes(f));
    for (const f of files) fs.renameSync(path.join(tmpDir, f), path.join(outDir, f));
    // The previous build's chunks (their names carry a hash), once nothing new refers to them.
    for (const f of stale) fs.rmSync(path.join(outDir, f), { force: true });
  } finally {
    fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

async function run() {
  const argv = process.argv.slice(2);
  const help = argv.includes('--help') || argv.includes('-h');
  try {
    // --no-build keeps the renderer as it is (tests building it once per run); the server
    // bundle is always current, since running stale server code would mislead.
    if (!help && !argv.includes('--no-build')) await ensureRendererBuilt();
    await ensureServerBuilt();
  } catch (err) {
    process.stderr.write(`clide web: ${err.message}\n`);
    process.exit(1);
  }
  process.setSourceMapsEnabled(true);
  const { main } = await import(pathToFileURL(path.join(root, targets.server.output)).href);
  await main(argv);
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) await run();
