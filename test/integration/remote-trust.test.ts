// Workspace trust for a folder on a remote host, against a real sshd and the real CLI there: its
// files are read over ssh before claude starts; a hook of the folder's does not run until the
// person trusts it, and runs after; the decision is the host's own (a local folder at the same
// path is not trusted by it).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClideError } from '../../shared/result';
import { text } from '../support/fake-api';
import { remoteClaudes, remoteRigs } from '../support/remote-host';
import { remoteTestsCanRun } from '../support/sshd';
import { waitFor } from '../support/wait';

const rig = remoteRigs();
const available = remoteTestsCanRun();

describe.skipIf(!available)('workspace trust on a remote host', () => {
  it('reads the folder on the host, starts nothing until it is trusted, and runs its hook after', async () => {
    const r = await rig([text('remote and trusted')]);
    const marks = path.join(r.remoteHome, 'marks');
    fs.mkdirSync(marks);
    fs.mkdirSync(path.join(r.remoteCwd, '.claude'));
    fs.writeFileSync(
      path.join(r.remoteCwd, '.claude', 'settings.json'),
      JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `touch ${marks}/PROMPT` }] }] } }),
    );
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd });
    const asking = await waitFor(() => (r.host.view(id).info.trust?.state === 'asking' ? r.host.view(id).info.trust : undefined), 'the question');
    expect(asking?.prompt).toMatchObject({ location: r.location, root: fs.realpathSync(r.remoteCwd), changed: false });
    expect(asking?.prompt?.items.map((i) => `${i.file} · ${i.label} · ${i.detail}`)).toEqual([
      `.claude/settings.json · UserPromptSubmit hook · touch ${marks}/PROMPT`,
    ]);
    expect(() => r.host.send(id, 'hello')).toThrow(ClideError);
    await new Promise((done) => setTimeout(done, 1000));
    expect(remoteClaudes(r.remoteHome)).toHaveLength(0);
    expect(fs.readdirSync(marks)).toEqual([]);

    r.host.grantTrust(id, asking!.prompt!.promptId);
    await waitFor(() => r.host.view(id).status === 'ready', 'claude started on the host');
    r.host.send(id, 'hello');
    await waitFor(() => r.host.view(id).lastResult, 'the reply');
    await waitFor(() => fs.readdirSync(marks).includes('PROMPT'), 'the hook ran on the host');
    expect(r.host.trust.list()).toEqual([expect.objectContaining({ root: fs.realpathSync(r.remoteCwd), location: r.location, source: 'clide' })]);

    // The same path on this computer is another folder: not trusted by the host's decision.
    const local = r.host.create({ cwd: r.remoteCwd });
    expect(r.host.view(local.id).info.trust?.state).toBe('asking');
  });
});
