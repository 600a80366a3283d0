#!/usr/bin/env node
// `npm start` and `npm run dev` first make sure Electron's runtime is there: Electron's own
// installer (node_modules/electron/install.js) downloads it once from outside the npm registry.
// When that download fails (no network, a proxy, a mirror that is down) the installer prints a
// raw stack ("TypeError: fetch failed" and five lines of its internals); this says instead what
// failed and what still works without it. Success stays silent.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/';

/** The first line of the installer's error that says something (its message, not a stack frame). */
export function firstReason(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('at '));
  const line = lines.find((l) => /error|failed|ENOTFOUND|ECONN|EAI_AGAIN|status|checksum/i.test(l)) ?? lines[0] ?? '';
  return line.replace(/^(?:\w*Error|HTTPError): /, '');
}

/**
 * The Node range Electron's installer declares (e.g. ">= 22.12.0"), when `nodeVersion` is older
 * than its minimum; undefined when it is new enough or the range says nothing plain.
 */
export function nodeTooOld(electronDir, nodeVersion) {
  let range;
  try {
    range = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8')).engines?.node ?? '';
  } catch {
    return undefined;
  }
  const m = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  if (!m) return undefined;
  const want = m.slice(1).map(Number);
  const have = nodeVersion.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== want[i]) return (have[i] ?? 0) < want[i] ? `${want.join('.')} or newer` : undefined;
  }
  return undefined;
}

/** What to print when the runtime could not be installed. */
export function failureMessage({ version, mirror, reason }) {
  return [
    `clide: Electron ${version}'s runtime could not be downloaded from ${mirror}${reason ? ` (${reason})` : ''}.`,
    'The desktop app needs it: run `npm start` again once this machine can reach that address',
    '(ELECTRON_MIRROR names another place to download it from).',
    'Without it, `npm run web` runs clide in your browser.',
    '',
  ].join('\n');
}

/**
 * Run Electron's installer (`installer`, a script) and resolve with the exit code to use. Its
 * output is kept back and shown only when it says something new: on a failure, the message above.
 */
export function installElectron({
  installer = path.join(root, 'node_modules', 'electron', 'install.js'),
  env = process.env,
  out = process.stderr,
  nodeVersion = process.versions.node,
} = {}) {
  const electronDir = path.dirname(installer);
  let version = '';
  try {
    version = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8')).version ?? '';
  } catch {
    // Reported below with the installer's own failure.
  }
  const needs = nodeTooOld(electronDir, nodeVersion);
  if (needs) {
    out.write(
      `clide: the desktop app's Electron ${version} installs only on Node.js ${needs} (this is ${nodeVersion}).\n` +
        'Use a newer Node for `npm start`; `npm run web` runs clide in your browser on this one.\n',
    );
    return Promise.resolve(1);
  }
  if (!fs.existsSync(installer)) {
    out.write('clide: Electron is not installed (node_modules/electron is missing): run `npm install` first.\n');
    return Promise.resolve(1);
  }
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [installer], { cwd: electronDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => {
      out.write(failureMessage({ version, mirror: env.ELECTRON_MIRROR || DEFAULT_MIRROR, reason: err.message }));
      resolve(1);
    });
    child.on('close', (code) => {
      if (code === 0) {
        resolve(0);
        return;
      }
      out.write(failureMessage({ version, mirror: env.ELECTRON_MIRROR || DEFAULT_MIRROR, reason: firstReason(output) }));
      resolve(code ?? 1);
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  process.exitCode = await installElectron();
}
