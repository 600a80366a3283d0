// Which `claude` clide runs when started from its checkout: `npm run web` puts the checkout's
// node_modules/.bin first on PATH, and that holds the CLI the tests pin, not the one the person
// installed and logged in with. Real processes: the browser host as `npm run web` starts it,
// a real bash as the person's login shell (with a banner, as some profiles print), and small
// stand-in `claude` scripts that print a version.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SessionHost } from '../../electron/core/host';
import type { ClaudeCheck } from '../../shared/ipc';
import { startWebHost, type WebHostProcess } from '../support/web-host';
import { bearer } from '../support/web-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The app's own claude, first on PATH as under `npm run web` (the pinned test CLI). */
const appBin = path.join(root, 'node_modules', '.bin');
const BASH = ['/bin/bash', '/usr/bin/bash'].find((p) => fs.existsSync(p));

let base: string | undefined;
let proc: WebHostProcess | undefined;

afterEach(async () => {
  if (proc) await proc.stop('SIGKILL');
  if (base) fs.rmSync(base, { recursive: true, force: true });
  base = proc = undefined;
});

function standIn(file: string, version: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `#!/bin/sh\necho "${version} (Claude Code)"\n`, { mode: 0o755 });
  return file;
}

function newHome(): string {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-find-'));
  const home = path.join(base, 'home');
  fs.mkdirSync(path.join(home, 'work'), { recursive: true });
  return home;
}

async function checkOver(p: WebHostProcess): Promise<ClaudeCheck> {
  const socket = new WebSocket(`ws://127.0.0.1:${p.port}/ws`, { headers: bearer(p) });
  try {
    const answer = new Promise<ClaudeCheck>((resolve) =>
      socket.on('message', (d) => {
        const f = JSON.parse(d.toString()) as { type: string; id?: number; result?: { value?: ClaudeCheck } };
        if (f.type === 'result' && f.id === 1 && f.result?.value) resolve(f.result.value);
      }),
    );
    await new Promise((resolve, reject) => socket.on('open', resolve).on('error', reject));
    socket.send(JSON.stringify({ type: 'call', id: 1, channel: 'app:checkClaude', input: {} }));
    return await answer;
  } finally {
    socket.terminate();
  }
}

describe('finding claude when clide runs from its checkout', () => {
  it.skipIf(!BASH || process.platform === 'win32')(
    "npm run web: uses the claude the person's login shell finds, not the checkout's own, and says where from and which version",
    async () => {
      expect(fs.existsSync(path.join(appBin, 'claude'))).toBe(true);
      const home = newHome();
      const theirs = standIn(path.join(home, 'tools', 'bin', 'claude'), '9.8.7');
      // Their profile greets them (on stdout) and puts their tools first, as a terminal sees it.
      fs.writeFileSync(path.join(home, '.bash_profile'), 'echo "Welcome back, PATH=/not/this"\nexport PATH="$HOME/tools/bin:$PATH"\n');
      proc = await startWebHost({
        cwd: path.join(home, 'work'),
        env: { HOME: home, SHELL: BASH!, PATH: [appBin, path.dirname(process.execPath), '/usr/bin', '/bin'].join(':') },
        args: ['--no-build'],
      });
      expect(await checkOver(proc)).toEqual({ found: true, path: theirs, source: 'login-shell', version: '9.8.7' });
    },
  );

  it("falls back to ~/.local/bin when the login shell says nothing, never to the app's own on PATH", () => {
    const home = newHome();
    const theirs = standIn(path.join(home, '.local', 'bin', 'claude'), '2.1.400');
    const env = { HOME: home, SHELL: '/bin/false', PATH: [appBin, path.dirname(process.execPath)].join(':') };
    const host = new SessionHost({ host: 'web', env, homeDir: home, defaultCwd: home });
    expect(host.checkClaude()).toEqual({ found: true, path: theirs, source: 'install-location', version: '2.1.400' });
    // The Settings path still wins, and its version is said too (the pinned CLI's, from its package).
    host.workspace.update({ claudePath: path.join(appBin, 'claude') });
    expect(host.checkClaude()).toMatchObject({ found: true, source: 'setting', version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
  });
});
