#!/usr/bin/env node
// node scripts/stages.mjs <npm script>[,<npm script>...]...  (what `npm test` and `npm run check` are)
//
// Runs the named npm scripts one after another, stops at the first that fails, and says how
// long each took. Scripts joined by commas form one stage that runs them side by side: the
// static checks (tsc, eslint, prettier) each keep one core busy, and two cores do them in half
// the time. Their output is held and printed whole as each finishes, so it never interleaves.
// With CLIDE_STAGE_TIMES set to a file, each script is appended to it as one line
// `label<TAB>seconds<TAB>ok|failed` for the caller to report (.ci/run prints every stage of a
// clean-clone run, its own included, in one table); without it the table is printed here.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const stages = process.argv.slice(2).map((arg) => arg.split(',').filter(Boolean));
if (stages.length === 0 || stages.some((s) => s.length === 0)) {
  process.stderr.write('usage: node scripts/stages.mjs <npm script>[,<npm script>...]...\n');
  process.exit(2);
}

// The npm that started us (npm_execpath), so a stage runs with the same npm as the whole.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
const timesFile = process.env.CLIDE_STAGE_TIMES;

/** `test:unit` reads as `unit` in the table. */
const label = (script) => script.replace(/^test:/, '');

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => children.forEach((c) => c.kill(signal)));

/** Run one npm script; alone it writes straight through, beside others its output is held. */
function run(script, alone) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm[0], [...npm.slice(1), 'run', script], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    const held = [];
    child.stdout?.on('data', (b) => held.push(b));
    child.stderr?.on('data', (b) => held.push(b));
    const finish = (ok) => {
      children.delete(child);
      if (!alone) process.stdout.write(`\n── ${script} ${'─'.repeat(Math.max(0, 60 - script.length))}\n${Buffer.concat(held).toString()}`);
      resolve({ script, seconds: (Date.now() - started) / 1000, ok });
    };
    child.on('error', (err) => {
      process.stderr.write(`stages: could not start npm run ${script}: ${err.message}\n`);
      finish(false);
    });
    child.on('close', (code, signal) => finish(code === 0 && !signal));
  });
}

function formatSeconds(seconds) {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

const done = [];
const began = Date.now();
let failed = false;
for (const group of stages) {
  const results = await Promise.all(group.map((script) => run(script, group.length === 1)));
  for (const r of results) {
    done.push(r);
    const beside =
      group.length > 1
        ? ` (beside ${group
            .filter((s) => s !== r.script)
            .map(label)
            .join(', ')})`
        : '';
    if (timesFile) fs.appendFileSync(timesFile, `${label(r.script)}\t${r.seconds.toFixed(1)}\t${r.ok ? 'ok' : 'failed'}${beside}\n`);
  }
  if (results.some((r) => !r.ok)) {
    failed = true;
    break;
  }
}

const notRun = stages.flat().filter((s) => !done.some((d) => d.script === s));
if (timesFile) {
  for (const script of notRun) fs.appendFileSync(timesFile, `${label(script)}\t\tnot run\n`);
} else {
  const rows = done.map((d) => [label(d.script), formatSeconds(d.seconds), d.ok ? 'ok' : 'FAILED']);
  for (const script of notRun) rows.push([label(script), '-', 'not run']);
  rows.push(['total', formatSeconds((Date.now() - began) / 1000), '']);
  const width = Math.max(...rows.map((r) => r[0].length));
  process.stdout.write(`\nstage times\n${rows.map((r) => `  ${r[0].padEnd(width)}  ${r[1].padStart(6)}  ${r[2]}`.trimEnd()).join('\n')}\n`);
}
process.exitCode = failed ? 1 : 0;
