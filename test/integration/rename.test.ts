// Renaming a session: the app's title changes at once, and the real CLI records it in its own
// transcript, so history shows the person's title.
import { afterEach, describe, expect, it } from 'vitest';
import { History, claudeConfigDir } from '../../electron/core/history';
import { SessionHost } from '../../electron/core/host';
import { text } from '../support/fake-api';
import { cliSandbox, type CliSandbox } from '../support/real-cli';
import { waitFor } from '../support/wait';

let sandbox: CliSandbox | undefined;
let host: SessionHost | undefined;

afterEach(async () => {
  await host?.shutdown();
  await sandbox?.cleanup();
  host = undefined;
  sandbox = undefined;
});

describe('rename', () => {
  it('titles the session in the app and in the CLI transcript', async () => {
    sandbox = await cliSandbox([text('Hello.')]);
    host = new SessionHost({ host: 'web', env: sandbox.env, homeDir: sandbox.home, defaultCwd: sandbox.cwd, batchMs: 5 });
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
    sandbox = await cliSandbox([]);
    host = new SessionHost({ host: 'web', env: sandbox.env, homeDir: sandbox.home, defaultCwd: sandbox.cwd, batchMs: 5 });
    const { id } = host.create({});
    await waitFor(() => host!.view(id).status === 'ready', 'ready');
    await host.kill(id);
    await waitFor(() => ['ended', 'failed'].includes(host!.view(id).status), 'ended');
    await host.rename(id, 'Old one');
    expect(host.view(id).info.title).toBe('Old one');
  });
});
