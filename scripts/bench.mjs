#!/usr/bin/env node
// npm run bench [-- --only C1,C4] [-- --area core]
//
// Runs every benchmark suite (bench/<area>/*.bench.ts or .mjs) in its own Node process and
// prints one JSON line per figure, {"name","value","baseline","ratio","target",...}, then a
// short table. Each figure is a ratio against a baseline measured in the same run (machines
// here are shared and noisy, so absolute times say little; a ratio says how clide compares).
//
// Exit status: non-zero only when something broke (a suite crashed or printed a malformed
// figure), never because a figure missed its target: benchmarks report, they do not gate.
//
// The suite contract, for new areas (e.g. bench/renderer/, measured in Chromium):
//   - a suite is a file named *.bench.ts or *.bench.mjs under bench/<area>/;
//   - it is bundled with esbuild into .bench/ the way the app is built (no keepNames helpers,
//     packages left external) and run as `node --expose-gc --no-flush-bytecode <bundle>`, with BENCH_ONLY set to
//     the figure names asked for (comma-separated; empty means all) and cwd = the repository
//     root (if esbuild is missing it runs through tsx instead, a little slower);
//   - it prints each figure as one JSON line on stdout: name, value, baseline, ratio (value /
//     baseline), target (the highest acceptable ratio), plus optional unit, met, note;
//     or {"name","skipped":"reason"} when it cannot run here; anything else goes to stderr;
//   - it exits 0 when it measured what it could, within SUITE_TIMEOUT_MS;
//   - optionally, a comment line `// bench-figures: C1 C2` near its top names the figures it
//     reports, so `--only` skips suites that have none of them (without it, a suite in area
//     `renderer` is assumed to report R-figures, `core` C-figures: the area's initial).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const opts = { only: [], areas: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a.startsWith('--only'))
      opts.only.push(
        ...value()
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      );
    else if (a.startsWith('--area'))
      opts.areas.push(
        ...value()
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    else if (a === '--help' || a === '-h') {
      process.stdout.write('usage: npm run bench [-- --only C1,C4] [-- --area core,renderer]\n');
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  return opts;
}

function findSuites(areas) {
  const benchDir = path.join(root, 'bench');
  if (!fs.existsSync(benchDir)) return [];
  const out = [];
  for (const area of fs.readdirSync(benchDir).sort()) {
    const dir = path.join(benchDir, area);
    if (!fs.statSync(dir).isDirectory() || (areas.length > 0 && !areas.includes(area))) continue;
    for (const f of fs.readdirSync(dir).sort()) if (/\.bench\.(ts|mjs)$/.test(f)) out.push({ area, file: path.join(dir, f) });
  }
  return out;
}

const SUITE_TIMEOUT_MS = 20 * 60 * 1000;

/** A suite that needs longer says so near its top: `// bench-timeout-minutes: 45`. */
function suiteTimeoutMs(suite) {
  const m = /bench-timeout-minutes:\s*(\d+)/.exec(fs.readFileSync(suite.file, 'utf8').slice(0, 2000));
  return m ? Number(m[1]) * 60 * 1000 : SUITE_TIMEOUT_MS;
}

/** The figures a suite says it reports (its `bench-figures:` line), else its area's initial. */
function suiteReports(suite, names) {
  const head = fs.readFileSync(suite.file, 'utf8').slice(0, 2000);
  const declared = /bench-figures:\s*([A-Z0-9 ,-]+)/.exec(head);
  if (declared) return names.some((n) => declared[1].split(/[\s,]+/).includes(n));
  return names.some((n) => n.startsWith(suite.area[0].toUpperCase()));
}

function isFigure(x) {
  if (!x || typeof x !== 'object' || typeof x.name !== 'string') return false;
  if (typeof x.skipped === 'string') return true;
  return ['value', 'baseline', 'ratio', 'target'].every((k) => typeof x[k] === 'number' && Number.isFinite(x[k]));
}

/** Bundle a suite like the production build; undefined when esbuild is not available. */
async function bundle(suite) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return undefined;
  }
  const outfile = path.join(root, '.bench', suite.area, path.basename(suite.file).replace(/\.(ts|mjs)$/, '.mjs'));
  await esbuild.build({
    entryPoints: [suite.file],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

async function runSuite(suite, only) {
  const bundled = await bundle(suite);
  // --no-flush-bytecode: the suites force a GC before every timed run; V8 would otherwise drop
  // the compiled code of functions idle for a few GCs and bill its recompilation to the next
  // run, an artefact of measuring that a running app does not have.
  const flags = ['--expose-gc', '--no-flush-bytecode'];
  const args = bundled ? [...flags, bundled] : [...flags, '--import', 'tsx', suite.file];
  return new Promise((resolve) => {
    const figures = [];
    const problems = [];
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, BENCH_ONLY: only.join(',') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buf = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text) => {
      buf += text;
      let nl;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line) continue;
        let parsed;
        try {
          parsed = JSON.parse(line);
        } catch {
          process.stderr.write(`${line}\n`);
          continue;
        }
        if (!isFigure(parsed)) {
          problems.push(`malformed figure from ${path.relative(root, suite.file)}: ${line.slice(0, 200)}`);
          continue;
        }
        figures.push(parsed);
        process.stdout.write(`${JSON.stringify(parsed)}\n`);
      }
    });
    const timeoutMs = suiteTimeoutMs(suite);
    const timer = setTimeout(() => {
      problems.push(`${path.relative(root, suite.file)} took longer than ${timeoutMs / 60000} minutes and was stopped`);
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) problems.push(`${path.relative(root, suite.file)} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`);
      resolve({ figures, problems });
    });
  });
}

function fmt(n) {
  if (!Number.isFinite(n)) return String(n);
  const a = Math.abs(n);
  if (a >= 1000) return n.toFixed(0);
  if (a >= 10) return n.toFixed(1);
  if (a >= 0.01) return n.toFixed(3);
  return n.toPrecision(2);
}

function table(figures) {
  const rows = [['figure', 'value', 'baseline', 'unit', 'ratio', 'target', 'result']];
  for (const f of figures) {
    if (f.skipped) {
      rows.push([f.name, '-', '-', '', '-', '-', `skipped: ${f.skipped}`]);
      continue;
    }
    const met = f.met ?? f.ratio <= f.target;
    rows.push([f.name, fmt(f.value), fmt(f.baseline), f.unit ?? '', `${fmt(f.ratio)}x`, `<= ${fmt(f.target)}x`, met ? 'ok' : 'MISSED']);
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => String(cell).padEnd(widths[c]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const suites = findSuites(opts.areas);
  if (suites.length === 0) throw new Error('no benchmark suites found under bench/');
  const figures = [];
  const problems = [];
  for (const suite of suites) {
    if (opts.only.length > 0 && !suiteReports(suite, opts.only)) continue;
    const r = await runSuite(suite, opts.only);
    figures.push(...r.figures);
    problems.push(...r.problems);
  }
  const order = (name) => {
    const m = /^([A-Z]+)(\d+)$/.exec(name);
    return m ? `${m[1]}${m[2].padStart(4, '0')}` : name;
  };
  figures.sort((a, b) => order(a.name).localeCompare(order(b.name)));
  process.stdout.write(`\n${table(figures)}\n`);
  const missing = opts.only.filter((n) => !figures.some((f) => f.name === n));
  for (const n of missing) problems.push(`no suite reported ${n}`);
  if (problems.length > 0) {
    process.stderr.write(`\nbench: ${problems.join('\nbench: ')}\n`);
    process.exitCode = 1;
  }
}

main().catch((err) => {
  process.stderr.write(`bench: ${err.stack ?? err}\n`);
  process.exitCode = 1;
});
