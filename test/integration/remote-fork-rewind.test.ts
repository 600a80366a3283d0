// Fork and rewind on a remote host work as for local sessions: the fork's earlier conversation
// comes from the host's transcript, the files are restored there. A real sshd.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastUserText, text, toolUse, type RecordedRequest } from '../support/fake-api';
import { remoteRigs } from '../support/remote-host';
import { remoteTestsCanRun } from '../support/sshd';
import { waitFor } from '../support/wait';

const rig = remoteRigs();
const available = remoteTestsCanRun();

function reply(req: RecordedRequest) {
  const last = lastUserText(req.body);
  const answered = JSON.stringify(req.body.messages.at(-1)?.content ?? '').includes('tool_result');
  if (last.includes('write the note')) return answered ? text('Written v1.') : toolUse('Write', { file_path: 'notes.txt', content: 'v1\n' });
  if (last.includes('edit the note')) return answered ? text('Edited to v2.') : toolUse('Edit', { file_path: 'notes.txt', old_string: 'v1', new_string: 'v2' });
  return text(`answer to: ${last.slice(0, 40)}`);
}

describe.skipIf(!available)('fork and rewind on a remote host', () => {
  it("forks before a message from the host's transcript and rewinds files there", async () => {
    const r = await rig((req) => reply(req));
    const note = path.join(r.remoteCwd, 'notes.txt');
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd, permissionMode: 'acceptEdits' });
    // The first tab on a host waits for the connection; a message sent meanwhile waits in the queue and goes once it is up.
    expect(r.host.send(id, 'too early').queued).toBeTruthy();
    await waitFor(() => r.host.view(id).lastResult && r.host.view(id).status === 'ready', 'the held message answered');
    r.host.send(id, 'Please write the note');
    await waitFor(
      () => fs.existsSync(note) && r.host.view(id).status === 'ready' && r.host.view(id).items.filter((i) => i.type === 'user').length === 2,
      'first turn',
    );
    r.host.send(id, 'Now edit the note');
    const users = () => r.host.view(id).items.filter((i) => i.type === 'user');
    await waitFor(
      () => fs.existsSync(note) && fs.readFileSync(note, 'utf8') === 'v2\n' && r.host.view(id).status === 'ready' && users().length === 3,
      'second turn',
    );
    const second = users()[2]!;

    const fork = await r.host.continuity.fork(id, second.id);
    expect(fork.draft).toBe('Now edit the note');
    await waitFor(() => r.host.view(fork.id).status === 'ready' && r.host.view(fork.id).items.some((i) => i.type === 'assistant'), 'fork ready');
    expect(r.host.view(fork.id).info.location).toBe('box');
    expect(
      r.host
        .view(fork.id)
        .items.filter((i) => i.type === 'user')
        .map((u) => (u.type === 'user' ? u.text : '')),
    ).toEqual(['too early', 'Please write the note']);
    r.host.send(fork.id, 'Something else instead');
    await waitFor(() => r.host.view(fork.id).lastResult, 'fork reply');
    const sent = JSON.stringify(r.sandbox.api.turns().find((t) => lastUserText(t.body).includes('Something else'))!.body.messages);
    expect(sent).toContain('Please write the note');
    expect(sent).not.toContain('Now edit the note');

    const dry = await r.host.rewindFiles(id, second.id, true);
    expect(dry).toMatchObject({ canRewind: true, filesChanged: [note] });
    await r.host.rewindFiles(id, second.id);
    expect(fs.readFileSync(note, 'utf8')).toBe('v1\n');
  });
});
