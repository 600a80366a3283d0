// Workspace trust on the real CLI: a folder's SessionStart and UserPromptSubmit hooks and its
// .mcp.json server do not run until the person trusts the folder, and run after; a restricted
// session runs without them; the decision is shared with Claude Code's own record; a hook added
// after the folder was trusted asks again, for that hook only; no spare starts there meanwhile.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SessionHost } from '../../electron/core/host';
import { claudeGlobalFile } from '../../electron/core/trust/claude-record';
import type { TrustState } from '../../shared/trust';
import { ClideError } from '../../shared/result';
import { text } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import type { CliSandbox } from '../support/real-cli';
import { makeRepo } from '../support/temp-repo';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();
const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder that would run three things: two hooks and an MCP server, each leaving a mark. */
function hostileFolder(sb: CliSandbox): string {
  const marks = path.join(sb.home, 'marks');
  fs.mkdirSync(marks, { recursive: true });
  fs.mkdirSync(path.join(sb.cwd, '.claude'), { recursive: true });
  const hook = (name: string) => [{ hooks: [{ type: 'command', command: `touch ${marks}/${name}` }] }];
  fs.writeFileSync(path.join(sb.cwd, '.claude', 'settings.json'), JSON.stringify({ hooks: { SessionStart: hook('START'), UserPromptSubmit: hook('PROMPT') } }));
  fs.writeFileSync(
    path.join(sb.cwd, '.mcp.json'),
    JSON.stringify({ mcpServers: { probe: { command: '/bin/sh', args: ['-c', `touch ${marks}/MCP; sleep 30`] } } }),
  );
  return marks;
}

const marksIn = (dir: string) => fs.readdirSync(dir).sort();
const trustOf = (host: SessionHost, id: string): TrustState | undefined => host.view(id).info.trust;

function refusedAsUntrusted(f: () => unknown): void {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(ClideError);
    expect((err as ClideError).info.kind).toBe('untrusted');
    return;
  }
  throw new Error('it was not refused');
}

describe('workspace trust on the real CLI', () => {
  it("runs nothing of an untrusted folder: its hooks and MCP server run only once it is trusted, and Claude Code's record says so", async () => {
    const { sandbox: sb, host } = await onRealCli([text('first'), text('second')], { spare: { idleMs: 50 } });
    const marks = hostileFolder(sb);
    const { id } = host.create({ cwd: sb.cwd });

    const asking = trustOf(host, id);
    expect(asking?.state).toBe('asking');
    const shown = asking!.prompt!.items.map((i) => `${i.file} · ${i.label} · ${i.detail}`);
    expect(shown).toEqual([
      `.claude/settings.json · SessionStart hook · touch ${marks}/START`,
      `.claude/settings.json · UserPromptSubmit hook · touch ${marks}/PROMPT`,
      `.mcp.json · MCP server probe · /bin/sh -c touch ${marks}/MCP; sleep 30`,
    ]);
    // Nothing starts by itself (no first tab filling the start cache, no spare), and a message is refused.
    refusedAsUntrusted(() => host.send(id, 'hello'));
    await new Promise((r) => setTimeout(r, 1500));
    expect(host.list()[0]!.pid).toBeUndefined();
    expect(host.spare?.pid).toBeUndefined();
    expect(marksIn(marks)).toEqual([]);
    expect(sb.api.requests.length).toBe(0);

    host.grantTrust(id, asking!.prompt!.promptId);
    expect(trustOf(host, id)?.state).toBe('trusted');
    host.send(id, 'hello');
    await waitFor(() => host.view(id).status === 'ready' && sb.api.requests.some((r) => JSON.stringify(r.body).includes('hello')), 'the first turn', 60_000);
    await waitFor(() => marksIn(marks).length === 3, 'the hooks and the MCP server ran', 30_000);
    expect(marksIn(marks)).toEqual(['MCP', 'PROMPT', 'START']);

    const record = JSON.parse(fs.readFileSync(claudeGlobalFile(sb.env, sb.home), 'utf8')) as { projects: Record<string, { hasTrustDialogAccepted?: boolean }> };
    expect(record.projects[fs.realpathSync(sb.cwd)]?.hasTrustDialogAccepted).toBe(true);
  });

  it('a restricted session runs without anything of the folder, and says what is off', async () => {
    const { sandbox: sb, host } = await onRealCli([text('restricted reply')]);
    const marks = hostileFolder(sb);
    const { id } = host.create({ cwd: sb.cwd });
    expect(trustOf(host, id)?.state).toBe('asking');
    host.restrictSession(id);
    expect(trustOf(host, id)?.state).toBe('restricted');
    host.send(id, 'hello');
    await waitFor(() => host.view(id).items.some((i) => i.type === 'assistant') && host.view(id).status === 'ready', 'the reply', 60_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(marksIn(marks)).toEqual([]);
    expect(host.list()[0]!.spawnSpec()?.args.join(' ')).toContain('--setting-sources user');
  });

  it("a folder trusted in Claude Code's own dialog is trusted here; a hook added later asks again, for that hook only", async () => {
    const { sandbox: sb, host } = await onRealCli([text('one'), text('two')]);
    const marks = hostileFolder(sb);
    fs.writeFileSync(
      claudeGlobalFile(sb.env, sb.home),
      JSON.stringify({ projects: { [path.dirname(fs.realpathSync(sb.cwd))]: { hasTrustDialogAccepted: true } } }),
    );
    const { id } = host.create({ cwd: sb.cwd });
    expect(trustOf(host, id)?.state ?? 'trusted').toBe('trusted');
    host.send(id, 'hello');
    await waitFor(() => host.view(id).status === 'ready' && marksIn(marks).includes('PROMPT'), 'the first turn with its hooks', 60_000);
    await host.close(id);

    const settings = path.join(sb.cwd, '.claude', 'settings.json');
    const json = JSON.parse(fs.readFileSync(settings, 'utf8')) as { hooks: Record<string, unknown> };
    json.hooks.Stop = [{ hooks: [{ type: 'command', command: `touch ${marks}/STOP` }] }];
    fs.writeFileSync(settings, JSON.stringify(json));
    const second = host.create({ cwd: sb.cwd }).id;
    const asking = trustOf(host, second);
    expect(asking?.state).toBe('asking');
    expect(asking?.prompt?.changed).toBe(true);
    expect(asking?.prompt?.alreadyTrusted).toBe(3);
    expect(asking?.prompt?.items.map((i) => i.label)).toEqual(['Stop hook']);
    refusedAsUntrusted(() => host.send(second, 'again'));
  });

  it("a repository's worktrees are trusted with it, and a worktree whose branch adds a hook asks for that hook", async () => {
    const { host } = await onRealCli([]);
    const hook = (name: string) => JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `echo ${name}` }] }] } });
    const repo = makeRepo({ files: { '.claude/settings.json': hook('main') } });
    made.push(repo.base);
    const first = host.create({ cwd: repo.root }).id;
    host.grantTrust(first, trustOf(host, first)!.prompt!.promptId);

    const tree = path.join(repo.base, 'tree');
    repo.git(['worktree', 'add', '-q', '-b', 'feature', tree]);
    const inTree = host.create({ cwd: path.join(tree) }).id;
    expect(trustOf(host, inTree)?.state ?? 'trusted').toBe('trusted');

    repo.write('.claude/settings.json', hook('feature'), tree);
    const again = host.create({ cwd: tree }).id;
    expect(trustOf(host, again)?.prompt).toMatchObject({ root: repo.root, folder: fs.realpathSync(tree), changed: true });
    expect(trustOf(host, again)?.prompt?.items.map((i) => i.detail)).toEqual(['echo feature']);
  });

  it('a tab opened restricted comes back restricted after a restart, and still runs nothing of the folder', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-trust-data-'));
    made.push(dataDir);
    const { sandbox: sb, host } = await onRealCli([text('before'), text('after the restart')], { dataDir });
    const marks = hostileFolder(sb);
    const { id } = host.create({ cwd: sb.cwd });
    host.restrictSession(id);
    host.send(id, 'hello');
    await waitFor(() => host.view(id).status === 'ready' && host.view(id).lastResult !== undefined, 'the first turn', 60_000);
    await host.shutdown();

    const again = new SessionHost({ host: 'web', env: sb.env, homeDir: sb.home, defaultCwd: sb.cwd, batchMs: 5, dataDir });
    try {
      await again.continuity.restore();
      const [restored] = again.list();
      expect(trustOf(again, restored!.id)?.state).toBe('restricted');
      again.send(restored!.id, 'and again');
      await waitFor(() => sb.api.turns().length === 2 && again.view(restored!.id).status === 'ready', 'the turn after the restart', 60_000);
      expect(restored!.spawnSpec()?.args.join(' ')).toContain('--setting-sources user');
      expect(marksIn(marks)).toEqual([]);
    } finally {
      await again.shutdown();
    }
  });

  it('trusting a folder that showed its .clide/run allows that content for Run, and it is not shown again', async () => {
    const { sandbox: sb, host } = await onRealCli([]);
    hostileFolder(sb);
    fs.mkdirSync(path.join(sb.cwd, '.clide'));
    fs.writeFileSync(path.join(sb.cwd, '.clide', 'run'), 'npm run dev\n');
    const { id } = host.create({ cwd: sb.cwd });
    const asking = trustOf(host, id)!;
    expect(asking.prompt!.items.map((i) => i.kind)).toEqual(['hook', 'hook', 'mcp-server', 'run']);
    host.grantTrust(id, asking.prompt!.promptId);
    const repos = host.workspace.settings.get().repositories;
    expect(Object.values(repos).map((r) => r.runConfirmed)).toEqual([createHash('sha256').update('npm run dev\n').digest('hex')]);

    // A new hook asks again, without the run file it already allowed.
    const settings = path.join(sb.cwd, '.claude', 'settings.json');
    fs.writeFileSync(settings, JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'echo new' }] }] } }));
    const again = host.create({ cwd: sb.cwd }).id;
    expect(trustOf(host, again)?.prompt?.items.map((i) => i.kind)).toEqual(['hook']);
  });
});
