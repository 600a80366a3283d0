// Stop and shutdown always finish. Stop: open prompts are answered as stopped, `interrupt` is
// sent, and a turn that does not end is terminated. Close: interrupt a running turn, close
// stdin, wait for the flush, SIGTERM the process group, SIGKILL; nothing it started survives.
import { afterEach, describe, expect, it } from 'vitest';
import { DENIED_BY_STOP } from '../../../electron/core/session';
import { FAST_TIMINGS, FakeLab, eventsOf, processGone } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';
import { blocksOf, toolOf } from '../../../shared/transcript';

let lab: FakeLab;
afterEach(async () => {
  await lab.finish();
});

describe('Stop', () => {
  it('answers the open prompt as stopped (not as the person denying it), interrupts, and returns to ready', async () => {
    lab = new FakeLab();
    const d = lab.start('stop-clean');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('edit it');
    await waitFor(() => d.view().status === 'waiting', 'prompt');
    await d.session.interrupt();
    await waitFor(() => d.view().status === 'ready', 'ready after stop');
    const answer = lab.log().find((r) => r.ev === 'answer' && r.id === 'perm-stop');
    expect(answer?.response).toEqual({ behavior: 'deny', message: DENIED_BY_STOP, interrupt: true });
    expect(toolOf(d.view(), 'toolu_e')).toMatchObject({ permission: 'cancelled' });
    expect(eventsOf(d.events, 'liveness').map((e) => e.state)).toEqual(['stopping', 'ok']);
    // The session carries on with the next message.
    d.session.send('next');
    await waitFor(() => d.view().items.some((i) => i.type === 'assistant' && blocksOf(i)[0]?.text === 'After the stop.'), 'next reply');
  });

  it('a turn that ignores interrupt is terminated after the grace period; the tab says so and offers Resume', async () => {
    lab = new FakeLab();
    const d = lab.start('stop-escalation');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('work');
    await waitFor(() => d.view().items.some((i) => i.type === 'assistant'), 'streaming');
    const started = Date.now();
    await d.session.interrupt();
    expect(d.session.phase === 'stopping' || d.session.phase === 'terminating').toBe(true);
    const f = await waitFor(() => d.view().failure, 'terminated', 5000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(FAST_TIMINGS.interruptGraceMs - 50);
    expect(f.error.message).toMatch(/did not stop within/);
    expect(f.error.signal).toBe('SIGTERM');
    expect(f.resumable).toBe(true);
    expect(eventsOf(d.events, 'liveness').map((e) => e.state)).toEqual(['stopping', 'terminating', 'ok']);
    expect(eventsOf(d.events, 'notice').map((n) => n.code)).toContain('interrupt-escalated');
  });

  it('escalates to SIGKILL when SIGTERM is ignored too', async () => {
    lab = new FakeLab();
    const d = lab.start('stop-escalation-stubborn');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('work');
    await waitFor(() => d.view().items.some((i) => i.type === 'assistant'), 'streaming');
    await d.session.interrupt();
    const f = await waitFor(() => d.view().failure, 'killed', 5000);
    expect(f.error.signal).toBe('SIGKILL');
    expect(lab.log().some((r) => r.ev === 'sigterm' && r.action === 'ignore')).toBe(true);
  });
});

describe('close', () => {
  it('closes stdin and waits for the CLI to flush and exit on its own (no signal)', async () => {
    lab = new FakeLab();
    const d = lab.start('close-flush');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('hi');
    await waitFor(() => d.view().lastResult, 'result');
    const started = Date.now();
    await d.session.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(d.session.phase).toBe('ended');
    expect(d.view().status).toBe('ended');
    expect(lab.processes()[0]!.exit).toMatchObject({ reason: 'eof', code: 0 });
    expect(lab.log().some((r) => r.ev === 'sigterm')).toBe(false);
    expect(d.view().failure).toBeUndefined();
  });

  it('with a prompt open: interrupts first, so the CLI withdraws it; nothing is reported as the person denying it', async () => {
    lab = new FakeLab();
    const d = lab.start('close-mid-permission');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('write c.txt');
    await waitFor(() => d.view().status === 'waiting', 'prompt');
    await d.session.close();
    const fake = lab.processes()[0]!;
    expect(fake.asks.get('perm-close')).toBe('cancelled');
    expect(lab.log().filter((r) => r.ev === 'answer')).toEqual([]);
    const order = lab
      .log()
      .filter((r) => r.ev === 'recv' && r.type === 'control_request')
      .map((r) => r.subtype);
    expect(order).toEqual(['initialize', 'interrupt']);
    expect(fake.exit).toMatchObject({ reason: 'eof' });
  });

  it('SIGTERMs the process group when stdin EOF is ignored, SIGKILLs when SIGTERM is too, and still finishes', async () => {
    lab = new FakeLab();
    const d = lab.start('ignore-everything');
    await waitFor(() => d.view().status === 'ready', 'ready');
    const pid = d.session.pid!;
    const started = Date.now();
    await d.session.close();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(FAST_TIMINGS.closeGraceMs + FAST_TIMINGS.termGraceMs - 50);
    // Bounded by the two grace periods (the production ones are 5 s each, far past this), with
    // room for a loaded machine to be slow at delivering the signals and the exit.
    expect(took).toBeLessThan(FAST_TIMINGS.closeGraceMs + FAST_TIMINGS.termGraceMs + 5000);
    expect(processGone(pid)).toBe(true);
    expect(d.session.phase).toBe('ended');
    expect(lab.log().some((r) => r.ev === 'sigterm' && r.action === 'ignore')).toBe(true);
  });

  it('quit: a host with several stubborn sessions shuts down within the bounded time', async () => {
    lab = new FakeLab();
    // Grace periods long enough that one session's close (3 s) dwarfs what a loaded machine adds.
    const timings = { closeGraceMs: 2000, termGraceMs: 1000 };
    const { host } = lab.host('ignore-everything', { timings });
    const ids = [host.create({}).id, host.create({}).id, host.create({}).id];
    // Tabs start their process with the first message; start each one's now.
    for (const id of ids) if (host.view(id).status === 'not-started') host.restart(id);
    await waitFor(() => ids.every((id) => host.view(id).status === 'ready'), 'all ready');
    const pids = host.list().map((s) => s.pid!);
    const started = Date.now();
    await host.shutdown();
    // In parallel, not one after another: one after another would take three closes (9 s).
    const one = timings.closeGraceMs + timings.termGraceMs;
    expect(Date.now() - started).toBeLessThan(2 * one);
    for (const pid of pids) expect(processGone(pid)).toBe(true);
  });

  it('ends what the CLI started (its process group) when the tab closes', async () => {
    lab = new FakeLab();
    const d = lab.start('grandchild');
    await waitFor(() => d.view().status === 'ready', 'ready');
    const gc = await lab.waitForLog((r) => r.ev === 'grandchild', 'grandchild');
    expect(processGone(gc.childPid as number)).toBe(false);
    await d.session.close();
    expect(processGone(gc.childPid as number)).toBe(true);
  });

  it('ends what a crashed CLI left behind', async () => {
    lab = new FakeLab();
    const d = lab.start('grandchild-crash');
    await waitFor(() => d.view().status === 'ready', 'ready');
    const gc = await lab.waitForLog((r) => r.ev === 'grandchild', 'grandchild');
    d.session.send('go');
    await waitFor(() => d.view().failure, 'failure');
    await waitFor(() => processGone(gc.childPid as number), 'grandchild ended', 3000);
  });

  it('a dead CLI whose child still holds stdout open is still reported (the pipe is reclaimed)', async () => {
    lab = new FakeLab();
    const d = lab.start('grandchild-holds-stdout');
    await waitFor(() => d.view().status === 'ready', 'ready');
    const gc = await lab.waitForLog((r) => r.ev === 'grandchild', 'grandchild');
    d.session.send('go');
    const f = await waitFor(() => d.view().failure, 'failure', 5000);
    expect(f.error.exitCode).toBe(1);
    await waitFor(() => processGone(gc.childPid as number), 'grandchild ended', 3000);
  });

  it('is idempotent and refuses new work while shutting down', async () => {
    lab = new FakeLab();
    const d = lab.start('close-flush');
    await waitFor(() => d.view().status === 'ready', 'ready');
    const a = d.session.close();
    const b = d.session.close();
    expect(a).toBe(b);
    expect(() => d.session.send('late')).toThrow(/shutting down|ended/);
    await a;
    expect(() => d.session.send('later')).toThrow(/ended/);
  });
});
