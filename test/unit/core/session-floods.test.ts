// Floods and a child that stops reading: memory stays bounded, the child is never blocked by
// us, and nothing that was received is lost.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { ClideError } from '../../../shared/result';
import { FakeLab, eventsOf } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';
import { blocksOf } from '../../../shared/transcript';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let lab: FakeLab;
afterEach(async () => {
  await lab.finish();
});

function heapAfterGc(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('floods', () => {
  it('10 MB on stderr: drained as it comes (the child never blocks), only the tail kept and shown on failure', async () => {
    lab = new FakeLab();
    const d = lab.start('stderr-flood', { limits: { stderrBytes: 16 * 1024 } });
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('go');
    // A child whose stderr nobody reads blocks for good once the 64 KB pipe is full, and this
    // wait times out; drained as it comes, 10 MB take well under a second on an idle machine.
    const done = await lab.waitForLog((r) => r.ev === 'stderr-done', 'stderr written', 30_000);
    expect(done.bytes).toBe(10 * 1024 * 1024);
    // Generous for a loaded machine; reading in occasional bursts instead would take far longer.
    expect(done.ms as number).toBeLessThan(15_000);
    const f = await waitFor(() => d.view().failure, 'failure');
    expect(f.error.exitCode).toBe(134);
    const detail = f.error.detail ?? '';
    expect(detail).toContain('FINAL-STDERR-LINE: out of memory');
    expect(detail).toMatch(/earlier bytes dropped/);
    expect(detail.length).toBeLessThan(16 * 1024 + 100);
  });

  it('10 MB of stderr chatter does not disturb a normal turn', async () => {
    lab = new FakeLab();
    const d = lab.start('stderr-flood-then-turn');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('go');
    await waitFor(() => d.view().lastResult, 'result', 10_000);
    expect(d.view().status).toBe('ready');
    expect(d.session.connection?.transport.stderrStats().kept).toBeLessThanOrEqual(64 * 1024);
  });

  it('a stdout flood of 200,000 deltas: every character arrives, memory stays bounded', async () => {
    lab = new FakeLab();
    const before = heapAfterGc();
    const d = lab.start('stdout-flood');
    await waitFor(() => d.view().status === 'ready', 'ready');
    let peakPending = 0;
    const probe = setInterval(() => {
      peakPending = Math.max(peakPending, d.session.connection?.transport.queued ?? 0);
    }, 5);
    d.session.send('flood');
    await waitFor(() => d.view().lastResult, 'result', 20_000);
    clearInterval(probe);
    let total = 0;
    for (const e of eventsOf(d.events, 'block-delta')) total += e.text.length;
    expect(total).toBe(200_000 * 8);
    const assistant = d.view().items.find((i) => i.type === 'assistant');
    expect(assistant?.type === 'assistant' && blocksOf(assistant)[0]?.text.length).toBe(1_600_000);
    // ~30 MB of wire passed through; what stays is the 1.6 MB of text the view keeps (plus the
    // event list this test holds on to), not the wire.
    d.events.length = 0;
    const grown = heapAfterGc() - before;
    expect(grown).toBeLessThan(24 * 1024 * 1024);
  });

  it('a child that stops reading stdin: writes queue up to a bound, then are refused; everything accepted arrives in order', async () => {
    lab = new FakeLab();
    const d = lab.start('stops-reading-stdin', { limits: { maxQueuedChars: 2 * 1024 * 1024 } });
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('first');
    await lab.waitForLog((r) => r.ev === 'mark' && r.name === 'stopped-reading', 'stopped reading');
    const big = 'y'.repeat(256 * 1024);
    const accepted: number[] = [];
    let refusal: ClideError | undefined;
    for (let i = 0; i < 40 && !refusal; i++) {
      try {
        d.session.send(`${i}:${big}`);
        accepted.push(i);
      } catch (err) {
        refusal = err as ClideError;
      }
    }
    expect(refusal?.info.kind).toBe('session-busy');
    expect(refusal?.info.message).toMatch(/not reading its input/);
    // Bounded: about 2 MB waits in our queue, however many sends were tried.
    expect(d.session.connection!.transport.queued).toBeLessThanOrEqual(2 * 1024 * 1024 + 300 * 1024);
    expect(accepted.length).toBeGreaterThan(2);
    expect(accepted.length).toBeLessThan(40);
    // Refused messages are not echoed into the transcript (the composer still has the text).
    expect(d.view().items.filter((i) => i.type === 'user')).toHaveLength(1 + accepted.length);
    await lab.waitForLog((r) => r.ev === 'mark' && r.name === 'resumed-reading', 'resumed reading');
    const received = await waitFor(() => {
      const texts = lab
        .log()
        .filter((r) => r.ev === 'recv' && r.type === 'user')
        .map((r) => r.text as string);
      return texts.length === 1 + accepted.length ? texts : undefined;
    }, 'all accepted messages delivered');
    expect(received.slice(1).map((t) => Number(t.split(':')[0]))).toEqual(accepted);
    expect(d.session.connection!.transport.queued).toBe(0);
  });
});
