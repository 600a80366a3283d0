#!/usr/bin/env node
// node scripts/stages.mjs <npm script>...  (what `npm test` and `npm run check` are)
//
// Runs the named npm scripts one after another, stops at the first that fails, and says how
// long each took. With CLIDE_STAGE_TIMES set to a file, each stage is appended to it as one line
// `label<TAB>seconds<TAB>ok|failed` for the caller to report (.ci/run prints every stage of a
// clean-clone run, its own included, in one table); without it the table is printed here.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const stages = process.argv.slice(2);
if (stages.length === 0) {
  process.stderr.write('usage: node scripts/stages.mjs <npm script>...\n');
  process.exit(2);
}

// The npm that started us (npm_execpath), so a stage runs with the same npm as the whole.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
const timesFile = process.env.CLIDE_STAGE_TIMES;

/** `test:unit` reads as `unit` in the table. */
const label = (stage) => stage.replace(/^test:/, '');

let child;
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child?.kill(signal));

function run(stage) {
  return new Promise((resolve) => {
    child = spawn(npm[0], [...npm.slice(1), 'run', stage], { stdio: 'inherit' });
    child.on('error', (err) => {
      process.stderr.write(`stages: could not start npm run ${stage}: ${err.message}\n`);
      resolve(false);
    });
    child.on('exit', (code, signal) => resolve(code === 0 && !signal));
  });
}

function formatSeconds(seconds) {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const done = [];
let failed = false;
for (const stage of stages) {
  const started = Date.now();
  const ok = await run(stage);
  const seconds = (Date.now() - started) / 1000;
  done.push({ stage, seconds, ok });
  if (timesFile) fs.appendFileSync(timesFile, `${label(stage)}\t${seconds.toFixed(1)}\t${ok ? 'ok' : 'failed'}\n`);
  if (!ok) {
    failed = true;
    break;
  }
}

if (timesFile) {
  for (const stage of stages.slice(done.length)) fs.appendFileSync(timesFile, `${label(stage)}\t\tnot run\n`);
} else {
  const rows = done.map((d) => [label(d.stage), formatSeconds(d.seconds), d.ok ? 'ok' : 'FAILED']);
  for (const stage of stages.slice(done.length)) rows.push([label(stage), '-', 'not run']);
  rows.push(['total', formatSeconds(done.reduce((n, d) => n + d.seconds, 0)), '']);
  const width = Math.max(...rows.map((r) => r[0].length));
  process.stdout.write(`\nstage times\n${rows.map((r) => `  ${r[0].padEnd(width)}  ${r[1].padStart(6)}  ${r[2]}`.trimEnd()).join('\n')}\n`);
}
process.exitCode = failed ? 1 : 0;
