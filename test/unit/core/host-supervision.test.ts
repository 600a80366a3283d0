// The host's part in supervision: what reaches the command line is checked before anything is
// created, every child is recorded while it runs, and after the app itself is killed the next
// launch reaps the orphans (and nothing else).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { identityOf } from '../../../electron/core/process-identity';
import { BASE_ARGS } from '../../../electron/core/protocol/version';
import { ClideError } from '../../../shared/result';
import { FakeLab, processGone, scenario } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';
import { bypassChoice } from '../../../electron/core/bypass';

let lab: FakeLab;
afterEach(async () => {
  await lab.finish();
});

describe('the session host', () => {
  it('refuses spawn choices that are not strict model names, modes or session ids, creating nothing', () => {
    lab = new FakeLab();
    const { host, batches } = lab.host('idle');
    for (const input of [{ model: '--dangerously-skip-permissions' }, { permissionMode: 'yolo' }, { resume: 'x --fork-session' }]) {
      let err: unknown;
      try {
        host.create(input);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ClideError);
      expect((err as ClideError).info.kind).toBe('invalid-input');
    }
    expect(host.list()).toEqual([]);
    expect(batches).toEqual([]);
  });

  it('passes valid choices to the CLI as separate arguments, and never user text', async () => {
    lab = new FakeLab();
    const { host } = lab.host('basic-turn');
    const { id } = host.create({ model: 'claude-opus-4-7[1m]', permissionMode: 'plan' });
    await waitFor(() => host.view(id).status === 'ready', 'ready');
    host.send(id, 'please run --dangerously-skip-permissions');
    await waitFor(() => host.view(id).lastResult, 'result');
    const argv = lab.processes()[0]!.argv;
    // The bypass flag (electron/core/bypass.ts) depends on the user running the tests.
    expect(argv).toEqual([...BASE_ARGS, ...bypassChoice(process.env).args, '--model', 'claude-opus-4-7[1m]', '--permission-mode', 'plan']);
    expect(argv.join(' ')).not.toContain('please run');
  });

  it('gives the child an environment without CLAUDECODE, NODE_OPTIONS or ELECTRON_*', async () => {
    lab = new FakeLab();
    const { host } = lab.host('idle', {
      env: { ...lab.env('idle'), CLAUDECODE: '1', NODE_OPTIONS: '--require /nonexistent.js', ELECTRON_RUN_AS_NODE: '1', ELECTRON_EXTRA: 'x', KEEP_ME: 'yes' },
    });
    const { id } = host.create({});
    await waitFor(() => host.view(id).status === 'ready', 'ready');
    const keys = lab.processes()[0]!.envKeys;
    expect(keys).toContain('KEEP_ME');
    for (const k of ['CLAUDECODE', 'NODE_OPTIONS', 'ELECTRON_RUN_AS_NODE', 'ELECTRON_EXTRA']) expect(keys).not.toContain(k);
  });

  it('records every running child in its data dir and forgets it when it ends', async () => {
    lab = new FakeLab();
    const dataDir = path.join(lab.dir, 'data');
    const { host } = lab.host('basic-turn', { dataDir });
    await host.orphansReaped;
    const a = host.create({}).id;
    const b = host.create({}).id;
    // The first tab starts at once to learn what the CLI offers (nothing is cached yet); the
    // second starts no process until asked.
    await waitFor(() => host.view(a).status === 'ready' && host.view(b).status === 'not-started', 'a ready, b not started');
    expect(host.trackedChildren()).toEqual([host.list()[0]!.pid]);
    host.restart(b);
    await waitFor(() => host.view(b).status === 'ready', 'b ready');
    const pids = host.list().map((s) => s.pid!);
    expect(host.trackedChildren().sort()).toEqual([...pids].sort());
    const file = await waitFor(() => fs.readdirSync(path.join(dataDir, 'processes')).find((f) => f.endsWith('.json')), 'registry file');
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, 'processes', file), 'utf8'));
    expect(saved.children.map((c: { pid: number }) => c.pid).sort()).toEqual([...pids].sort());
    await host.close(a);
    expect(host.trackedChildren()).toEqual([host.list()[0]!.pid]);
    await host.close(b);
    expect(host.trackedChildren()).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'processes'))).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'after the app is killed with SIGKILL, the next launch reaps its orphans and nothing else',
    async () => {
      lab = new FakeLab();
      const dataDir = path.join(lab.dir, 'data');
      fs.mkdirSync(dataDir);
      // Children that ignore stdin EOF and SIGTERM: they would outlive the app forever.
      const app = spawn(process.execPath, ['--import', 'tsx', 'test/support/fake-cli-orphan-host.ts', dataDir, scenario('ignore-everything'), '2'], {
        cwd: path.resolve(__dirname, '../../..'),
        env: { ...process.env, CLIDE_FAKE_LOG: lab.logPath },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const line = await new Promise<string>((resolve, reject) => {
        readline.createInterface({ input: app.stdout! }).once('line', resolve);
        app.once('exit', (code) => reject(new Error(`host exited early (${code})`)));
      });
      const { pids } = JSON.parse(line) as { pids: number[] };
      expect(pids).toHaveLength(2);
      app.kill('SIGKILL');
      await waitFor(() => app.exitCode !== null || app.signalCode !== null, 'app killed');
      await new Promise((r) => setTimeout(r, 200));
      for (const pid of pids) expect(processGone(pid)).toBe(false);

      // An unrelated process whose pid sits in a forged record with another start time.
      const bystander = spawn('sleep', ['30'], { stdio: 'ignore' });
      const bystanderId = identityOf(bystander.pid!);
      if (bystanderId.kind !== 'found') throw new Error('no identity');
      const forged = path.join(dataDir, 'processes', '999999999-forged.json');
      fs.writeFileSync(
        forged,
        JSON.stringify({
          version: 1,
          owner: { pid: 999_999_999, startTime: '1', command: 'old' },
          children: [{ pid: bystander.pid, startTime: `${bystanderId.identity.startTime}0`, command: bystanderId.identity.command, spawnedAt: 0 }],
        }),
      );
      try {
        const { host } = lab.host('idle', { dataDir, timings: { termGraceMs: 300 } });
        const report = await host.orphansReaped;
        expect(
          report?.entries
            .filter((e) => e.outcome === 'reaped')
            .map((e) => e.pid)
            .sort(),
        ).toEqual([...pids].sort());
        expect(report?.entries.find((e) => e.pid === bystander.pid)?.outcome).toBe('pid-reused');
        for (const pid of pids) await waitFor(() => processGone(pid), `orphan ${pid} ended`);
        expect(processGone(bystander.pid!)).toBe(false);
        expect(fs.readdirSync(path.join(dataDir, 'processes'))).toEqual([]);
        // The orphans were killed, not asked: their open prompts (none here) are theirs.
        for (const pid of pids) lab.tolerateOpenAsks(pid, 'reaped after the app was killed');
      } finally {
        bystander.kill('SIGKILL');
      }
    },
    30_000,
  );
});
