// Silence mid-turn is reported as "not responding" with a way out (Interrupt or Kill); silence
// that is not the CLI's fault (a prompt waiting for a person, a long tool, compaction) is not.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeLab, eventsOf } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';

let lab: FakeLab;
afterEach(async () => {
  await lab.finish();
});

const SILENCE = 300;

describe('a silent turn', () => {
  it('is reported as not responding, with when the silence began; Interrupt brings it back', async () => {
    lab = new FakeLab();
    const d = lab.start('silence', { timings: { silenceMs: SILENCE } });
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('think');
    await waitFor(() => d.view().items.some((i) => i.type === 'assistant'), 'some output');
    const lastOutput = Date.now();
    const l = await waitFor(() => d.view().liveness, 'not responding', 3000);
    expect(l.state).toBe('not-responding');
    expect(l.since).toBeLessThanOrEqual(lastOutput + 50);
    expect(d.view().status).toBe('working');
    // The fake honours interrupt: the turn ends and the warning clears.
    await d.session.interrupt();
    await waitFor(() => d.view().status === 'ready', 'ready');
    expect(d.view().liveness).toBeUndefined();
    expect(eventsOf(d.events, 'liveness').map((e) => e.state)).toEqual(['not-responding', 'stopping', 'ok']);
  });

  it('Kill ends it at once and offers Resume', async () => {
    lab = new FakeLab();
    const d = lab.start('silence', { timings: { silenceMs: SILENCE } });
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('think');
    await waitFor(() => d.view().liveness?.state === 'not-responding', 'not responding', 3000);
    await d.session.kill();
    const f = await waitFor(() => d.view().failure, 'failure');
    expect(f.error.message).toMatch(/ended by force/);
    expect(f.resumable).toBe(true);
    expect(d.view().status).toBe('failed');
    expect(d.view().liveness).toBeUndefined();
  });

  it('is not reported while a permission prompt waits for a person', async () => {
    lab = new FakeLab();
    const d = lab.start('silence-permission', { timings: { silenceMs: SILENCE } });
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('write');
    await waitFor(() => d.view().status === 'waiting', 'prompt');
    await new Promise((r) => setTimeout(r, SILENCE * 4));
    expect(eventsOf(d.events, 'liveness')).toEqual([]);
    d.session.respond('perm-w', { behavior: 'allow' });
    await waitFor(() => d.view().lastResult, 'result');
    expect(eventsOf(d.events, 'liveness')).toEqual([]);
  });

  it('is not reported while a tool runs or the conversation is compacted', async () => {
    lab = new FakeLab();
    const d = lab.start('silence-tool', { timings: { silenceMs: SILENCE } });
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('build');
    // 1.5 s of tool and 1.2 s of compaction, each several times the silence limit.
    await waitFor(() => d.view().lastResult, 'result', 10_000);
    expect(eventsOf(d.events, 'liveness')).toEqual([]);
  });

  it('is not reported between turns', async () => {
    lab = new FakeLab();
    const d = lab.start('basic-turn', { timings: { silenceMs: SILENCE } });
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('hi');
    await waitFor(() => d.view().lastResult, 'result');
    await new Promise((r) => setTimeout(r, SILENCE * 3));
    expect(eventsOf(d.events, 'liveness')).toEqual([]);
  });
});
