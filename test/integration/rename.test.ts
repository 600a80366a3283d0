// Renaming a session: the app's title changes at once, and the real CLI records it in its own
// transcript, so history shows the person's title.
import { describe, expect, it } from 'vitest';
import { History, claudeConfigDir } from '../../electron/core/history';
import { text } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();

describe('rename', () => {
  it('titles the session in the app and in the CLI transcript', async () => {
    const { sandbox, host } = await onRealCli([text('Hello.')]);
    const { id } = host.create({});
    host.send(id, 'first prompt');
    await waitFor(() => host!.view(id).lastResult, 'result');
    await host.rename(id, 'Banana investigation');
    expect(host.view(id).info.title).toBe('Banana investigation');
    const sessionId = host.view(id).info.claudeSessionId!;
    await host.close(id);
    const summary = await new History(claudeConfigDir(sandbox.env, sandbox.home)).summaryOf(sessionId);
    expect(summary?.title).toBe('Banana investigation');
  });

  it('keeps a local title for a session that has ended', async () => {
    const { host } = await onRealCli([]);
    const { id } = host.create({});
    await waitFor(() => host!.view(id).status === 'ready', 'ready');
    await host.kill(id);
    await waitFor(() => ['ended', 'failed'].includes(host!.view(id).status), 'ended');
    await host.rename(id, 'Old one');
    expect(host.view(id).info.title).toBe('Old one');
  });
});
