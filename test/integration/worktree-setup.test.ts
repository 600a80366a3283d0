// A new worktree's setup before Claude starts, and a worktree that disappears: real git, the
// real CLI. The setup's output reaches the tab live; a failure holds Claude back until the
// person says; a committed .clide/setup runs only once confirmed; a deleted worktree is said
// so on restore and made again from its branch.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createHandlers, dispatch } from '../../electron/core/api-handlers';
import type { SessionHost } from '../../electron/core/host';
import type { HistoryListSchema } from '../../shared/history';
import { text } from '../support/fake-api';
import { tempRepos } from '../support/git-repo';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';
import { worktreeLabs } from '../support/worktree-host';
import { confirmValue, type ConfirmAction } from '../../shared/confirm';

/** The nonce a window gets while it shows the confirmation (shared/confirm.ts). */
async function confirmed(call: <T>(channel: string, input: unknown) => Promise<T>, what: ConfirmAction, value: string): Promise<string> {
  return (await call<{ nonce: string }>('confirm:begin', { what, value })).nonce;
}

/** A repository's setup command, set as Settings does: with its confirmation. */
async function setSetup(call: <T>(channel: string, input: unknown) => Promise<T>, root: string, setupCommand: string): Promise<void> {
  await call('settings:update', {
    repository: { root, setupCommand },
    confirm: await confirmed(call, 'setup-command', confirmValue.setupCommand(root, setupCommand)),
  });
}

const repos = tempRepos();
const onRealCli = realCliHosts();
const lab = worktreeLabs(onRealCli, repos);
let dataDirs: string[] = [];
afterEach(() => {
  for (const d of dataDirs) fs.rmSync(d, { recursive: true, force: true });
  dataDirs = [];
});

/**
 * Claude can start in the session's worktree now: its first message (or, as here, a request
 * that needs the process) starts it. A first run starts it at once, with nothing cached.
 */
async function startsClaude(host: SessionHost, id: string, what: string): Promise<void> {
  await waitFor(() => host.view(id).worktree?.state === 'ready', `${what}: the worktree ready`);
  await host.getContextUsage(id);
  await waitFor(() => host.view(id).status === 'ready' && host.list().find((s) => s.id === id)?.pid !== undefined, what, 60_000);
}

describe('setting up a new worktree', () => {
  it('copies untracked .env files, streams the command and starts Claude after it', async () => {
    const { repo, host, call, isolated } = await lab([], {
      files: { '.gitignore': '.env\nnode_modules/\n', '.env.example': 'TRACKED=1\n', 'README.md': '# r\n' },
    });
    repo.write('.env', 'SECRET=1\n');
    repo.write('api/.env.local', 'API=1\n');
    repo.write('node_modules/pkg/.env', 'NOT=ours\n');
    await setSetup(call, repo.root, 'echo "setting up in $(basename "$PWD")"; cat .env; echo "a warning" >&2');
    const { id, dir } = await isolated({}, { ready: false });
    expect(host.view(id).worktree?.state).toBe('setting-up');
    await waitFor(() => host.view(id).setup?.phase === 'done', 'the setup to finish');
    const setup = host.view(id).setup!;
    expect(setup).toMatchObject({ source: 'settings', exitCode: 0 });
    expect(setup.output).toContain('Copied .env from');
    expect(setup.output).toContain('Copied api/.env.local from');
    expect(setup.output).toContain(`setting up in ${path.basename(dir)}`);
    expect(setup.output).toContain('SECRET=1');
    expect(setup.output).toContain('a warning');
    expect(fs.existsSync(path.join(dir, 'node_modules', 'pkg', '.env'))).toBe(false);
    await startsClaude(host, id, 'Claude to start after the setup');
    expect(host.view(id).worktree?.state).toBe('ready');
  });

  it('a failing setup holds Claude back with its exit code; start anyway starts it', async () => {
    const { repo, host, call, refused, isolated } = await lab();
    await setSetup(call, repo.root, 'echo "installing"; echo "install failed" >&2; exit 3');
    const { id } = await isolated({}, { ready: false });
    await waitFor(() => host.view(id).setup?.phase === 'failed', 'the setup to fail');
    expect(host.view(id).setup).toMatchObject({ exitCode: 3, error: expect.stringContaining('exited with code 3') });
    expect(host.view(id).setup?.output).toContain('install failed');
    // Claude has not started: no process.
    expect(host.list().find((s) => s.id === id)?.pid).toBeUndefined();
    expect(host.view(id).status).toBe('not-started');
    expect(await refused('session:send', { id, text: 'hello?' })).toMatchObject({
      kind: 'session-busy',
      message: expect.stringContaining('setup failed'),
      hint: expect.stringContaining('Retry'),
    });
    await call('worktree:retrySetup', { id });
    await waitFor(
      () => host.view(id).setup?.phase === 'failed' && (host.view(id).setup?.output.match(/installing/g)?.length ?? 0) >= 2,
      'the retried setup to fail again',
    );
    await call('worktree:startAnyway', { id });
    await startsClaude(host, id, 'Claude to start anyway');
  });

  it('a message while Claude is held back is refused with the reason, and goes through once it has started', async () => {
    const { repo, host, call, refused, isolated, sandbox } = await lab([text('got it')]);
    // The setup waits for a file the test writes: it is surely still running when the message comes.
    await setSetup(call, repo.root, 'echo "waiting"; while [ ! -f go ]; do sleep 0.1; done; echo "went on"');
    const { id, dir } = await isolated({}, { ready: false });
    await waitFor(() => host.view(id).setup?.output.includes('waiting'), 'the setup to run');
    expect(await refused('session:send', { id, text: 'too early' })).toMatchObject({
      kind: 'session-busy',
      message: expect.stringContaining('still being set up'),
      hint: expect.stringContaining('start anyway'),
    });
    // A queued message is refused too: nothing would send it once Claude starts.
    expect(await refused('session:send', { id, text: 'too early, queued', queue: true })).toMatchObject({ kind: 'session-busy' });
    fs.writeFileSync(path.join(dir, 'go'), '');
    await waitFor(() => host.view(id).worktree?.state === 'ready', 'the setup to finish', 60_000);
    // Claude starts (at once on a first run, else with this message).
    await call('session:send', { id, text: 'now then' });
    await waitFor(() => host.view(id).lastResult, 'the turn');
    const said = JSON.stringify(sandbox.api.turns().map((t) => t.body.messages));
    expect(said).toContain('now then');
    expect(said).not.toContain('too early');
  });

  it('runs a committed .clide/setup only after the person confirmed that content, once per repository', async () => {
    const { repo, host, call, refused, isolated } = await lab([], { files: { '.clide/setup': 'echo "repo setup ran" > setup-ran.txt\necho done\n' } });
    const first = await isolated({}, { ready: false });
    const confirm = await waitFor(() => host.view(first.id).setup?.confirm, 'the confirmation request');
    expect(confirm.content).toContain('repo setup ran');
    expect(fs.existsSync(path.join(first.dir, 'setup-ran.txt'))).toBe(false);
    expect(host.list().find((s) => s.id === first.id)?.pid).toBeUndefined();
    expect(await refused('session:send', { id: first.id, text: 'hello?' })).toMatchObject({
      kind: 'session-busy',
      message: expect.stringContaining('waiting for your confirmation'),
    });
    await call('worktree:confirmSetup', {
      id: first.id,
      hash: confirm.hash,
      run: true,
      confirm: await confirmed(call, 'run-setup', confirmValue.runSetup(first.id, confirm.hash)),
    });
    await waitFor(() => host.view(first.id).setup?.phase === 'done', 'the confirmed setup to run');
    expect(fs.readFileSync(path.join(first.dir, 'setup-ran.txt'), 'utf8')).toBe('repo setup ran\n');
    await startsClaude(host, first.id, 'Claude to start');

    // The same content again: no question.
    const second = await isolated({}, { ready: false });
    await waitFor(() => host.view(second.id).setup?.phase === 'done', 'the second setup');
    expect(host.view(second.id).setup?.confirm).toBeUndefined();

    // A changed file asks again; skipping it starts Claude without running it.
    repo.write('.clide/setup', 'echo changed > setup-ran.txt\n');
    repo.commit('change the setup');
    const third = await isolated({}, { ready: false });
    const again = await waitFor(() => host.view(third.id).setup?.confirm, 'a new confirmation');
    expect(again.hash).not.toBe(confirm.hash);
    await call('worktree:confirmSetup', { id: third.id, hash: again.hash, run: false });
    await startsClaude(host, third.id, 'Claude to start without the setup');
    expect(host.view(third.id).setup).toMatchObject({ phase: 'done', skipped: true });
    expect(fs.existsSync(path.join(third.dir, 'setup-ran.txt'))).toBe(false);
  });
});

describe('a worktree deleted outside clide', () => {
  it('is said so when its tab comes back, is made again from its branch, and the session goes on', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-wt-data-'));
    dataDirs.push(dataDir);
    const a = await lab((req) => (JSON.stringify(req.body.messages).includes('what did we say') ? text('We said hello.') : text('hello')), {}, { dataDir });
    const { id, dir, branch } = await a.isolated();
    a.host.send(id, 'say hello');
    await waitFor(() => a.host.view(id).lastResult, 'the first turn');
    fs.writeFileSync(path.join(dir, 'work.txt'), 'kept on the branch\n');
    await a.call('git:commit', { id, message: 'Session work', all: true });
    const sessionId = a.host.view(id).info.claudeSessionId;
    const history = await a.call<z.infer<typeof HistoryListSchema>>('history:list', {});
    expect(history.sessions.find((s) => s.sessionId === sessionId)?.worktree).toEqual({ repoRoot: a.repo.root, branch, base: 'main' });
    await a.host.shutdown();

    fs.rmSync(dir, { recursive: true, force: true });
    // The next run of the app: same data dir, same HOME and Claude config.
    const { host } = await onRealCli([], { defaultCwd: a.repo.root, dataDir, env: a.sandbox.env, homeDir: a.sandbox.home });
    await host.continuity.restore();
    const [restored] = host.list();
    const rid = restored!.id;
    await waitFor(() => host.view(rid).worktree?.canRecreate !== undefined, 'the missing worktree to be reported');
    expect(host.view(rid).worktree).toMatchObject({
      state: 'missing',
      canRecreate: true,
      message: expect.stringContaining(`Its branch ${branch} still exists`),
    });
    expect(restored!.pid).toBeUndefined();
    expect(await dispatch(createHandlers(host), 'session:send', { id: rid, text: 'hello?' })).toMatchObject({ ok: false, error: { kind: 'worktree-missing' } });

    expect(await dispatch(createHandlers(host), 'worktree:recreate', { id: rid })).toEqual({ ok: true, value: {} });
    await waitFor(() => host.view(rid).worktree?.state === 'ready', 'the made-again worktree');
    expect(fs.readFileSync(path.join(dir, 'work.txt'), 'utf8')).toBe('kept on the branch\n');
    // Its next message starts Claude there, resuming the same conversation.
    host.send(rid, 'what did we say');
    await waitFor(() => host.view(rid).items.some((i) => i.type === 'assistant' && JSON.stringify(i).includes('We said hello.')), 'the resumed reply', 60_000);
    expect(host.view(rid).info.claudeSessionId).toBe(sessionId);
    expect(host.list().find((s) => s.id === rid)?.pid).toBeDefined();
  });

  it('a past session opened from History says so when its worktree was deleted, and is made again from its branch', async () => {
    const { host, call, refused, isolated, sandbox } = await lab([text('hello')]);
    const { id, dir, branch } = await isolated();
    await call('session:send', { id, text: 'say hello' });
    await waitFor(() => host.view(id).lastResult, 'the first turn');
    const sessionId = host.view(id).info.claudeSessionId;
    await call('session:close', { id });
    fs.rmSync(dir, { recursive: true, force: true });

    // What History's Open sends: the session and the folder it ran in.
    const { id: rid } = await call<{ id: string }>('session:create', { resume: sessionId, cwd: dir });
    await waitFor(() => host.view(rid).worktree?.canRecreate !== undefined, 'the missing worktree to be reported');
    expect(host.view(rid).worktree).toMatchObject({
      state: 'missing',
      canRecreate: true,
      message: expect.stringContaining(`Its branch ${branch} still exists`),
    });
    expect(await refused('session:send', { id: rid, text: 'hello?' })).toMatchObject({ kind: 'worktree-missing' });
    await call('worktree:recreate', { id: rid });
    await waitFor(() => host.view(rid).worktree?.state === 'ready', 'the made-again worktree', 60_000);
    // Its next message starts Claude there, resuming the same conversation (the model sees it).
    await call('session:send', { id: rid, text: 'and again' });
    await waitFor(() => host.view(rid).lastResult && host.list().find((s) => s.id === rid)?.pid !== undefined, 'the resumed turn', 60_000);
    expect(host.view(rid).info.claudeSessionId).toBe(sessionId);
    expect(JSON.stringify(sandbox.api.turns().at(-1)!.body.messages)).toContain('say hello');
  });
});
