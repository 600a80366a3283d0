// A `claude` process that dies on its own: at start, mid-turn, mid-permission, while we write
// to it. Each ends in `failed` with exit code, signal and stderr tail, partial output kept,
// prompts closed, other sessions untouched, and Resume restarting with --resume <id>.
import { afterEach, describe, expect, it } from 'vitest';
import { ClideError } from '../../../shared/result';
import { blocksOf, type SessionView, toolOf } from '../../../shared/transcript';
import { FakeLab, eventsOf } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';

let lab: FakeLab;
afterEach(async () => {
  await lab.finish();
});

describe('a claude process that dies', () => {
  it('at start: failed with the exit code and stderr, before any handshake', async () => {
    lab = new FakeLab();
    const d = lab.start('crash-at-start');
    const f = await waitFor(() => d.view().failure, 'failure', 3000);
    expect(d.view().status).toBe('failed');
    expect(f.error).toMatchObject({ kind: 'process-exit', exitCode: 3, signal: null });
    expect(f.error.message).toContain('while starting');
    expect(f.error.detail).toContain('the configuration file is corrupt');
    expect(f.resumable).toBe(false);
    expect(f.error.hint).toBe('Start a new session.');
  });

  it('mid-turn: the partial reply is kept (marked cut off), the turn fails with code and stderr', async () => {
    lab = new FakeLab();
    const d = lab.start('crash-mid-turn');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('go');
    const f = await waitFor(() => d.view().failure, 'failure');
    expect(f.error).toMatchObject({ kind: 'process-exit', exitCode: 1, signal: null });
    expect(f.error.message).toBe('Claude exited with code 1 in the middle of a turn.');
    expect(f.error.detail).toContain('panic: something broke');
    expect(f.resumable).toBe(true);
    const assistant = d.view().items.find((i) => i.type === 'assistant');
    expect(assistant).toMatchObject({
      type: 'assistant',
      aborted: true,
      block: { type: 'text', text: 'Partial answer that was cut off', streaming: false },
    });
    expect(d.view().liveness).toBeUndefined();
  });

  it('mid-turn by a signal: names the signal', async () => {
    lab = new FakeLab();
    const d = lab.start('crash-mid-turn-signal');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('go');
    const f = await waitFor(() => d.view().failure, 'failure');
    expect(f.error).toMatchObject({ exitCode: null, signal: 'SIGKILL' });
    expect(f.error.message).toBe('Claude was killed by SIGKILL in the middle of a turn.');
    expect(deltaTextOf(d.view())).toBe('Half a ');
  });

  it('mid-permission: the open prompt closes as withdrawn and the tool shows it', async () => {
    lab = new FakeLab();
    const d = lab.start('crash-mid-permission');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('clean up');
    await waitFor(() => d.view().status === 'waiting', 'waiting');
    expect(d.view().pending.map((p) => p.requestId)).toEqual(['perm-1']);
    const f = await waitFor(() => d.view().failure, 'failure');
    expect(f.error).toMatchObject({ exitCode: 2 });
    expect(d.view().pending).toEqual([]);
    expect(toolOf(d.view(), 'toolu_rm')).toMatchObject({ permission: 'withdrawn' });
    expect(eventsOf(d.events, 'permission-closed')).toEqual([
      { kind: 'permission-closed', requestId: 'perm-1', toolUseId: 'toolu_rm', outcome: 'withdrawn', message: undefined },
    ]);
    // An answer now is refused clearly rather than written to a dead process.
    expect(() => d.session.respond('perm-1', { behavior: 'allow' })).toThrow(/ended/);
  });

  it('Resume restarts it with --resume <session id> and continues', async () => {
    lab = new FakeLab();
    const d = lab.start('resume');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('first');
    await waitFor(() => d.view().lastResult, 'first result');
    d.session.send('second');
    const f = await waitFor(() => d.view().failure, 'failure');
    expect(f.resumable).toBe(true);
    d.session.restart();
    await waitFor(() => d.view().status === 'ready', 'ready again');
    expect(d.view().failure).toBeUndefined();
    const [first, second] = lab.processes();
    expect(first!.argv).not.toContain('--resume');
    expect(second!.argv.slice(-2)).toEqual(['--resume', '0b6f8c52-6d0e-4a55-9a3b-4c1f3f6b2a10']);
    // The transcript from before the crash is still there.
    expect(
      d
        .view()
        .items.filter((i) => i.type === 'user')
        .map((i) => (i.type === 'user' ? i.text : '')),
    ).toEqual(['first', 'second']);
  });

  it('one crashing session leaves another untouched', async () => {
    lab = new FakeLab();
    const crashing = lab.start('crash-mid-turn');
    const steady = lab.start('long-turn');
    await waitFor(() => crashing.view().status === 'ready' && steady.view().status === 'ready', 'both ready');
    steady.session.send('count');
    crashing.session.send('go');
    await waitFor(() => crashing.view().failure, 'crash');
    await waitFor(() => steady.view().lastResult, 'steady result');
    expect(steady.view().status).toBe('ready');
    expect(steady.view().failure).toBeUndefined();
    expect(eventsOf(steady.events, 'notice')).toEqual([]);
    expect(deltaTextOf(steady.view())).toBe('one two three');
    steady.session.send('again?');
    expect(steady.view().status).toBe('working');
  });

  it('writing after it closed its input (EPIPE): no crash, a clear "ended" error, then a clean end', async () => {
    lab = new FakeLab();
    const d = lab.start('epipe');
    await waitFor(() => d.view().status === 'ready', 'ready');
    d.session.send('hi');
    await lab.waitForLog((r) => r.ev === 'mark' && r.name === 'stdin-closed', 'stdin closed');
    // The first write after the close is accepted locally and fails in the pipe (EPIPE); every
    // later one is refused at once with a typed error.
    let late = 0;
    const refused = await waitFor(
      () => {
        try {
          d.session.send(`late ${late++}`);
          return undefined;
        } catch (err) {
          return err;
        }
      },
      'a send refused after the pipe broke',
      10_000,
    );
    expect(refused).toBeInstanceOf(ClideError);
    expect((refused as ClideError).info.kind).toBe('not-running');
    expect((refused as ClideError).info.message).toMatch(/ended/);
    await waitFor(() => d.session.phase === 'ended' || d.session.phase === 'failed', 'process end');
  });
});

function deltaTextOf(v: SessionView): string {
  return v.items
    .flatMap((i) => (i.type === 'assistant' ? blocksOf(i) : []))
    .map((b) => b.text)
    .join('');
}
