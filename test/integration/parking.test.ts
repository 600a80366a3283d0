// Idle sessions are parked, against the real CLI (CLIDE_IDLE_PARK_SECONDS makes "idle" short):
// the process ends cleanly, the tab says so, and the next message resumes the same Claude
// session with the earlier conversation (the model sees it), the queue and the draft as they
// were. A session waiting for a permission, in the middle of a turn, or running a background
// task is never parked.
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc';
import { runningBackgroundTaskIds } from '../../shared/tasks';
import { lastToolResults, lastUserText, text, toolUse } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { alive, waitFor } from '../support/wait';
import { blocksOf } from '../../shared/transcript';

const onRealCli = realCliHosts();

const userTexts = (items: ReadonlyArray<{ type: string; text?: string }>) => items.flatMap((i) => (i.type === 'user' ? [i.text] : []));

describe('parking idle sessions with the real CLI', () => {
  it('parks an idle tab and resumes it with its conversation, queue and draft untouched', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    const { sandbox, host: h } = await onRealCli(
      (req) => {
        const last = lastUserText(req.body);
        if (last.includes('remember the kiwi')) return text('I will remember the kiwi.');
        if (last.includes('A long one')) return text('this never finishes', { hold });
        if (last.includes('what fruit')) return text('The kiwi.');
        return text('ok');
      },
      { env: { CLIDE_IDLE_PARK_SECONDS: '2' } },
    );
    const { id } = h.create({});
    h.send(id, 'Please remember the kiwi');
    await waitFor(() => h.view(id).lastResult, 'first reply');
    const sid = h.list().find((s) => s.id === id)!.sessionId;
    // A queue held by Stop, and a draft: both must outlive the process.
    h.send(id, 'A long one');
    await waitFor(() => h.view(id).status === 'working' && sandbox.api.turns().some((t) => lastUserText(t.body).includes('A long one')), 'the long turn');
    expect(h.send(id, 'queued for later', [], true).queued).toBeTruthy();
    await h.interrupt(id);
    release();
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).queueHold, 'stopped, queue held');
    h.continuity.saveDraft(id, 'a half-written thought');
    const pid = h.list().find((s) => s.id === id)!.pid;
    const itemsBefore = h.view(id).items.length;

    await waitFor(() => h.view(id).status === 'parked', 'parked', 20_000);
    await waitFor(() => !alive(pid), 'its process gone');
    expect(h.trackedChildren()).toEqual([]);
    const parked = h.view(id);
    expect(parked.items).toHaveLength(itemsBefore);
    expect(parked.queue?.map((q) => q.text)).toEqual(['queued for later']);
    expect(parked.queueHold?.reason).toBe('stopped');
    expect(h.continuity.drafts()[id]).toBe('a half-written thought');
    expect(parked.failure).toBeUndefined();

    // The held queue goes on when the person resumes it: its message wakes the session.
    const turnsBefore = sandbox.api.turns().length;
    h.queueResume(id);
    await waitFor(() => h.view(id).status === 'working' || h.view(id).lastResult?.text === 'ok', 'resumed by the queued message');
    await waitFor(() => h.view(id).status === 'ready' && h.view(id).queue?.length === 0, 'queued message answered');
    h.send(id, 'So what fruit was it?');
    await waitFor(() => h.view(id).lastResult?.text === 'The kiwi.', 'reply after parking');
    expect(h.list().find((s) => s.id === id)!.sessionId).toBe(sid);
    expect(h.list().find((s) => s.id === id)!.pid).not.toBe(pid);
    // The model got the whole conversation from before the process was parked.
    const resumed = sandbox.api.turns().slice(turnsBefore);
    expect(JSON.stringify(resumed[0]!.body.messages)).toContain('remember the kiwi');
    expect(JSON.stringify(resumed.at(-1)!.body.messages)).toContain('queued for later');
    // Nothing was replayed twice into the tab.
    expect(userTexts(h.view(id).items)).toEqual(['Please remember the kiwi', 'A long one', 'queued for later', 'So what fruit was it?']);
    // (The stopped turn had streamed nothing.)
    const replies = h.view(id).items.flatMap((i) =>
      i.type === 'assistant'
        ? [
            blocksOf(i)
              .map((b) => b.text)
              .join(''),
          ]
        : [],
    );
    expect(replies).toEqual(['I will remember the kiwi.', 'ok', 'The kiwi.']);
  }, 90_000);

  it('never parks a tab waiting for a permission, in the middle of a turn, or running a background task', async () => {
    let release: () => void = () => {};
    const hold = new Promise<void>((r) => (release = r));
    const { sandbox, host: h } = await onRealCli(
      (req) => {
        const last = lastUserText(req.body);
        if (lastToolResults(req.body).length > 0) return text('Started it in the background.');
        if (last.includes('needs permission')) return toolUse('Write', { file_path: 'asked.txt', content: 'yes\n' });
        if (last.includes('slow reply')) return text('still going', { hold });
        if (last.includes('in the background'))
          return toolUse('Bash', { command: 'sleep 60; echo late', run_in_background: true, description: 'Wait a minute' });
        return text('ok');
      },
      { env: { CLIDE_IDLE_PARK_SECONDS: '2' } },
    );
    const [asking, busy, background, idle] = [h.create({}).id, h.create({}).id, h.create({}).id, h.create({}).id];
    // The background command needs permission too: allow that one only.
    h.subscribe((batch: AppEvent[]) => {
      for (const b of batch) {
        if (b.type !== 'session-events' || b.id !== background) continue;
        for (const e of b.events) if (e.kind === 'permission') h.respond(b.id, e.request.requestId, { behavior: 'allow' });
      }
    });
    h.send(asking, 'This needs permission');
    h.send(busy, 'A slow reply please');
    h.send(background, 'Run it in the background');
    await waitFor(() => h.view(asking).pending.length === 1, 'the permission prompt');
    await waitFor(
      () => h.view(busy).status === 'working' && sandbox.api.turns().some((t) => lastUserText(t.body).includes('slow reply')),
      'the slow reply under way',
    );
    await waitFor(
      () => h.view(background).status === 'ready' && Object.values(h.view(background).tasks ?? {}).some((t) => t.status === 'running'),
      'the background task running',
    );
    // The idle tab's turn ends last, so it reaches the park time after every other tab.
    h.send(idle, 'hello');
    await waitFor(() => h.view(idle).lastResult, 'idle reply');
    await waitFor(() => h.view(idle).status === 'parked', 'the idle tab parked', 20_000);

    const pidOf = (id: string) => h.list().find((s) => s.id === id)!.pid;
    expect(h.view(asking).status).toBe('waiting');
    expect(h.view(busy).status).toBe('working');
    expect(h.view(background).status).toBe('ready');
    for (const id of [asking, busy, background]) expect(alive(pidOf(id))).toBe(true);
    // The prompt is still there to answer, and the turn still runs.
    expect(h.view(asking).pending).toHaveLength(1);
    release();
    await waitFor(() => h.view(busy).lastResult, 'the slow turn ends');
    // Answered at last, so the CLI is owed nothing when the test ends.
    h.respond(asking, h.view(asking).pending[0]!.requestId, { behavior: 'deny', message: 'Not now.' });
    await waitFor(() => h.view(asking).pending.length === 0, 'the prompt answered');
    // Once its task is stopped, the CLI's live set is empty and the tab parks like any idle one.
    const [task] = runningBackgroundTaskIds(h.view(background));
    const pid = pidOf(background);
    await h.stopTask(background, task!);
    await waitFor(() => h.view(background).status === 'parked', 'the background tab parked once its task ended', 20_000);
    await waitFor(() => !alive(pid), 'its process gone');
  }, 90_000);
});
