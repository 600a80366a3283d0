// `npm run dist` (and `npm run release`): build the app with electron-vite, then package it with
// electron-builder. Extra arguments go to electron-builder (e.g. `--mac`, `--win`, `--linux`);
// whether this build must be signed, and may go ahead, is decided in release-signing.ts.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideDist } from './release-signing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

function bin(pkg: string, name: string): string {
  const manifest = require.resolve(`${pkg}/package.json`);
  const bins = (require(manifest) as { bin: Record<string, string> }).bin;
  return path.join(path.dirname(manifest), bins[name]!);
}

function run(file: string, args: string[]): void {
  const r = spawnSync(process.execPath, [file, ...args], { cwd: root, stdio: 'inherit' });
  if (r.error) throw r.error;
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const decision = decideDist({ env: process.env, argv: process.argv.slice(2), platform: process.platform });
process.stderr.write(`dist: ${decision.message}\n`);
if (!decision.ok) process.exit(1);
run(bin('electron-vite', 'electron-vite'), ['build']);
run(bin('electron-builder', 'electron-builder'), decision.builderArgs);
