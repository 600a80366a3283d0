// When the network fails: a dropped connection turns the tab into "Connection to <host> lost"
// with ssh's words for the cause; Reconnect continues the same Claude session there, and no
// remote claude is left running beside the new one. A real sshd, killed for real.
import { describe, expect, it } from 'vitest';
import { lastUserText, text, type FakeReply } from '../support/fake-api';
import { remoteClaudes, remoteRigs } from '../support/remote-host';
import { remoteTestsCanRun } from '../support/sshd';
import { waitFor } from '../support/wait';

const rig = remoteRigs();
const available = remoteTestsCanRun();

/** A first reply held open (the turn is running when the line drops), then plain replies. */
function heldThenText(): { script: FakeReply[]; release(): void } {
  let release = () => {};
  const hold = new Promise<void>((r) => (release = r));
  return { script: [{ ...text('this reply never arrives'), hold }, text('Continuing after the drop.'), text('And once more.')], release: () => release() };
}

describe.skipIf(!available)('a dropped connection', () => {
  it("the host's connection dies mid-turn: lost with the cause, Reconnect resumes the same session, the old claude is ended", async () => {
    const held = heldThenText();
    const r = await rig(held.script);
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd });
    await waitFor(() => r.host.view(id).status === 'ready', 'ready');
    r.host.send(id, 'first question');
    await waitFor(() => r.sandbox.api.turns().length === 1, 'the turn reached the API');
    const sid = await waitFor(() => r.host.view(id).info.claudeSessionId, 'the Claude session id');
    const [oldClaude] = remoteClaudes(r.remoteHome);
    expect(oldClaude).toBeDefined();
    // The network goes: the server side of the one TCP connection dies.
    for (const pid of r.sshd.connectionPids()) process.kill(pid, 'SIGKILL');
    const failure = await waitFor(() => r.host.view(id).failure, 'the lost state');
    expect(failure.error.kind).toBe('connection-lost');
    expect(failure.error.message).toBe('Connection to box lost.');
    expect(failure.resumable).toBe(true);
    // ssh's words for the cause: the tab's own ssh may end before the host's connection says
    // why, and the detail is filled in when it does (SessionHost.remoteDown).
    const cause = /closed|lost|broken pipe|reset/i;
    await waitFor(() => cause.test(r.host.view(id).failure?.error.detail ?? ''), "ssh's words for the cause", 15_000);
    // Nothing can be sent now; the caller (the composer) keeps the text.
    expect(() => r.host.send(id, 'typed while lost')).toThrow();
    // Reconnect: the earlier claude (still waiting for its reply) is ended first.
    r.host.restart(id);
    await waitFor(() => r.host.view(id).status === 'ready', 'ready again');
    const now = remoteClaudes(r.remoteHome);
    expect(now).toHaveLength(1);
    expect(now).not.toContain(oldClaude);
    expect(r.host.view(id).info.claudeSessionId).toBe(sid);
    held.release();
    r.host.send(id, 'second question');
    await waitFor(() => r.host.view(id).lastResult, 'the turn after reconnecting');
    const turn = r.sandbox.api.turns().at(-1)!;
    expect(lastUserText(turn.body)).toContain('second question');
    expect(JSON.stringify(turn.body.messages)).toContain('first question');
    expect(r.host.view(id).info.claudeSessionId).toBe(sid);
    await r.host.close(id);
    await waitFor(() => remoteClaudes(r.remoteHome).length === 0, 'no remote claude after close');
  });

  it("the tab's own ssh is killed: that tab is lost, the other tab on the host carries on", async () => {
    const r = await rig([text('still here'), text('back again')]);
    const a = r.host.create({ location: r.location, cwd: r.remoteCwd });
    const b = r.host.create({ location: r.location, cwd: r.remoteCwd });
    await waitFor(() => r.host.view(a.id).status === 'ready' && r.host.view(b.id).status === 'ready', 'both ready');
    const ssh = r.host.list().find((s) => s.id === a.id)!.pid!;
    process.kill(ssh, 'SIGKILL');
    const failure = await waitFor(() => r.host.view(a.id).failure, 'the lost state');
    expect(failure.error.kind).toBe('connection-lost');
    expect(r.host.view(b.id).failure).toBeUndefined();
    r.host.send(b.id, 'are you there');
    await waitFor(() => r.host.view(b.id).lastResult, 'the other tab answers');
    // Reconnecting the lost tab leaves one claude per tab on the host.
    r.host.restart(a.id);
    await waitFor(() => r.host.view(a.id).status === 'ready', 'ready again');
    expect(remoteClaudes(r.remoteHome)).toHaveLength(2);
    r.host.send(a.id, 'and you');
    await waitFor(() => r.host.view(a.id).lastResult, 'the reconnected tab answers');
    expect(r.sshd.connectionPids()).toHaveLength(1);
  });
});
