// Isolated sessions against reality: the real pinned CLI (fake API) working in real git
// worktrees made through the session:create channel. What Claude writes lands in its worktree,
// two sessions never see each other's edits, a review reaches the model with file and line.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Changes, GitCapability } from '../../shared/git';
import { lastUserText, text, toolUse, type Responder } from '../support/fake-api';
import { tempRepos } from '../support/git-repo';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';
import { worktreeLabs } from '../support/worktree-host';

const repos = tempRepos();
const lab = worktreeLabs(realCliHosts(), repos);

/** Replies for "Edit <file> to say <word>": Read it, Edit it, say so. */
const editor: Responder = (req) => {
  const first = req.body.messages.find((m) => m.role === 'user');
  const prompt = typeof first?.content === 'string' ? first.content : JSON.stringify(first?.content ?? '');
  const m = /Edit (\S+) to say (\w+)/.exec(prompt);
  if (!m) return text('ok');
  const step = req.body.messages.filter((x) => x.role === 'assistant').length;
  if (step === 0) return toolUse('Read', { file_path: m[1]! });
  if (step === 1) return toolUse('Edit', { file_path: m[1]!, old_string: 'original line', new_string: `edited by ${m[2]}` });
  return text(`Edited it to say ${m[2]}.`);
};

describe('an isolated session with the real CLI', () => {
  it('gets its own worktree and branch; what Claude writes is there, not in the main checkout', async () => {
    const { repo, host, call, isolated } = await lab([
      toolUse('Write', { file_path: 'hello.txt', content: 'hi from the worktree\n' }),
      text('Wrote hello.txt.'),
    ]);
    const { id, dir, branch } = await isolated({ permissionMode: 'acceptEdits' });
    expect(branch).toBe('clide/session-1');
    expect(host.view(id).worktree?.info).toMatchObject({ repoRoot: repo.root, base: 'main', baseCommit: repo.git(['rev-parse', 'HEAD']) });
    expect(host.view(id).cwd).toBe(dir);
    expect(repo.git(['worktree', 'list', '--porcelain'])).toContain(`worktree ${dir}`);

    host.send(id, 'Write hello.txt');
    await waitFor(() => host.view(id).lastResult, 'the turn to end');
    expect(fs.readFileSync(path.join(dir, 'hello.txt'), 'utf8')).toBe('hi from the worktree\n');
    expect(repo.exists('hello.txt')).toBe(false);
    // The watcher tells the tab; the Changes listing names the file.
    await waitFor(() => host.view(id).gitStatus?.filesChanged === 1, 'the glance to count the new file');
    expect(host.view(id).gitStatus).toMatchObject({ branch, base: 'main', ahead: 0, behind: 0, uncommitted: true });
    const changes = await call<Changes>('git:changes', { id });
    expect(changes.files).toEqual([expect.objectContaining({ path: 'hello.txt', kind: 'untracked', added: 1 })]);
  });

  it('offers the option with a branch suggestion, and remembers the choice per repository', async () => {
    const { repo, call, isolated, host } = await lab();
    const before = await call<GitCapability>('worktree:capability', { cwd: repo.root, hint: 'Fix login' });
    expect(before).toMatchObject({ available: true, suggestedBranch: 'clide/fix-login-1', branches: ['main'], repo: { mainRoot: repo.root } });
    expect(before.remembered).toBeUndefined();
    expect(before.worktreeDir).toBe(path.join(host.environment().homeDir, '.clide', 'worktrees', 'repo', 'clide-fix-login-1'));
    const { branch } = await isolated({ hint: 'Fix login' });
    expect(branch).toBe('clide/fix-login-1');
    expect(await call('worktree:capability', { cwd: repo.root, hint: 'Fix login' })).toMatchObject({ remembered: true, suggestedBranch: 'clide/fix-login-2' });
    await call('session:create', { cwd: repo.root });
    await waitFor(() => host.workspace.settings.get().repositories[repo.root]?.worktrees === false, 'the shared choice to be remembered');
    expect(await call('worktree:capability', { cwd: repo.root })).toMatchObject({ remembered: false });
    const plain = path.join(repo.base, 'plain');
    fs.mkdirSync(plain);
    expect(await call('worktree:capability', { cwd: plain })).toMatchObject({ available: false, problem: 'not-a-repository' });
    const err = await call('session:create', { cwd: plain, worktree: {} }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expect(err).toContain('not-a-repository');
    expect(host.list().filter((x) => x.cwd === plain)).toEqual([]);
  });

  it('two isolated sessions edit the same file without seeing each other', async () => {
    const { repo, host, isolated } = await lab(editor, { files: { 'shared.txt': 'original line\n' } });
    const a = await isolated({ permissionMode: 'acceptEdits' });
    const b = await isolated({ permissionMode: 'acceptEdits' });
    expect(a.dir).not.toBe(b.dir);
    host.send(a.id, `Edit ${path.join(a.dir, 'shared.txt')} to say A`);
    host.send(b.id, `Edit ${path.join(b.dir, 'shared.txt')} to say B`);
    await waitFor(() => host.view(a.id).lastResult && host.view(b.id).lastResult, 'both turns to end', 60_000);
    expect(fs.readFileSync(path.join(a.dir, 'shared.txt'), 'utf8')).toBe('edited by A\n');
    expect(fs.readFileSync(path.join(b.dir, 'shared.txt'), 'utf8')).toBe('edited by B\n');
    expect(repo.read('shared.txt')).toBe('original line\n');
  });

  it('sends a review as one message that names each file and line, and it reaches the model', async () => {
    const { sandbox, host, call, isolated } = await lab((req) =>
      lastUserText(req.body).includes('Review of your changes') ? text('I will fix those.') : text('ok'),
    );
    const { id } = await isolated();
    const sent = await call<{ text: string }>('git:review', {
      id,
      comments: [
        { path: 'src/app.ts', startLine: 12, comment: 'This name says nothing.' },
        { path: 'README.md', startLine: 3, endLine: 5, comment: 'Say how to run it.' },
        { path: 'src/app.ts', startLine: 4, side: 'old', comment: 'Why was this check removed?' },
      ],
    });
    await waitFor(() => host.view(id).lastResult, 'the review turn');
    const turn = sandbox.api.turns().find((t) => lastUserText(t.body).includes('Review of your changes'))!;
    const got = lastUserText(turn.body);
    expect(got).toContain(sent.text);
    expect(got).toContain('src/app.ts\n- Line 4 (as it was before your change): Why was this check removed?\n- Line 12: This name says nothing.');
    expect(got).toContain('README.md\n- Lines 3-5: Say how to run it.');
    expect(host.view(id).items.find((i) => i.type === 'user')).toMatchObject({ text: sent.text });
  });

  it('tells two tabs sharing one working tree without isolation that they do, and stops when one closes', async () => {
    const { repo, host, call, isolated } = await lab();
    const a = host.create({ cwd: repo.root });
    fs.mkdirSync(path.join(repo.root, 'sub'));
    const b = host.create({ cwd: path.join(repo.root, 'sub') });
    const own = await isolated();
    await waitFor(() => host.view(a.id).sharedTree && host.view(b.id).sharedTree, 'both tabs to be told');
    expect(host.view(a.id).sharedTree).toEqual({ tree: repo.root, with: [b.id] });
    expect(host.view(b.id).sharedTree).toEqual({ tree: repo.root, with: [a.id] });
    expect(host.view(own.id).sharedTree).toBeUndefined();
    expect(await call('git:sharedTrees', {})).toEqual({ groups: [{ tree: repo.root, sessions: [a.id, b.id] }] });
    await host.close(b.id);
    await waitFor(() => host.view(a.id).sharedTree === undefined, 'the notice to go');
    expect(await call('git:sharedTrees', {})).toEqual({ groups: [] });
  });

  it('costs no git process while idle, and the watcher still sees the next change', async () => {
    const { host, isolated } = await lab();
    const { id, dir } = await isolated();
    await waitFor(() => host.view(id).gitStatus, 'the first glance');
    const git = host.isolation.git;
    // Let start-up settle (the CLI looks at the repository when it starts): a second without git.
    let seen = git.spawned;
    let since = Date.now();
    await waitFor(() => {
      if (git.spawned !== seen) [seen, since] = [git.spawned, Date.now()];
      return Date.now() - since > 1000;
    }, 'git to go quiet');
    // The idle window itself is what is measured.
    const before = git.spawned;
    await new Promise((r) => setTimeout(r, 3000));
    expect(git.spawned - before).toBe(0);
    fs.writeFileSync(path.join(dir, 'later.txt'), 'x\n');
    await waitFor(() => host.view(id).gitStatus?.filesChanged === 1, 'the glance after a change');
    // An edit that keeps every count still says the files changed (an open Changes panel re-reads).
    const at = host.view(id).gitStatus!.at;
    fs.writeFileSync(path.join(dir, 'later.txt'), 'y\n');
    await waitFor(() => host.view(id).gitStatus!.at > at, 'a new glance for the same counts');
    expect(host.view(id).gitStatus).toMatchObject({ filesChanged: 1, uncommitted: true });
  });
});
