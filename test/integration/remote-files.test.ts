// A remote session's files and history come from the host, not this computer: the folder
// field completes remote paths, `@` lists remote files, History lists the host's past sessions
// under the host and resumes them there. A real sshd.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { text } from '../support/fake-api';
import { withoutVersionNote } from '../support/real-cli';
import { remoteRigs } from '../support/remote-host';
import { remoteTestsCanRun } from '../support/sshd';
import { waitFor } from '../support/wait';

const rig = remoteRigs();
const available = remoteTestsCanRun();

describe.skipIf(!available)("a remote host's files and history", () => {
  it('completes folders on the host, with ~ as the remote home', async () => {
    const r = await rig([]);
    for (const d of ['work/alpha', "work/it's here", 'work/.hidden', 'work/beta']) fs.mkdirSync(path.join(r.remoteHome, d), { recursive: true });
    fs.writeFileSync(path.join(r.remoteCwd, 'a-file'), '');
    // The host is this machine in the test, so each answer must be seen going through sshd.
    await r.host.remote.connect(r.location);
    let channels = r.sshd.channels();
    const top = await r.host.remote.complete(r.location, '~/wo');
    expect(r.sshd.channels()).toBe(channels + 1);
    expect(top).toMatchObject({ resolved: path.join(r.remoteHome, 'wo'), target: 'missing', dir: r.remoteHome, sep: '/' });
    expect(top.entries).toEqual([{ name: 'work', path: r.remoteCwd }]);
    const inside = await r.host.remote.complete(r.location, '~/work/');
    expect(inside.target).toBe('directory');
    expect(inside.entries.map((e) => e.name)).toEqual(['alpha', 'beta', "it's here"]);
    expect((await r.host.remote.complete(r.location, '~/work/.h')).entries.map((e) => e.name)).toEqual(['.hidden']);
    expect((await r.host.remote.complete(r.location, '~/work/a-file')).target).toBe('file');
    expect((await r.host.remote.complete(r.location, '/no/such/place/x')).error).toBe('/no/such/place does not exist.');
    channels = r.sshd.channels();
    expect((await r.host.remote.complete(r.location, '')).entries.map((e) => e.name)).toEqual(['work']);
    expect(r.sshd.channels()).toBe(channels + 1);
  });

  it('@ mentions list the files in the remote folder', async () => {
    const r = await rig([]);
    fs.mkdirSync(path.join(r.remoteCwd, 'src', 'lib'), { recursive: true });
    fs.mkdirSync(path.join(r.remoteCwd, 'node_modules', 'dep'), { recursive: true });
    fs.writeFileSync(path.join(r.remoteCwd, 'README.md'), '');
    fs.writeFileSync(path.join(r.remoteCwd, 'src', 'lib', 'remote-util.ts'), '');
    fs.writeFileSync(path.join(r.remoteCwd, 'node_modules', 'dep', 'remote-util.js'), '');
    const { id } = r.host.create({ location: r.location, cwd: r.remoteCwd });
    await waitFor(() => r.host.view(id).status === 'ready', 'ready');
    const channels = r.sshd.channels();
    const hits = await r.host.fileSuggestions(id, 'rutil');
    expect(r.sshd.channels()).toBe(channels + 1);
    expect(hits.cwd).toBe(r.remoteCwd);
    expect(hits.items).toEqual([{ path: 'src/lib/remote-util.ts', folder: false }]);
    const top = await r.host.fileSuggestions(id, '');
    expect(top.items).toEqual([
      { path: 'src/', folder: true },
      { path: 'README.md', folder: false },
    ]);
  });

  it("History lists the host's past sessions under the host and resumes one there", async () => {
    const r = await rig([text('The first answer, on the host.'), text('The second answer, resumed.')]);
    const first = r.host.create({ location: r.location, cwd: r.remoteCwd });
    await waitFor(() => r.host.view(first.id).status === 'ready', 'ready');
    r.host.send(first.id, 'first prompt over there');
    await waitFor(() => r.host.view(first.id).lastResult, 'the first turn');
    const sid = r.host.view(first.id).info.claudeSessionId!;
    await r.host.close(first.id);
    const listed = await r.host.continuity.list();
    const past = listed.find((s) => s.sessionId === sid);
    expect(past).toMatchObject({ location: 'box', cwd: r.remoteCwd, firstPrompt: 'first prompt over there' });
    // Nothing local: this computer's own history has no such session.
    expect(await r.host.continuity.history.find(sid)).toBeUndefined();
    const again = r.host.create({ location: 'box', cwd: r.remoteCwd, resume: sid });
    await waitFor(() => r.host.view(again.id).status === 'ready' && !r.host.view(again.id).info.loadingEarlier, 'resumed');
    expect(withoutVersionNote(r.host.view(again.id).items).map((i) => i.type)).toEqual(['user', 'assistant']);
    r.host.send(again.id, 'second prompt');
    await waitFor(() => r.host.view(again.id).lastResult, 'the resumed turn');
    expect(r.host.view(again.id).info.claudeSessionId).toBe(sid);
    expect(JSON.stringify(r.sandbox.api.turns().at(-1)!.body.messages)).toContain('first prompt over there');
    // The mirror catches up with what the transcript gained.
    await r.host.continuity.list();
    const slug = r.remoteCwd.replace(/[^a-zA-Z0-9]/g, '-');
    const there = fs.readFileSync(path.join(r.remoteHome, '.claude', 'projects', slug, `${sid}.jsonl`));
    const mirror = (await r.host.remote.syncedHistory('box')).projectsDir;
    expect(fs.readFileSync(path.join(mirror, slug, `${sid}.jsonl`)).equals(there)).toBe(true);
  });
});
