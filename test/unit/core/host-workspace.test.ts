// The host's settings and folders: settings persisted in its data dir and pushed to every
// window, the defaults applied to new sessions, the chosen executable used, recent folders
// remembered, and the shell-only abilities answered "not available" where there is no shell.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandlers, dispatch } from '../../../electron/core/api-handlers';
import { BASE_ARGS } from '../../../electron/core/protocol/version';
import { FAKE_CLI, FakeLab } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';

let lab: FakeLab;
afterEach(async () => {
  await lab.finish();
});

describe('host settings and folders', () => {
  it('persists settings in the data dir, pushes each change to every window, and tells a corrupt file once', async () => {
    lab = new FakeLab();
    const dataDir = path.join(lab.dir, 'data');
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, 'settings.json'), '{ not json');
    const { host, batches } = lab.host('idle', { dataDir });
    const handlers = createHandlers(host);
    const first = await dispatch(handlers, 'settings:get', {});
    expect(first).toMatchObject({ ok: true, value: { settings: { theme: 'system' }, warning: expect.stringMatching(/set aside/) } });
    expect(await dispatch(handlers, 'settings:get', {})).toEqual({ ok: true, value: { settings: expect.any(Object) } });

    const updated = await dispatch(handlers, 'settings:update', { theme: 'dark', notifications: { finished: false } });
    expect(updated).toMatchObject({ ok: true, value: { settings: { theme: 'dark', notifications: { enabled: true, finished: false } } } });
    await waitFor(() => batches.flat().find((e) => e.type === 'settings-changed'), 'settings-changed event');
    expect(batches.flat().filter((e) => e.type === 'settings-changed')).toEqual([
      { type: 'settings-changed', settings: expect.objectContaining({ theme: 'dark' }) },
    ]);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'settings.json'), 'utf8')).theme).toBe('dark');

    // Invalid input changes nothing.
    expect(await dispatch(handlers, 'settings:update', { theme: 'neon' })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(await dispatch(handlers, 'settings:update', { defaultModel: '-rf' })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(host.workspace.settings.get().theme).toBe('dark');
  });

  it('starts new sessions with the default model and mode from Settings, unless the caller names them', async () => {
    lab = new FakeLab();
    const { host } = lab.host('idle');
    host.workspace.update({ defaultModel: 'sonnet', defaultPermissionMode: 'acceptEdits' });
    const a = host.create({}).id;
    const b = host.create({ model: 'opus', permissionMode: 'plan' }).id;
    // Nothing is cached yet: the first tab starts at once, the second when asked to.
    await waitFor(() => host.view(a).status === 'ready' && host.view(b).status === 'not-started', 'a ready');
    host.restart(b);
    await waitFor(() => host.view(b).status === 'ready', 'b ready');
    const argvs = lab.processes().map((p) => p.argv);
    expect(argvs).toContainEqual([...BASE_ARGS, '--model', 'sonnet', '--permission-mode', 'acceptEdits']);
    expect(argvs).toContainEqual([...BASE_ARGS, '--model', 'opus', '--permission-mode', 'plan']);
  });

  it('refuses session:create in a relative or missing folder, or a file, before anything starts', async () => {
    lab = new FakeLab();
    const { host, batches } = lab.host('idle');
    const handlers = createHandlers(host);
    const file = path.join(lab.dir, 'notes.txt');
    fs.writeFileSync(file, 'x');
    const relative = await dispatch(handlers, 'session:create', { cwd: 'code/project' });
    expect(relative).toEqual({
      ok: false,
      error: { kind: 'invalid-input', message: 'The working directory must be a full path, not "code/project".', hint: expect.stringContaining('full path') },
    });
    expect(await dispatch(handlers, 'session:create', { cwd: '.' })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    expect(await dispatch(handlers, 'session:create', { cwd: '~/code' })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
    const missing = path.join(lab.dir, 'gone');
    expect(await dispatch(handlers, 'session:create', { cwd: missing })).toMatchObject({
      ok: false,
      error: { kind: 'cwd-missing', message: expect.stringContaining(missing) },
    });
    // Resuming a past session whose folder is gone: refused the same way, not run elsewhere.
    const resume = '0b6e3e7e-2c55-4f6b-9a53-3f0f8d7f2a11';
    expect(await dispatch(handlers, 'session:create', { cwd: missing, resume })).toMatchObject({ ok: false, error: { kind: 'cwd-missing' } });
    expect(await dispatch(handlers, 'session:create', { cwd: file })).toMatchObject({
      ok: false,
      error: { kind: 'cwd-missing', message: expect.stringContaining('not a folder') },
    });
    expect(host.list()).toEqual([]);
    expect(lab.processes()).toEqual([]);
    expect(batches.flat().filter((e) => e.type === 'session-created')).toEqual([]);

    // An existing absolute folder, or none at all (the host's default), starts as before.
    const ok = await dispatch(handlers, 'session:create', { cwd: lab.dir });
    expect(ok).toMatchObject({ ok: true });
    expect(await dispatch(handlers, 'session:create', {})).toMatchObject({ ok: true });
    expect(host.list()).toHaveLength(2);
  });

  it('remembers the folders sessions started in, newest first, but not a folder that does not exist', async () => {
    lab = new FakeLab();
    const { host } = lab.host('idle');
    const other = path.join(lab.dir, 'other');
    fs.mkdirSync(other);
    const ids = [host.create({}).id, host.create({ cwd: other }).id, host.create({ cwd: path.join(lab.dir, 'typo') }).id];
    // The first starts (nothing is cached yet), the others wait for their first message.
    await waitFor(() => ids.every((id) => ['ready', 'not-started'].includes(host.view(id).status)), 'settled');
    expect(host.workspace.settings.get().recentCwds).toEqual([other, lab.cwd]);
  });

  it('finds claude at the path chosen in Settings', async () => {
    lab = new FakeLab();
    // PATH keeps node (the fake CLI's interpreter) reachable.
    const { host } = lab.host('idle', { findClaude: undefined, env: { ...lab.env('idle'), PATH: path.dirname(process.execPath) } });
    expect(host.checkClaude().source).not.toBe('setting');
    host.workspace.update({ claudePath: FAKE_CLI });
    expect(host.checkClaude()).toEqual({ found: true, path: FAKE_CLI, source: 'setting' });
    expect(host.environment().claude.source).toBe('setting');
    const { id } = host.create({});
    await waitFor(() => host.view(id).status === 'ready', 'ready on the chosen executable');
  });

  it('answers the folder dialog as not available without a shell, and uses the shell where there is one', async () => {
    lab = new FakeLab();
    const bare = lab.host('idle').host;
    expect(bare.environment().folderPicker).toBe(false);
    expect(await dispatch(createHandlers(bare), 'folders:pick', {})).toEqual({ ok: true, value: { available: false } });

    const pickFolder = vi.fn(async (defaultPath: string | undefined) => (defaultPath ? `${defaultPath}/chosen` : undefined));
    const focusWindow = vi.fn();
    const shelled = lab.host('idle', { shell: { pickFolder, focusWindow } }).host;
    const handlers = createHandlers(shelled);
    expect(shelled.environment().folderPicker).toBe(true);
    expect(await dispatch(handlers, 'folders:pick', { defaultPath: '/home/a' })).toEqual({ ok: true, value: { available: true, path: '/home/a/chosen' } });
    expect(await dispatch(handlers, 'folders:pick', {})).toEqual({ ok: true, value: { available: true } });
    expect(await dispatch(handlers, 'app:focusWindow', {})).toEqual({ ok: true, value: {} });
    expect(focusWindow).toHaveBeenCalledTimes(1);
  });

  it('completes folder names under the host home, and refuses input that is not a string', async () => {
    lab = new FakeLab();
    fs.mkdirSync(path.join(lab.dir, 'projects', 'alpha'), { recursive: true });
    const handlers = createHandlers(lab.host('idle').host);
    const r = await dispatch(handlers, 'folders:complete', { prefix: '~/proj' });
    expect(r).toMatchObject({ ok: true, value: { entries: [{ name: 'projects', path: path.join(lab.dir, 'projects') }] } });
    expect(await dispatch(handlers, 'folders:complete', { prefix: 42 })).toMatchObject({ ok: false, error: { kind: 'invalid-input' } });
  });
});
