// Tabs start no `claude` until they need one, against the real CLI: a new or restored tab shows
// the cached `initialize` answer of its folder and spawns nothing; its first message starts the
// process and gets its reply; a first run without any cache starts one tab to learn what the
// CLI offers and fills the others from it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionHost, type HostOptions } from '../../electron/core/host';
import { lastUserText, text } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { alive, waitFor } from '../support/wait';
import { blocksOf } from '../../shared/transcript';

let sandbox: CliSandbox | undefined;
const hosts: SessionHost[] = [];

afterEach(async () => {
  for (const h of hosts.splice(0)) await h.shutdown();
  await sandbox?.cleanup();
  sandbox = undefined;
});

function newHost(opts: Partial<HostOptions> = {}): SessionHost {
  const sb = sandbox!;
  const h = new SessionHost({ host: 'web', env: sb.env, homeDir: sb.home, defaultCwd: sb.cwd, batchMs: 5, dataDir: path.join(sb.home, 'clide-data'), ...opts });
  hosts.push(h);
  return h;
}

/** The CLI's transcripts: what History lists. */
function transcripts(sb: CliSandbox): string[] {
  const dir = path.join(sb.configDir, 'projects');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl') && !f.includes('subagents'));
}

describe('tabs that start no process until used, with the real CLI', () => {
  it('a first run starts one tab to learn the CLI; every other tab shows its answer and spawns nothing until its first message', async () => {
    sandbox = await cliSandbox((req) => text(`Reply to: ${lastUserText(req.body)}`));
    const h = newHost();
    await h.orphansReaped;
    const first = h.create({}).id;
    // Nothing is cached yet: this tab starts at once, as a tab always did.
    await waitFor(() => h.view(first).status === 'ready', 'the first tab ready');
    const live = h.view(first).info;
    expect(live.models?.length).toBeGreaterThan(0);
    expect(live.commands?.length).toBeGreaterThan(0);
    expect(live.cliVersion).toBeTruthy();

    const others = [h.create({}).id, h.create({}).id, h.create({}).id];
    for (const id of others) {
      const v = h.view(id);
      expect(v.status).toBe('not-started');
      // What the empty tab, the status bar, the model picker and the / list read.
      expect(v.info).toMatchObject({
        models: live.models,
        commands: live.commands,
        cliVersion: live.cliVersion,
        testedCliVersion: live.testedCliVersion,
        apiKeySource: live.apiKeySource,
        permissionMode: live.permissionMode,
      });
      expect(h.list().find((s) => s.id === id)!.pid).toBeUndefined();
    }
    expect(h.trackedChildren()).toEqual([h.list().find((s) => s.id === first)!.pid]);

    // Its first message starts the process and gets the reply.
    const used = others[1]!;
    h.send(used, 'hello from a lazy tab');
    await waitFor(() => h.view(used).lastResult, 'the reply');
    const items = h.view(used).items;
    expect(items.filter((i) => i.type === 'user').map((i) => (i.type === 'user' ? i.text : ''))).toEqual(['hello from a lazy tab']);
    const reply = items.find((i) => i.type === 'assistant');
    const said =
      reply?.type === 'assistant'
        ? blocksOf(reply)
            .map((b) => b.text)
            .join('')
        : '';
    expect(said).toMatch(/^Reply to: /);
    expect(said).toContain('hello from a lazy tab');
    const pid = h.list().find((s) => s.id === used)!.pid;
    expect(alive(pid)).toBe(true);
    expect(h.trackedChildren().sort()).toEqual([h.list().find((s) => s.id === first)!.pid, pid].sort());
    for (const id of [others[0]!, others[2]!]) expect(h.view(id).status).toBe('not-started');
  }, 60_000);

  it('after a restart the cache fills a new tab at once; the context count comes from it without a process', async () => {
    sandbox = await cliSandbox(() => text('ok'));
    const a = newHost();
    const first = a.create({}).id;
    await waitFor(() => a.view(first).status === 'ready', 'ready');
    // What the status bar asks before the first prompt is kept for tabs that have not started.
    const counted = await a.getContextUsage(first, true);
    expect(counted.cached).toBeUndefined();
    const models = a.view(first).info.models;
    await a.shutdown();
    hosts.splice(hosts.indexOf(a), 1);

    const b = newHost();
    await b.orphansReaped;
    const id = b.create({}).id;
    expect(b.view(id).status).toBe('not-started');
    expect(b.view(id).info.models).toEqual(models);
    expect(await b.getContextUsage(id, true)).toEqual({ ...counted, cached: true });
    expect(b.trackedChildren()).toEqual([]);
    // The breakdown needs the real count: asking without `cached` starts the process.
    const real = await b.getContextUsage(id);
    expect(real.cached).toBeUndefined();
    expect(real.totalTokens).toBeGreaterThan(0);
    expect(b.view(id).status).toBe('ready');
    expect(b.trackedChildren()).toHaveLength(1);
    // Nothing was said to it: the CLI wrote no transcript, so History has nothing new.
    expect(transcripts(sandbox)).toEqual([]);
  }, 60_000);

  it('restored tabs spawn nothing; the first message resumes the conversation, which the model sees', async () => {
    sandbox = await cliSandbox((req) => {
      const last = lastUserText(req.body);
      if (last.includes('remember the kiwi')) return text('I will remember the kiwi.');
      if (last.includes('what fruit')) return text('The kiwi.');
      return text('ok');
    });
    const a = newHost();
    const ids = [a.create({}).id, a.create({}).id];
    a.send(ids[0]!, 'Please remember the kiwi');
    await waitFor(() => a.view(ids[0]!).lastResult, 'first result');
    a.continuity.saveDraft(ids[1]!, 'a draft in the unused tab');
    const sid = a.list().find((s) => s.id === ids[0])!.sessionId;
    await a.shutdown();
    hosts.splice(hosts.indexOf(a), 1);

    const b = newHost();
    await b.continuity.restore();
    const [r1, r2] = b.list().map((s) => s.id) as [string, string];
    await waitFor(() => b.view(r1).info.loadingEarlier === false, 'earlier conversation shown');
    expect(b.view(r1).status).toBe('not-started');
    expect(b.view(r2).status).toBe('not-started');
    expect(b.view(r1).info.models?.length).toBeGreaterThan(0);
    expect(b.continuity.drafts()[r2]).toBe('a draft in the unused tab');
    expect(b.trackedChildren()).toEqual([]);

    const turnsBefore = sandbox.api.turns().length;
    b.send(r1, 'So what fruit was it?');
    await waitFor(() => b.view(r1).lastResult, 'reply after the restart');
    expect(b.list().find((s) => s.id === r1)!.sessionId).toBe(sid);
    const resumed = sandbox.api.turns().slice(turnsBefore)[0]!;
    expect(JSON.stringify(resumed.body.messages)).toContain('remember the kiwi');
    const users = b.view(r1).items.flatMap((i) => (i.type === 'user' ? [i.text] : []));
    expect(users).toEqual(['Please remember the kiwi', 'So what fruit was it?']);
    expect(b.view(r2).status).toBe('not-started');
    expect(b.trackedChildren()).toHaveLength(1);
  }, 60_000);

  it('a model and mode chosen before the first message become its flags; an invalid one is refused', async () => {
    sandbox = await cliSandbox((req) => text(`model ${req.body.model}`));
    const h = newHost();
    const warm = h.create({}).id;
    await waitFor(() => h.view(warm).status === 'ready', 'ready');
    const id = h.create({}).id;
    expect(await h.setModel(id, 'sonnet')).toBe('sonnet');
    expect(await h.setPermissionMode(id, 'plan')).toBe('plan');
    await expect(h.setModel(id, '--dangerously-skip-permissions')).rejects.toMatchObject({ info: { kind: 'invalid-input' } });
    expect(h.view(id).info).toMatchObject({ model: 'sonnet', permissionMode: 'plan' });
    expect(h.list().find((s) => s.id === id)!.pid).toBeUndefined();
    h.send(id, 'which model?');
    await waitFor(() => h.view(id).lastResult, 'reply');
    expect(h.view(id).info.permissionMode).toBe('plan');
    expect(sandbox.api.turns().at(-1)!.body.model).toMatch(/sonnet/);
  }, 60_000);
});
