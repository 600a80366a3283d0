// Restore after a crash, against the real CLI: the tabs of a host that died come back in a new
// host with their earlier conversation, drafts, queued messages and cut-off turns, and go on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CUT_OFF_CODE } from '../../electron/core/continuity';
import { projectSlug } from '../../electron/core/history';
import { lastUserText, text, usageLimit, type FakeReply, type MessagesBody } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { restartHosts } from '../support/restart-hosts';
import { waitFor } from '../support/wait';
import { blocksOf } from '../../shared/transcript';

let sandbox: CliSandbox | undefined;
let dataDir: string | undefined;
// Cleared before each test: a test that fails before setting them leaves nothing of another's.
beforeEach(() => {
  sandbox = undefined;
  dataDir = undefined;
});
const { newHost, drop } = restartHosts(() => ({ sandbox, dataDir }));

function conversation(body: MessagesBody): string {
  return JSON.stringify(body.messages);
}

describe('restore after a crash with the real CLI', () => {
  it('reopens every tab with its conversation, draft, queue and cut-off turn, and continues', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    // Replies keyed by prompt: the CLI also makes side calls, and order across tabs is not fixed.
    sandbox = await cliSandbox((req) => {
      const last = lastUserText(req.body);
      if (last.includes('remember the kiwi')) return text('I will remember the kiwi.');
      if (last.includes('slow question')) return text('too late', { hold });
      if (last.includes('what fruit')) return text('The kiwi.');
      return text('ok');
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-restore-'));
    const a = newHost();
    const done = a.create({});
    a.send(done.id, 'Please remember the kiwi');
    await waitFor(() => a.view(done.id).lastResult, 'first result');
    a.continuity.saveDraft(done.id, 'half-written follow-up');
    const fresh = a.create({});
    a.continuity.saveDraft(fresh.id, 'never sent');
    const busy = a.create({});
    a.send(busy.id, 'A slow question');
    await waitFor(() => a.view(busy.id).status === 'working' && sandbox!.api.turns().some((t) => lastUserText(t.body).includes('slow question')), 'slow turn');
    expect(a.send(busy.id, 'queued while busy', [], true).queued).toBeTruthy();
    const doneSid = a.list().find((s) => s.id === done.id)!.sessionId!;
    const busySid = a.list().find((s) => s.id === busy.id)!.sessionId!;
    // The cut-off turn is read back from the transcript, so it must be there before the "crash":
    // the CLI writes its transcript a moment after the message (2.1.333 later than 2.1.332).
    const busyTranscript = path.join(sandbox.configDir, 'projects', projectSlug(sandbox.cwd), `${busySid}.jsonl`);
    await waitFor(
      () => fs.existsSync(busyTranscript) && fs.readFileSync(busyTranscript, 'utf8').includes('A slow question'),
      'the slow question in its transcript',
      10_000,
    );
    // The tab list is written within a moment of each change, without any quit.
    const file = path.join(dataDir, 'sessions.json');
    const savedTabs = () => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { tabs: unknown[] }).tabs : []);
    await waitFor(() => savedTabs().length === 3, 'three tabs in sessions.json', 10_000);
    // "Crash": the host writes nothing more and its children are left for the next run to reap.
    a.continuity.shutdown();
    drop(a);

    const b = newHost();
    await b.continuity.restore();
    const ids = b.list().map((s) => s.id);
    expect(ids).toHaveLength(3);
    const [r1, r2, r3] = ids as [string, string, string];

    // 1: the finished session, resumed with its earlier conversation and the draft.
    // Reopened without a process: the first message starts it.
    await waitFor(() => b.view(r1).status === 'not-started' && b.view(r1).items.some((i) => i.type === 'assistant'), 'restored conversation');
    const v1 = b.view(r1);
    expect(v1.items.filter((i) => i.type === 'user').map((i) => (i.type === 'user' ? i.text : ''))).toEqual(['Please remember the kiwi']);
    expect(v1.info.claudeSessionId).toBe(doneSid);
    expect(b.continuity.drafts()[r1]).toBe('half-written follow-up');
    expect(v1.items.some((i) => i.type === 'notice' && i.code === CUT_OFF_CODE)).toBe(false);

    // 2: never sent anything: a fresh session in the same folder with its draft.
    expect(b.list()[1]!.sessionId).toBeUndefined();
    expect(b.view(r2).cwd).toBe(sandbox.cwd);
    expect(b.continuity.drafts()[r2]).toBe('never sent');

    // 3: the turn that was cut off is marked so, and the queued message waits, held.
    await waitFor(() => b.view(r3).items.some((i) => i.type === 'notice' && i.code === CUT_OFF_CODE), 'cut-off notice');
    const v3 = b.view(r3);
    expect(v3.info.claudeSessionId).toBe(busySid);
    expect(v3.queue?.map((q) => q.text)).toEqual(['queued while busy']);
    expect(v3.queueHold?.message).toMatch(/clide was closed/);
    release();

    // The resumed session continues: the API gets the earlier messages.
    const before = sandbox.api.turns().length;
    b.send(r1, 'what fruit did I mention?');
    await waitFor(() => b.view(r1).lastResult, 'continued result');
    const next = sandbox.api
      .turns()
      .slice(before)
      .find((t) => lastUserText(t.body).includes('what fruit'))!;
    expect(conversation(next.body)).toContain('Please remember the kiwi');
    expect(conversation(next.body)).toContain('I will remember the kiwi.');

    // Retrying the cut-off prompt runs it again; the queue then sends what waited.
    b.send(r3, 'A slow question');
    await waitFor(() => sandbox!.api.turns().some((t) => lastUserText(t.body).includes('queued while busy')), 'queued message sent after the retry', 60_000);
    await waitFor(
      () => b.view(r3).queue?.length === 0 && b.view(r3).status === 'ready' && b.view(r3).items.filter((i) => i.type === 'user').length === 3,
      'queue drained',
    );
  });

  it('after a quit with a turn running, the turn comes back cut off (not "interrupted by you"), titled, and Retry runs it', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    sandbox = await cliSandbox((req) => {
      const last = lastUserText(req.body);
      if (last.includes('long job')) return text('The long job is done.', { hold });
      return text('ok');
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-restore-'));
    const a = newHost();
    const { id } = a.create({});
    a.send(id, 'Start the long job');
    await waitFor(() => a.view(id).status === 'working' && sandbox!.api.turns().length > 0, 'turn running');
    await a.rename(id, 'Long job');
    const sid = a.list()[0]!.sessionId!;
    // Quit: the host stops the turn and closes the CLI, but keeps the tab as it was.
    drop(a);
    await a.shutdown();

    const b = newHost();
    await b.continuity.restore();
    const [r] = b.list().map((s) => s.id) as [string];
    await waitFor(() => b.view(r).items.some((i) => i.type === 'notice' && i.code === CUT_OFF_CODE), 'cut-off notice');
    const v = b.view(r);
    expect(v.info).toMatchObject({ claudeSessionId: sid, title: 'Long job' });
    expect(v.items.some((i) => i.type === 'context' && i.source === 'interrupt')).toBe(false);
    release();
    expect(b.view(r).status).toBe('not-started');
    b.send(r, 'Start the long job');
    await waitFor(() => b.view(r).lastResult, 'retried turn');
    const reply = b
      .view(r)
      .items.filter((i) => i.type === 'assistant')
      .at(-1);
    expect(
      reply?.type === 'assistant' &&
        blocksOf(reply)
          .map((x) => x.text)
          .join(''),
    ).toContain('The long job is done.');
  });

  it('a continue scheduled after a usage limit goes out at the reset in the next run: the stopped request, then the queue', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    const resetsAtSec = Math.ceil(Date.now() / 1000) + 12;
    const limited: FakeReply = { ...usageLimit(resetsAtSec), hold };
    const sentAt: number[] = [];
    sandbox = await cliSandbox(
      (req, i) => {
        sentAt[i] = Date.now();
        return i === 0 ? limited : text(`Answer to: ${lastUserText(req.body).split('\n').at(-1)}`);
      },
      { subscription: true },
    );
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-restore-'));
    const a = newHost();
    const { id } = a.create({});
    a.send(id, 'The long task');
    await waitFor(() => sandbox!.api.turns().length === 1, 'the request that meets the limit', 60_000);
    expect(a.send(id, 'Queued one', [], true).queued).toBeTruthy();
    release();
    await waitFor(() => a.view(id).limitStop, 'the offer to continue', 60_000);
    a.autoContinue(id, true);
    const continueAt = a.view(id).limitStop!.continueAt;
    const file = path.join(dataDir, 'sessions.json');
    const saved = () =>
      fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { tabs: Array<{ limit?: { stop: { state: string } } }> }).tabs : [];
    await waitFor(() => saved()[0]?.limit?.stop.state === 'scheduled', 'the scheduled continue in sessions.json', 10_000);
    // Quit before the reset: nothing of it goes out from this run.
    await a.shutdown();
    drop(a);
    expect(sandbox.api.turns()).toHaveLength(1);

    const b = newHost();
    await b.continuity.restore();
    const [r] = b.list().map((s) => s.id) as [string];
    await waitFor(() => b.view(r).limitStop?.state === 'scheduled', 'the scheduled continue, shown again');
    expect(b.view(r).queue?.map((q) => q.text)).toEqual(['Queued one']);
    await waitFor(() => sandbox!.api.turns().length >= 3, 'the stopped request and the queued message', 60_000);
    const turns = sandbox.api.turns().map((t) => lastUserText(t.body));
    expect(turns[1]).toContain('The long task');
    expect(turns[2]).toContain('Queued one');
    expect(sentAt[1]).toBeGreaterThanOrEqual(continueAt);
    await waitFor(() => b.view(r).status === 'ready' && b.view(r).queue?.length === 0 && b.view(r).limitStop === undefined, 'all sent');
  });
});
