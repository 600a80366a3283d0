#!/usr/bin/env node
// npm run test:stress [-- --runs 3] [-- --suites unit,integration,e2e] [-- --load 2]
//
// Runs the unit, integration and end-to-end suites several times each (three by default) while
// busy loops (one child process per core by default, two here) keep every core at 100 %, so a
// test that only passes on an idle machine fails here instead of once a week in CI. Every
// failure is reported with its suite, run and test name, then a summary per run; the exit status
// is non-zero when any test failed or a suite did not finish. Not part of `npm test`: it takes
// an hour or more. Each run's full output is kept in a log file whose path is printed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

// The same commands as the npm scripts test:unit, test:integration and test:e2e, plus a JSON
// report written to `report` so failures can be listed by name.
const SUITES = {
  unit: (report) => ({ args: [vitest, 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env: {} }),
  integration: (report) => ({
    args: [vitest, 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    env: {},
  }),
  e2e: (report) => ({ args: [path.join(root, 'scripts', 'e2e.mjs'), '--reporter=list,json'], env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report } }),
};

// A suite that has not finished after this long is stopped and counted as a failure.
const SUITE_TIMEOUT_MS = 60 * 60 * 1000;

function options(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '3' },
      suites: { type: 'string', default: Object.keys(SUITES).join(',') },
      load: { type: 'string', default: '2' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write('usage: npm run test:stress [-- --runs 3] [-- --suites unit,integration,e2e] [-- --load 2]\n');
    process.exit(0);
  }
  const count = (name, min) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} needs a whole number of at least ${min}, got ${values[name]}`);
    return n;
  };
  const suites = values.suites
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = suites.filter((s) => !SUITES[s]);
  if (unknown.length > 0) throw new Error(`unknown suite ${unknown.join(', ')} (known: ${Object.keys(SUITES).join(', ')})`);
  return { runs: count('runs', 1), load: count('load', 0), suites };
}

/** Child processes that spin forever: each keeps one core busy until it is killed. */
function startLoad(count) {
  const loops = [];
  for (let i = 0; i < count; i++) loops.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => {
    for (const loop of loops) loop.kill('SIGKILL');
  };
}

/** Failed tests named in a Vitest JSON report, plus files that failed outside any test. */
function vitestFailures(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) out.push({ test: `${rel} > ${t.fullName}`, message: t.failureMessages?.[0] ?? '' });
    if (file.status === 'failed' && failed.length === 0) out.push({ test: `${rel} (outside any test)`, message: file.message ?? '' });
  }
  return out;
}

/** Failed (or unexpectedly flaky) tests named in a Playwright JSON report. */
function playwrightFailures(report) {
  const out = [];
  const testDir = report.config?.rootDir ?? path.join(root, 'test', 'e2e');
  const walk = (suite, titles) => {
    const here = suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'expected' || t.status === 'skipped') continue;
        const failed = (t.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
        out.push({
          test: `${path.relative(root, path.join(testDir, spec.file))} > ${[...here, spec.title].join(' > ')}`,
          message: failed?.error?.message ?? t.status,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const e of report.errors ?? []) out.push({ test: '(outside any test)', message: e.message ?? String(e) });
  return out;
}

function passedCount(suite, report) {
  return (suite === 'e2e' ? report.stats?.expected : report.numPassedTests) ?? 0;
}

let current; // the suite running now, stopped with its process group on Ctrl+C

function runSuite(suite, run, dir) {
  const report = path.join(dir, `${suite}-${run}.json`);
  const log = path.join(dir, `${suite}-${run}.log`);
  const { args, env } = SUITES[suite](report);
  const started = Date.now();
  return new Promise((resolve) => {
    const out = fs.openSync(log, 'w');
    // Its own process group, so a suite stopped at the timeout takes its claude processes along.
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, NO_COLOR: '1' }, stdio: ['ignore', out, out], detached: true });
    current = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid, 'SIGKILL');
    }, SUITE_TIMEOUT_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      fs.closeSync(out);
      const seconds = (Date.now() - started) / 1000;
      let parsed;
      try {
        parsed = JSON.parse(fs.readFileSync(report, 'utf8'));
      } catch {
        parsed = undefined;
      }
      const failures = parsed ? (suite === 'e2e' ? playwrightFailures(parsed) : vitestFailures(parsed)) : [];
      const passed = parsed ? passedCount(suite, parsed) : 0;
      // A suite that exits non-zero without naming a failed test (a crash, a build error, the
      // timeout) is still a failure: say how it ended and where its output is.
      if (timedOut) failures.push({ test: `(the suite did not finish within ${SUITE_TIMEOUT_MS / 60000} minutes)`, message: '' });
      else if ((code !== 0 || signal) && failures.length === 0) {
        failures.push({
          test: `(the suite ${signal ? `was killed by ${signal}` : `exited with code ${code}`} without a failed test${parsed ? '' : ' or a report'})`,
          message: '',
        });
      }
      resolve({ suite, run, seconds, passed, failures, log });
    });
  });
}

/** The head of a failure message, without colour codes or stack frames inside node_modules. */
function firstLines(text, n) {
  return stripVTControlCharacters(text)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l && !/^\s*at .*node_modules/.test(l))
    .slice(0, n)
    .join('\n      ');
}

async function main() {
  let opts;
  try {
    opts = options(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`stress: ${err.message}\n`);
    process.exit(2);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-stress-'));
  process.stdout.write(`stress: ${opts.runs} run(s) of ${opts.suites.join(', ')} with ${opts.load} busy loop(s); logs in ${dir}\n`);
  const stopLoad = startLoad(opts.load);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopLoad();
      if (current) process.kill(-current.pid, 'SIGKILL');
      process.exit(1);
    });
  }
  const results = [];
  try {
    for (let run = 1; run <= opts.runs; run++) {
      for (const suite of opts.suites) {
        const r = await runSuite(suite, run, dir);
        results.push(r);
        const verdict = r.failures.length === 0 ? 'ok' : `${r.failures.length} FAILED`;
        process.stdout.write(`stress: ${suite} run ${run}: ${r.passed} passed, ${verdict} in ${r.seconds.toFixed(0)} s\n`);
        for (const f of r.failures) process.stdout.write(`  FAIL ${suite} run ${run}: ${f.test}\n      ${firstLines(f.message, 6)}\n`);
      }
    }
  } finally {
    stopLoad();
  }
  const failures = results.flatMap((r) => r.failures.map((f) => ({ ...f, suite: r.suite, run: r.run, log: r.log })));
  process.stdout.write('\nstress summary\n');
  for (const r of results) {
    process.stdout.write(
      `  ${r.suite.padEnd(12)} run ${r.run}  ${String(r.passed).padStart(5)} passed  ${String(r.failures.length).padStart(3)} failed  ${r.seconds.toFixed(0).padStart(5)} s\n`,
    );
  }
  if (failures.length === 0) {
    process.stdout.write(`stress: zero failures in ${results.length} suite runs\n`);
    return;
  }
  process.stdout.write(`stress: ${failures.length} failure(s):\n`);
  for (const f of failures) process.stdout.write(`  ${f.suite} run ${f.run}: ${f.test}  (log: ${f.log})\n`);
  process.exitCode = 1;
}

main().catch((err) => {
  process.stderr.write(`stress: ${err.stack ?? err}\n`);
  process.exitCode = 1;
});
