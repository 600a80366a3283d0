// A background subagent still running when Claude Code's process dies: the resumed process
// finds it unfinished in the transcript and closes it (2.1.337: task_notification with reason
// unfinished_at_resume and its task_type), and the resumed tab's task says it did not finish
// before the restart. The pinned 2.1.332 closes it with a summary only.
import { describe, expect, it } from 'vitest';
import { lastUserText, text, toolUse, type MessagesBody, type Responder } from '../support/fake-api';
import { claudeVersion } from '../support/real-cli';
import { realCliSessions } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const open = realCliSessions();
const firstUser = (body: MessagesBody) => JSON.stringify(body.messages.find((m) => m.role === 'user')?.content ?? '');
const closesUnfinished = () => claudeVersion().localeCompare('2.1.337', undefined, { numeric: true }) >= 0;

describe('a task cut off by a restart', () => {
  it('the resumed session says the subagent did not finish before the restart', async () => {
    let release = () => {};
    const helper = new Promise<void>((r) => (release = r));
    const script: Responder = (req) => {
      if (firstUser(req.body).includes('HELPER-TASK')) return text('The helper is done.', { hold: helper });
      const said = lastUserText(req.body);
      if (said.includes('Start a helper'))
        return toolUse('Agent', { description: 'Look around', prompt: 'HELPER-TASK: look around', subagent_type: 'general-purpose', run_in_background: true });
      return text('ok');
    };
    const { id, h, sb } = await open(script);
    h.send(id, 'Start a helper');
    const agent = await waitFor(
      () => Object.values(h.view(id).tasks ?? {}).find((t) => t.taskType === 'local_agent' && t.status === 'running'),
      'the subagent',
    );
    await waitFor(() => h.view(id).status === 'ready', 'the main turn ended');
    const sessionId = h.view(id).info.claudeSessionId!;
    // A crash: the transcript has the subagent's start and no end.
    process.kill(h.list().find((s) => s.id === id)!.pid!, 'SIGKILL');
    await waitFor(() => h.view(id).failure, 'the process gone');
    release();
    await h.close(id);

    const again = h.create({ resume: sessionId, cwd: sb.cwd });
    h.send(again.id, 'Are you back?');
    await waitFor(() => h.view(again.id).lastResult, 'the resumed turn');
    if (closesUnfinished()) {
      const task = await waitFor(() => h.view(again.id).tasks?.[agent.taskId], 'the subagent closed on resume');
      expect(task).toMatchObject({ taskType: 'local_agent', endReason: 'unfinished-at-restart' });
      expect(['stopped', 'failed']).toContain(task.status);
    } else {
      // 2.1.332 closes it too, saying so only in its summary: no reason to read.
      const task = await waitFor(() => h.view(again.id).tasks?.[agent.taskId], 'the subagent closed on resume');
      expect(task).toMatchObject({ status: 'stopped', summary: expect.stringContaining("didn't finish before the previous session ended") });
      expect(task.endReason).toBeUndefined();
    }
  }, 90_000);
});
