// A message sent while Reconnect is still reaching the host: held in the queue (the tab says it
// waits for the connection, and does not claim to be Ready), then sent once the session is up
// and answered by the fake API. A real sshd, its connection killed for real.
import { describe, expect, it } from 'vitest';
import { lastUserText, text } from '../support/fake-api';
import { remoteRigs } from '../support/remote-host';
import { remoteTestsCanRun } from '../support/sshd';
import { waitFor } from '../support/wait';

const rig = remoteRigs();
const available = remoteTestsCanRun();

describe.skipIf(!available)('a message sent while reconnecting', () => {
  it('waits for the connection, then goes to Claude in the same session', async () => {
    const r = await rig([text('First answer.'), text('Answer after reconnecting.')]);
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd });
    // A new tab reaching its host is starting, not "Ready" (not-started reads so in the status bar).
    expect(r.host.view(id).status).toBe('starting');
    await waitFor(() => r.host.view(id).status === 'ready', 'ready');
    r.host.send(id, 'first question');
    await waitFor(() => r.host.view(id).lastResult, 'the first answer');
    const sid = r.host.view(id).info.claudeSessionId;
    for (const pid of r.sshd.connectionPids()) process.kill(pid, 'SIGKILL');
    await waitFor(() => r.host.view(id).failure, 'the lost state');

    r.host.restart(id);
    // Reaching the host again: not "Ready" yet.
    expect(r.host.view(id).status).toBe('starting');
    const sent = r.host.send(id, 'typed while reconnecting');
    expect(sent.queued).toEqual(expect.any(String));
    expect(r.host.view(id).queue?.map((m) => m.text)).toEqual(['typed while reconnecting']);
    expect(r.host.view(id).queueHold).toMatchObject({ reason: 'connecting', message: expect.stringContaining(r.location) });

    await waitFor(() => r.sandbox.api.turns().length === 2, 'the held message reached the API');
    expect(lastUserText(r.sandbox.api.turns()[1]!.body)).toContain('typed while reconnecting');
    await waitFor(() => r.host.view(id).queue?.length === 0 && !r.host.view(id).queueHold, 'the queue emptied');
    await waitFor(() => r.host.view(id).status === 'ready', 'ready after the answer');
    expect(r.host.view(id).info.claudeSessionId).toBe(sid);
  });
});
