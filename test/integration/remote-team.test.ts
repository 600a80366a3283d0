// The team broker across machines: its tools ride the CLI's control channel, so a session on a
// remote host (a real sshd, test/support/sshd.ts) messages a local one just as two local ones do.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastToolResults, lastUserText, text, toolUse } from '../support/fake-api';
import { remoteRigs } from '../support/remote-host';
import { remoteTestsCanRun } from '../support/sshd';
import { waitFor } from '../support/wait';

const rig = remoteRigs();
const available = remoteTestsCanRun();

describe.skipIf(!available)('the team broker with a session on a remote host', () => {
  it('a message from the remote session arrives as a turn in the local one', async () => {
    let remoteDir = '';
    const r = await rig(
      (req) => {
        const fromRemote = JSON.stringify(req.body).includes(`Primary working directory: ${remoteDir}`);
        if (fromRemote) {
          if (lastToolResults(req.body).length === 0) return toolUse('mcp__clide-team__send_message', { to: 'api-server', text: 'The GPU job finished.' });
          return text('Told api-server.');
        }
        return lastUserText(req.body).includes('[clide-team]') ? text('Noted, thanks.') : text('?');
      },
      { host: { team: {} } },
    );
    remoteDir = path.join(r.remoteHome, 'gpu-box');
    fs.mkdirSync(remoteDir);
    const localDir = path.join(r.sandbox.cwd, 'api-server');
    fs.mkdirSync(localDir);
    const h = r.host;
    const local = h.create({ cwd: localDir }).id;
    const remote = h.create({ location: r.location, cwd: remoteDir }).id;
    await waitFor(() => h.view(local).status === 'ready' && h.view(remote).status === 'ready', 'both sessions ready', 60_000);

    h.send(remote, 'Tell api-server the job is done.');
    const prompt = await waitFor(() => h.view(remote).pending[0], 'the team tool asks first');
    expect(prompt.toolName).toBe('mcp__clide-team__send_message');
    h.respond(remote, prompt.requestId, { behavior: 'allow' });
    await waitFor(() => h.view(local).lastResult, 'the delivered turn in the local session');
    await waitFor(() => h.view(remote).lastResult, 'the sender turn');

    const received = h.view(local).items.filter((i) => i.type === 'team-message');
    expect(received).toEqual([expect.objectContaining({ direction: 'received', from: { id: remote, name: 'gpu-box' }, text: 'The GPU job finished.' })]);
    const sent = h.view(remote).items.filter((i) => i.type === 'team-message');
    expect(sent).toEqual([expect.objectContaining({ direction: 'sent', to: [expect.objectContaining({ id: local, state: 'delivered' })] })]);
    const delivered = r.sandbox.api.turns().find((t) => lastUserText(t.body).includes('[clide-team]'));
    expect(lastUserText(delivered!.body)).toContain('The GPU job finished.');
  });
});
