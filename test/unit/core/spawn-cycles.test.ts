// A thousand sessions started and ended every way a session can end (stdin EOF, Kill, a
// crash, close while starting): afterwards no zombie, no leaked file descriptor, nothing left
// in the process registry. Uses the minimal shell fake so the cycles cost milliseconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionHost } from '../../../electron/core/host';
import { FAST_TIMINGS } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';

const MIN_FAKE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../support/fake-cli-min.sh');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-cycles-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function openFds(): number {
  return fs.readdirSync('/proc/self/fd').length;
}

function zombieChildren(): number[] {
  const out: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (f[0] === 'Z' && Number(f[1]) === process.pid) out.push(Number(name));
    } catch {
      // Exited while we looked.
    }
  }
  return out;
}

describe.runIf(process.platform === 'linux')('1,000 spawn/kill cycles', () => {
  it('leave no zombie, no leaked fd and an empty process registry', async () => {
    const host = new SessionHost({
      host: 'web',
      env: { PATH: process.env.PATH },
      homeDir: dataDir,
      defaultCwd: dataDir,
      dataDir,
      batchMs: 50,
      findClaude: () => ({ found: true, path: MIN_FAKE, source: 'env' }),
      timings: { ...FAST_TIMINGS, closeGraceMs: 2000, termGraceMs: 1000 },
    });
    await host.orphansReaped;
    // Warm up once so lazily opened handles (timers, the registry dir) are not counted as leaks.
    const warm = host.create({}).id;
    await waitFor(() => host.view(warm).status === 'ready', 'warm-up ready');
    await host.close(warm);
    const fdsBefore = openFds();

    const CYCLES = 1000;
    const PARALLEL = 8;
    let next = 0;
    const ends = { eof: 0, kill: 0, crash: 0, early: 0 };
    async function worker(): Promise<void> {
      while (next < CYCLES) {
        const n = next++;
        const { id } = host.create({});
        const session = host.list().find((s) => s.id === id)!;
        // A tab starts no process until its first message (or until asked, as here).
        if (session.phase === 'idle') host.restart(id);
        const how = n % 4;
        if (how === 3) {
          // Closed before the handshake completed.
          ends.early++;
          await host.close(id);
          continue;
        }
        await waitFor(() => session.phase === 'ready', `cycle ${n} ready`, 10_000);
        if (how === 0) {
          ends.eof++;
          await host.close(id);
        } else if (how === 1) {
          ends.kill++;
          await host.kill(id);
          await host.close(id);
        } else {
          ends.crash++;
          process.kill(session.pid!, 'SIGKILL');
          await waitFor(() => session.phase === 'failed', `cycle ${n} failed`, 10_000);
          await host.close(id);
        }
      }
    }
    await Promise.all(Array.from({ length: PARALLEL }, () => worker()));
    await host.shutdown();
    expect(ends.eof + ends.kill + ends.crash + ends.early).toBe(CYCLES);
    expect(host.list()).toEqual([]);
    expect(host.trackedChildren()).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'processes'))).toEqual([]);
    await waitFor(() => zombieChildren().length === 0, 'no zombies', 5000);
    // Pipes are closed synchronously on exit; allow a moment for the last handles to go.
    await waitFor(() => openFds() <= fdsBefore, `fd count back to ${fdsBefore} (now ${openFds()})`, 5000);
    // A bound against a hang, not a speed claim: 1,000 real processes take about 30 s of CPU,
    // which a loaded two-core machine stretches past two minutes of wall time.
  }, 300_000);
});
