// Sessions on a remote host, against reality: a real sshd on 127.0.0.1 (test/support/sshd.ts)
// whose user has their own HOME with the pinned CLI in it, talking to the loopback fake API.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blocksOf } from '../../shared/transcript';
import { lastUserText, text, toolUse } from '../support/fake-api';
import { claudeVersion, withoutVersionNote } from '../support/real-cli';
import { remoteClaudes, remoteRigs } from '../support/remote-host';
import { remoteTestsCanRun } from '../support/sshd';
import { waitFor } from '../support/wait';

const rig = remoteRigs();
const available = remoteTestsCanRun();

describe.skipIf(!available)('a session on a remote host', () => {
  it('runs a full turn through ssh, in the remote folder, and shows the host', async () => {
    const reply = 'Hello from the far side, streamed through ssh.';
    // Pieces far enough apart that a busy machine (ssh, the CLI and the host all on two cores)
    // still delivers more than one of them on its own, not all in one batch.
    const r = await rig([text(reply, { chunk: 6, delayMs: 80 })]);
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd });
    await waitFor(() => r.host.view(id).status === 'ready' || r.host.view(id).failure, 'ready');
    expect(r.host.view(id).failure).toBeUndefined();
    expect(r.host.view(id).info.location).toBe('box');
    expect(r.host.view(id).info.cliVersion).toBe(claudeVersion());
    r.host.send(id, 'Say hello');
    await waitFor(() => r.host.view(id).lastResult, 'the result');
    const items = withoutVersionNote(r.host.view(id).items);
    expect(items.map((i) => i.type)).toEqual(['user', 'assistant']);
    const a = items[1];
    expect(a?.type === 'assistant' && blocksOf(a)).toEqual([{ type: 'text', text: reply, streaming: false }]);
    const deltas = r.events.flatMap((e) => (e.type === 'session-events' ? e.events : [])).filter((e) => e.kind === 'block-delta');
    expect(deltas.length).toBeGreaterThan(1);
    // The remote claude ran there: the transcript is under the remote HOME, not the local one.
    const sid = r.host.view(id).info.claudeSessionId!;
    const slug = r.remoteCwd.replace(/[^a-zA-Z0-9]/g, '-');
    expect(fs.existsSync(path.join(r.remoteHome, '.claude', 'projects', slug, `${sid}.jsonl`))).toBe(true);
    expect(fs.existsSync(path.join(r.sandbox.configDir, 'projects', slug))).toBe(false);
    expect(lastUserText(r.sandbox.api.turns()[0]!.body)).toContain('Say hello');
    // Closing the tab ends the remote claude too.
    expect(remoteClaudes(r.remoteHome)).toHaveLength(1);
    await r.host.close(id);
    await waitFor(() => remoteClaudes(r.remoteHome).length === 0, 'no remote claude left');
  });

  it('asks for permission over ssh and runs the allowed tool in the remote folder', async () => {
    const r = await rig([toolUse('Write', { file_path: 'made-there.txt', content: 'remote\n' }, 'Writing it.'), text('Done.')]);
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd });
    await waitFor(() => r.host.view(id).status === 'ready', 'ready');
    r.host.send(id, 'Write made-there.txt');
    const prompt = await waitFor(() => r.host.view(id).pending[0], 'permission prompt');
    expect(prompt.toolName).toBe('Write');
    r.host.respond(id, prompt.requestId, { behavior: 'allow' });
    await waitFor(() => r.host.view(id).lastResult, 'the result');
    expect(fs.readFileSync(path.join(r.remoteCwd, 'made-there.txt'), 'utf8')).toBe('remote\n');
  });

  it('shares one TCP connection among the tabs on a host', async () => {
    const r = await rig([]);
    const before = r.sshd.connections();
    const a = r.host.create({ location: r.location, cwd: r.remoteCwd });
    await waitFor(() => r.host.view(a.id).status === 'ready', 'first tab ready');
    const b = r.host.create({ location: r.location, cwd: r.remoteCwd });
    await waitFor(() => r.host.view(b.id).status === 'ready', 'second tab ready');
    expect(r.sshd.connections() - before).toBe(1);
    expect(r.sshd.connectionPids()).toHaveLength(1);
    expect(remoteClaudes(r.remoteHome)).toHaveLength(2);
  });

  it('says clearly when claude is not installed on the host, with the install command', async () => {
    const r = await rig([], { claude: false });
    const c = await r.host.remote.connect(r.location);
    expect(c.state).toBe('connected');
    expect(c.state === 'connected' && c.claudeProblem?.kind).toBe('cli-not-found');
    expect(c.state === 'connected' && c.claudeProblem?.hint).toContain('npm install -g @anthropic-ai/claude-code');
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd });
    const failure = await waitFor(() => r.host.view(id).failure, 'failure');
    expect(failure.error.kind).toBe('cli-not-found');
    expect(failure.error.message).toContain('not installed on box');
  });

  it('refuses a folder that does not exist on the host', async () => {
    const r = await rig([]);
    const { id } = r.host.create({ location: r.location, cwd: path.join(r.remoteHome, 'no such folder') });
    const failure = await waitFor(() => r.host.view(id).failure, 'failure');
    expect(failure.error.kind).toBe('cwd-missing');
    expect(failure.error.message).toContain('does not exist on box');
  });
});
