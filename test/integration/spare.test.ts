// The warm spare, against the real CLI: once the app has spawned nothing for a moment, one
// `claude` is started for what is most likely needed next; the next session that would spawn
// exactly that command line in that folder takes it (its pid becomes the session's). Never two
// at once; one that no longer suits is ended; it writes no transcript of its own; quit ends it.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionHost, type HostOptions } from '../../electron/core/host';
import { lastUserText, text } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { alive, waitFor } from '../support/wait';

let sandbox: CliSandbox | undefined;
const hosts: SessionHost[] = [];
let watch: ReturnType<typeof setInterval> | undefined;

afterEach(async () => {
  if (watch) clearInterval(watch);
  for (const h of hosts.splice(0)) await h.shutdown();
  await sandbox?.cleanup();
  sandbox = undefined;
});

function newHost(opts: Partial<HostOptions> = {}): SessionHost {
  const sb = sandbox!;
  const h = new SessionHost({
    host: 'web',
    env: sb.env,
    homeDir: sb.home,
    defaultCwd: sb.cwd,
    batchMs: 5,
    dataDir: path.join(sb.home, 'clide-data'),
    spare: { idleMs: 300 },
    ...opts,
  });
  hosts.push(h);
  return h;
}

/** Children that belong to no session: the spare, and one still being ended. */
function extras(h: SessionHost): number[] {
  const owned = new Set(h.list().map((s) => s.pid));
  return h.trackedChildren().filter((p) => !owned.has(p));
}

/** Counts, every few ms, the claude processes no session owns: never more than one. */
function neverTwo(h: SessionHost): { most: number } {
  const seen = { most: 0 };
  watch = setInterval(() => {
    seen.most = Math.max(seen.most, extras(h).filter(alive).length);
  }, 20);
  return seen;
}

function transcripts(sb: CliSandbox): string[] {
  const dir = path.join(sb.configDir, 'projects');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.jsonl') && !f.includes('subagents'));
}

describe('the warm spare with the real CLI', () => {
  it('the next new session claims it (its pid becomes the session’s); a new one follows; never two', async () => {
    sandbox = await cliSandbox((req) => text(`Reply to ${lastUserText(req.body).slice(-20)}`));
    const h = newHost();
    await h.orphansReaped;
    const seen = neverTwo(h);
    const first = h.create({}).id;
    await waitFor(() => h.view(first).status === 'ready', 'the first tab ready');
    const spare = await waitFor(() => h.spare?.pid, 'a spare');
    expect(h.spare?.spec?.cwd).toBe(sandbox.cwd);
    expect(extras(h)).toEqual([spare]);

    const next = h.create({}).id;
    h.continuity.saveLayout([first, next], next);
    expect(h.view(next).status).toBe('not-started');
    // The tab on screen suits the same spare: it stays.
    expect(h.spare?.pid).toBe(spare);
    h.send(next, 'hello spare');
    expect(h.list().find((s) => s.id === next)!.pid).toBe(spare);
    await waitFor(() => h.view(next).lastResult, 'the reply');
    expect(h.view(next).items.some((i) => i.type === 'assistant')).toBe(true);
    const again = await waitFor(() => h.spare?.pid, 'the next spare');
    expect(again).not.toBe(spare);
    expect(extras(h)).toEqual([again]);
    expect(seen.most).toBe(1);
  }, 60_000);

  it('is ended when it no longer suits (another default model, another folder shown), writes no transcript, and ends at quit', async () => {
    sandbox = await cliSandbox(() => text('ok'));
    const h = newHost();
    const seen = neverTwo(h);
    const first = h.create({}).id;
    await waitFor(() => h.view(first).status === 'ready', 'ready');
    const s1 = await waitFor(() => h.spare?.pid, 'a spare');

    // New sessions would now start with --model sonnet: the spare without it is of no use.
    h.workspace.update({ defaultModel: 'sonnet' });
    await waitFor(() => !alive(s1), 'the unsuitable spare ended');
    const s2 = await waitFor(() => h.spare?.pid, 'a spare with the new default');
    expect(h.spare?.spec?.args).toEqual(expect.arrayContaining(['--model', 'sonnet']));

    // A tab in another folder is shown: the spare is for it now.
    const other = path.join(path.dirname(sandbox.cwd), 'other');
    fs.mkdirSync(other);
    const elsewhere = h.create({ cwd: other }).id;
    h.continuity.saveLayout([first, elsewhere], elsewhere);
    await waitFor(() => !alive(s2), 'the spare for the old folder ended');
    const s3 = await waitFor(() => h.spare?.pid, 'a spare in the shown tab’s folder');
    expect(h.spare?.spec?.cwd).toBe(other);
    expect(h.list().find((s) => s.id === elsewhere)!.pid).toBeUndefined();

    expect(seen.most).toBe(1);
    // None of them was sent anything: no transcript, nothing new in History.
    expect(transcripts(sandbox)).toEqual([]);
    expect(await h.continuity.list()).toEqual([]);
    await h.shutdown();
    hosts.splice(hosts.indexOf(h), 1);
    expect(alive(s3)).toBe(false);
  }, 60_000);

  it('serves a parked tab on screen: the next message resumes it in the spare (--resume)', async () => {
    sandbox = await cliSandbox((req) => {
      const last = lastUserText(req.body);
      if (last.includes('remember the kiwi')) return text('I will remember the kiwi.');
      if (last.includes('what fruit')) return text('The kiwi.');
      return text('ok');
    });
    const h = newHost({ env: { ...sandbox.env, CLIDE_IDLE_PARK_SECONDS: '1' } });
    const id = h.create({}).id;
    h.continuity.saveLayout([id], id);
    h.send(id, 'Please remember the kiwi');
    await waitFor(() => h.view(id).lastResult, 'first reply');
    const sid = h.list().find((s) => s.id === id)!.sessionId!;
    await waitFor(() => h.view(id).status === 'parked', 'parked', 20_000);
    const spare = await waitFor(() => (h.spare?.spec?.resume === sid ? h.spare.pid : undefined), 'a spare resuming the parked session');
    h.send(id, 'So what fruit was it?');
    expect(h.list().find((s) => s.id === id)!.pid).toBe(spare);
    await waitFor(() => h.view(id).lastResult?.text === 'The kiwi.', 'reply in the resumed session');
    expect(JSON.stringify(sandbox.api.turns().at(-1)!.body.messages)).toContain('remember the kiwi');
    expect(transcripts(sandbox)).toHaveLength(1);
  }, 60_000);
});
