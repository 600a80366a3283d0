// History against reality: a session run by the real CLI is found in its transcripts, renders
// like the live one, and resumes with the earlier conversation sent to the API again.
import { describe, expect, it } from 'vitest';
import { History, claudeConfigDir } from '../../electron/core/history';
import { applyEvents, blocksOf, emptySession, toolOf } from '../../shared/transcript';
import { text, toolUse, type MessagesBody } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { alive, waitFor } from '../support/wait';

const onRealCli = realCliHosts();

function allText(body: MessagesBody): string {
  return JSON.stringify(body.messages);
}

describe('history and resume with the real CLI', () => {
  it('finds a finished session, renders it like the live one, and resumes it with the earlier messages', async () => {
    const { sandbox, host } = await onRealCli([
      toolUse('Write', { file_path: 'notes.txt', content: 'remember the banana\n' }, 'I will write the note.'),
      text('The note is written.'),
      text('You asked me to remember the banana.'),
    ]);
    const { id } = host.create({});
    host.send(id, 'Please write a note about the banana');
    const prompt = await waitFor(() => host!.view(id).pending[0], 'permission prompt');
    host.respond(id, prompt.requestId, { behavior: 'allow' });
    await waitFor(() => host!.view(id).lastResult, 'first result');
    const live = host.view(id);
    const sessionId = live.info.claudeSessionId!;
    expect(sessionId).toBeTruthy();
    await host.close(id);

    const history = new History(claudeConfigDir(sandbox.env, sandbox.home));
    const list = await history.list();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ sessionId, title: 'Please write a note about the banana', messageCount: 3, cwd: sandbox.cwd, cutOff: false });

    // The earlier conversation renders with the same items and tool card as the live session.
    const replayed = applyEvents(emptySession('r', sandbox.cwd), await history.events(sessionId, sandbox.cwd));
    const shape = (v: typeof live) =>
      v.items.map((i) =>
        i.type === 'assistant'
          ? `assistant:${blocksOf(i)
              .map((b) => b.type)
              .join('+')}`
          : i.type,
      );
    expect(shape(replayed)).toEqual(shape(live).filter((s) => s !== 'notice'));
    const toolUseId = prompt.toolUseId!;
    expect(toolOf(replayed, toolUseId)?.result).toMatchObject({ isError: false, structured: { type: 'create' } });

    // Resume: the next request to the API carries the earlier messages.
    const before = sandbox.api.turns().length;
    const resumed = host.create({ resume: sessionId, cwd: sandbox.cwd });
    host.send(resumed.id, 'What did I ask you to remember?');
    await waitFor(() => host!.view(resumed.id).lastResult, 'resumed result');
    const req = sandbox.api.turns()[before]!;
    expect(allText(req.body)).toContain('Please write a note about the banana');
    expect(allText(req.body)).toContain('The note is written.');
    expect(allText(req.body)).toContain('What did I ask you to remember?');
    expect(host.view(resumed.id).info.claudeSessionId).toBe(sessionId);
    // The tab shows the earlier conversation first (tool card included), then the new turn.
    const tab = host.view(resumed.id);
    const prompts = tab.items.flatMap((i) => (i.type === 'user' ? [i.text] : []));
    expect(prompts).toEqual(['Please write a note about the banana', 'What did I ask you to remember?']);
    expect(toolOf(tab, toolUseId)?.result?.isError).toBe(false);
    // Opening the same session again goes to the tab that already has it.
    expect(host.create({ resume: sessionId }).id).toBe(resumed.id);
  });

  it('reopening a session whose tab is still closing starts only after the old process has exited', async () => {
    const { sandbox, host: h } = await onRealCli([text('First answer.'), text('Second answer.')]);
    const { id } = h.create({});
    h.send(id, 'hello there');
    await waitFor(() => h.view(id).lastResult, 'result');
    const sessionId = h.view(id).info.claudeSessionId!;
    const oldPid = h.list()[0]!.pid!;
    const closing = h.close(id);
    const again = h.create({ resume: sessionId, cwd: sandbox.cwd });
    // The reopened tab starts its process with its first message, sent while the old one closes.
    // 2.1.332 does not refuse a second process on a live session: both would write its transcript.
    h.send(again.id, 'and again');
    const newPid = await new Promise<number>((resolve) => {
      const timer = setInterval(() => {
        const pid = h.list().find((s) => s.id === again.id)?.pid;
        if (pid === undefined) return;
        clearInterval(timer);
        resolve(pid);
      }, 2);
    });
    expect(alive(oldPid)).toBe(false);
    expect(newPid).not.toBe(oldPid);
    await closing;
    await waitFor(() => h.view(again.id).lastResult || h.view(again.id).failure, 'second result');
    expect(h.view(again.id).failure).toBeUndefined();
    expect(h.view(again.id).items.flatMap((i) => (i.type === 'user' ? [i.text] : []))).toEqual(['hello there', 'and again']);
  });
});
