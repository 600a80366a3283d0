#!/usr/bin/env node
// `npm run test:integration:next`: the whole integration suite again, on the newer Claude Code
// that ships in the Agent SDK's platform package (@anthropic-ai/claude-agent-sdk-<platform>),
// so a CLI upgrade's protocol drift shows up as a failing test before users meet it. Extra
// arguments go to vitest (a file, -t). CLIDE_TEST_CLI may name another `claude` to run instead.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const choice = process.env.CLIDE_TEST_CLI?.trim() || 'next';
const bin =
  choice === 'next'
    ? path.join(
        root,
        'node_modules',
        '@anthropic-ai',
        `claude-agent-sdk-${process.platform}-${process.arch}`,
        process.platform === 'win32' ? 'claude.exe' : 'claude',
      )
    : path.resolve(choice);
if (!fs.existsSync(bin)) {
  process.stderr.write(`integration (next CLI): ${bin} is missing; run npm ci (the Agent SDK's platform package carries it).\n`);
  process.exit(1);
}
const version = spawnSync(bin, ['--version'], { encoding: 'utf8', env: { ...process.env, DISABLE_AUTOUPDATER: '1' } }).stdout.trim();
process.stdout.write(`integration suite on ${bin} (${version || 'version unknown'})\n`);

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', '--project', 'integration', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CLIDE_TEST_CLI: choice },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
