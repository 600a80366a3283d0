// bench-figures: S1
// S1: Enter to the first streamed token on a session over ssh (a real sshd on 127.0.0.1, the
// pinned CLI on the "remote", the loopback fake API) against a local session of the same CLI in
// the same host, rounds alternating between the two. Wall time: the work happens in the CLI,
// ssh and sshd processes. The same figure checks the shared connection: the second tab on the
// host must not open a second TCP connection (sshd's log counts the logins).
import { performance } from 'node:perf_hooks';
import { text } from '../../test/support/fake-api';
import { startRemoteRig } from '../../test/support/remote-rig';
import { sshdAvailable } from '../../test/support/sshd';
import type { SessionHost } from '../../electron/core/host';
import type { AppEvent } from '../../shared/ipc';
import { log, median, report, skip, wanted } from './lib';
import { until } from './live';

const ROUNDS = 7;
const TARGET = 1.5;

/** Milliseconds from send to the first text delta of that turn. */
async function firstToken(host: SessionHost, events: AppEvent[], id: string, prompt: string): Promise<number> {
  const from = events.length;
  const delta = () => events.slice(from).some((e) => e.type === 'session-events' && e.id === id && e.events.some((s) => s.kind === 'block-delta'));
  const t0 = performance.now();
  host.send(id, prompt);
  await until(delta, `first token on ${id}`);
  const ms = performance.now() - t0;
  await until(() => host.view(id).status === 'ready', `turn on ${id} done`);
  return ms;
}

async function main(): Promise<void> {
  if (!wanted('S1')) return;
  if (!sshdAvailable()) return skip('S1', 'no OpenSSH server at /usr/sbin/sshd (apt-get install openssh-server openssh-client)');
  const rig = await startRemoteRig(() => text('The first words of a streamed answer, and then some more of them.', { chunk: 8, delayMs: 5 }));
  try {
    const { host, events } = rig;
    const local = host.create({ cwd: rig.sandbox.cwd }).id;
    const before = rig.sshd.connections();
    const remote = host.create({ location: rig.location, cwd: rig.remoteCwd }).id;
    await until(() => host.view(local).status === 'ready' && host.view(remote).status === 'ready', 'both tabs ready');
    const second = host.create({ location: rig.location, cwd: rig.remoteCwd }).id;
    await until(() => host.view(second).status === 'ready', 'second remote tab ready');
    const tcp = rig.sshd.connections() - before;

    // One warm-up turn each (the CLI's first turn reads more), then alternating rounds.
    await firstToken(host, events, local, 'warm up');
    await firstToken(host, events, remote, 'warm up');
    const samples: Record<'local' | 'remote', number[]> = { local: [], remote: [] };
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? (['local', 'remote'] as const) : (['remote', 'local'] as const);
      for (const which of order) samples[which].push(await firstToken(host, events, which === 'local' ? local : remote, `round ${r}`));
    }
    const value = median(samples.remote);
    const baseline = median(samples.local);
    log(
      `S1 first token: remote ${samples.remote.map((v) => v.toFixed(0)).join(' ')} ms; local ${samples.local.map((v) => v.toFixed(0)).join(' ')} ms; tcp connections for 2 tabs: ${tcp}`,
    );
    report({
      name: 'S1',
      value,
      baseline,
      target: TARGET,
      unit: 'ms',
      met: value / baseline <= TARGET && tcp === 1,
      note: `first streamed token over ssh (loopback sshd) vs local, median of ${ROUNDS}; 2 tabs on the host opened ${tcp} TCP connection${tcp === 1 ? '' : 's'} (target 1)`,
    });
  } finally {
    await rig.dispose();
  }
}

await main();
