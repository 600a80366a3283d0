// The Files panel's core on real files and real git: the tree (.gitignore respected) with the
// marks the Changes panel shows, quick open, saves that the real CLI's next Read sees, a save
// over a change on disk refused as a conflict, and paths that leave the folder refused.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHandlers, dispatch } from '../../electron/core/api-handlers';
import type { SessionHost } from '../../electron/core/host';
import type { FileContent, FileVersion } from '../../shared/files';
import type { Changes } from '../../shared/git';
import type { Result } from '../../shared/result';
import { lastToolResults, text, toolUse } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { tempRepos } from '../support/git-repo';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();
const makeRepo = tempRepos();

async function call<T>(h: SessionHost, channel: string, input: unknown): Promise<T> {
  const r = (await dispatch(createHandlers(h), channel, input)) as Result<T>;
  if (!r.ok) throw new Error(`${channel}: ${r.error.kind}: ${r.error.message}`);
  return r.value;
}

async function refusal(h: SessionHost, channel: string, input: unknown): Promise<string> {
  const r = await dispatch(createHandlers(h), channel, input);
  if (r.ok) throw new Error(`${channel} was not refused: ${JSON.stringify(r.value).slice(0, 200)}`);
  return r.error.kind;
}

async function textOf(h: SessionHost, id: string, p: string): Promise<{ text: string; version: FileVersion }> {
  const c = await call<FileContent>(h, 'files:read', { id, path: p });
  if (c.kind !== 'text') throw new Error(`${p} read as ${c.kind}`);
  return c;
}

/** A host with a session (not started: nothing here needs Claude until a test sends) in `cwd`. */
async function sessionIn(cwd: string | undefined, script: Parameters<typeof onRealCli>[0] = []) {
  const { host: h, sandbox: sb } = await onRealCli(script);
  const { id } = h.create({ cwd: cwd ?? sb.cwd });
  return { h, sb, id };
}

describe('the Files panel on real files', () => {
  it('lists the folder with .gitignore respected, and marks the files the Changes panel lists, as it lists them', async () => {
    const repo = makeRepo({ files: { 'README.md': '# r\n', 'src/a.ts': 'a\n', 'src/b.ts': 'b\n', '.gitignore': 'out/\n*.log\n' } });
    repo.write('src/a.ts', 'a changed\n');
    repo.write('src/c.ts', 'c\n');
    repo.git(['add', 'src/c.ts']);
    repo.write('notes.md', 'untracked\n');
    repo.write('debug.log', 'ignored\n');
    repo.write('out/x.js', 'ignored\n');
    const { h, id } = await sessionIn(repo.root);

    const top = await call<{ entries: Array<{ path: string }> }>(h, 'files:list', { id, dir: '' });
    expect(top.entries.map((e) => e.path)).toEqual(['src/', '.gitignore', 'README.md', 'notes.md']);
    const src = await call<{ entries: Array<{ path: string }> }>(h, 'files:list', { id, dir: 'src/' });
    expect(src.entries.map((e) => e.path)).toEqual(['src/a.ts', 'src/b.ts', 'src/c.ts']);

    const { marks } = await call<{ marks: Array<{ path: string; mark: string }> }>(h, 'files:marks', { id });
    const changes = await call<Changes>(h, 'git:changes', { id, counts: false });
    expect(marks).toEqual(changes.files.map((f) => ({ path: f.path, mark: f.kind })));
    expect(marks).toEqual([
      { path: 'notes.md', mark: 'untracked' },
      { path: 'src/a.ts', mark: 'modified' },
      { path: 'src/c.ts', mark: 'added' },
    ]);

    const found = await call<{ paths: string[] }>(h, 'files:find', { id, query: 'sc' });
    expect(found.paths[0]).toBe('src/c.ts');
    expect(found.paths).not.toContain('debug.log');
  });

  it('an edit saved in the editor is what Claude reads next (real CLI)', async () => {
    const { h, sb, id } = await sessionIn(undefined, [
      toolUse('Read', { file_path: 'notes.txt' }),
      text('Read it.'),
      toolUse('Read', { file_path: 'notes.txt' }),
      text('Read it again.'),
    ]);
    fs.writeFileSync(path.join(sb.cwd, 'notes.txt'), 'as Claude first saw it\n');
    h.send(id, 'Read notes.txt');
    await waitFor(() => h.view(id).lastResult, 'the first turn');

    const read = await textOf(h, id, 'notes.txt');
    const saved = await call<{ outcome: string }>(h, 'files:write', { id, path: 'notes.txt', text: 'edited by hand in clide\n', base: read.version });
    expect(saved.outcome).toBe('saved');
    expect(fs.readFileSync(path.join(sb.cwd, 'notes.txt'), 'utf8')).toBe('edited by hand in clide\n');

    const turns = () => sb.api.turns().filter((t) => lastToolResults(t.body).length > 0);
    h.send(id, 'Read it again');
    await waitFor(() => turns().length >= 2, 'the second Read reached the API', 60_000);
    const [first, second] = turns().map((t) => JSON.stringify(lastToolResults(t.body)));
    expect(first).toContain('as Claude first saw it');
    expect(second).toContain('edited by hand in clide');
    expect(second).not.toContain('as Claude first saw it');
    await waitFor(() => h.view(id).status === 'ready', 'the turn ended');
  });

  it('refuses a save over a file that changed since it was read (as Claude editing it), and keeps the mode of a saved one', async () => {
    const { h, sb, id } = await sessionIn(undefined);
    const file = path.join(sb.cwd, 'run.sh');
    fs.writeFileSync(file, '#!/bin/sh\necho one\n');
    fs.chmodSync(file, 0o750);
    const read = await textOf(h, id, 'run.sh');
    expect(read.text).toBe('#!/bin/sh\necho one\n');

    // Claude's Edit: the same size, so only the bytes tell.
    fs.writeFileSync(file, '#!/bin/sh\necho two\n');
    const check = await call<{ changed: boolean }>(h, 'files:check', { id, path: 'run.sh', version: read.version });
    expect(check.changed).toBe(true);
    const refused = await call<{ outcome: string; version?: FileVersion }>(h, 'files:write', { id, path: 'run.sh', text: 'mine\n', base: read.version });
    expect(refused.outcome).toBe('conflict');
    expect(fs.readFileSync(file, 'utf8')).toBe('#!/bin/sh\necho two\n');

    // Keeping the person's text: saved over what is there now, on purpose.
    const saved = await call<{ outcome: string }>(h, 'files:write', { id, path: 'run.sh', text: '#!/bin/sh\necho mine\n', base: refused.version });
    expect(saved.outcome).toBe('saved');
    expect(fs.readFileSync(file, 'utf8')).toBe('#!/bin/sh\necho mine\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o750);
    expect(fs.readdirSync(sb.cwd).filter((n) => n.includes('.clide-'))).toEqual([]);
  });

  it('refuses paths outside the folder for read and write: ../, absolute, a link out, a folder linked out, .git', async () => {
    const repo = makeRepo();
    const outside = path.join(repo.base, 'secret.txt');
    fs.writeFileSync(outside, 'secret\n');
    fs.mkdirSync(path.join(repo.base, 'elsewhere'));
    fs.writeFileSync(path.join(repo.base, 'elsewhere', 'x.txt'), 'elsewhere\n');
    fs.symlinkSync(outside, path.join(repo.root, 'link-out.txt'));
    fs.symlinkSync(path.join(repo.base, 'elsewhere'), path.join(repo.root, 'dir-out'));
    fs.writeFileSync(path.join(repo.root, 'inside.txt'), 'inside\n');
    fs.symlinkSync('inside.txt', path.join(repo.root, 'link-in.txt'));
    const { h, id } = await sessionIn(repo.root);

    const { version } = await textOf(h, id, 'inside.txt');
    for (const p of ['../secret.txt', outside, 'link-out.txt', 'dir-out/x.txt', '.git/config', 'a/../../secret.txt']) {
      expect(await refusal(h, 'files:read', { id, path: p }), p).toBe('invalid-input');
      expect(await refusal(h, 'files:write', { id, path: p, text: 'overwritten\n', base: version }), p).toBe('invalid-input');
      expect(await refusal(h, 'files:openIn', { id, path: p, editor: 'default' }), p).toBe('invalid-input');
    }
    expect(await refusal(h, 'files:list', { id, dir: '../' })).toBe('invalid-input');
    expect(fs.readFileSync(outside, 'utf8')).toBe('secret\n');
    expect(fs.readFileSync(path.join(repo.base, 'elsewhere', 'x.txt'), 'utf8')).toBe('elsewhere\n');
    // A link that stays inside is followed: the file it names is read and saved, the link kept.
    const viaLink = await textOf(h, id, 'link-in.txt');
    expect(viaLink.text).toBe('inside\n');
    expect((await call<{ outcome: string }>(h, 'files:write', { id, path: 'link-in.txt', text: 'saved via link\n', base: viaLink.version })).outcome).toBe(
      'saved',
    );
    expect(fs.lstatSync(path.join(repo.root, 'link-in.txt')).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(path.join(repo.root, 'inside.txt'), 'utf8')).toBe('saved via link\n');
  });

  it('shows images from a data URL and binary files as such, and opens a large file read-only', async () => {
    const { h, sb, id } = await sessionIn(undefined);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    fs.writeFileSync(path.join(sb.cwd, 'dot.png'), png);
    fs.writeFileSync(path.join(sb.cwd, 'blob.bin'), Buffer.from([1, 2, 0, 3]));
    fs.writeFileSync(path.join(sb.cwd, 'big.txt'), 'x'.repeat(3 * 1024 * 1024));
    const img = await call<FileContent>(h, 'files:read', { id, path: 'dot.png' });
    expect(img).toMatchObject({ kind: 'image', dataUrl: `data:image/png;base64,${png.toString('base64')}` });
    expect(await call<FileContent>(h, 'files:read', { id, path: 'blob.bin' })).toEqual({ kind: 'binary', size: 4 });
    expect(await call<FileContent>(h, 'files:read', { id, path: 'big.txt' })).toMatchObject({ kind: 'text', readOnly: true });
  });
});
