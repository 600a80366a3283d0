// A turn the CLI starts by itself: after a background Bash command finishes, the real CLI calls
// the model again without any message from us. The tab must show it as working until its result.
import { describe, expect, it } from 'vitest';
import type { AppEvent } from '../../shared/ipc';
import type { SessionEvent } from '../../shared/events';
import { text, toolUse } from '../support/fake-api';
import { realCliHosts } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const onRealCli = realCliHosts();

describe('a turn the CLI starts on its own', () => {
  it('after a background command ends: working while it streams, ready after its result', async () => {
    const { sandbox, host: h } = await onRealCli([
      toolUse('Bash', { command: 'sleep 1; echo bg-done', run_in_background: true, description: 'Wait in the background' }),
      text('Started it in the background.'),
      text('The background job finished: bg-done.', { chunk: 6, delayMs: 30 }),
    ]);
    const events: SessionEvent[] = [];
    h.subscribe((batch: AppEvent[]) => {
      for (const b of batch) {
        if (b.type !== 'session-events') continue;
        for (const e of b.events) {
          events.push(e);
          if (e.kind === 'permission') h.respond(b.id, e.request.requestId, { behavior: 'allow' });
        }
      }
    });
    const { id } = h.create({});
    await waitFor(() => h.view(id).status === 'ready', 'ready');
    h.send(id, 'Run it in the background');
    await waitFor(() => events.filter((e) => e.kind === 'result').length === 1, 'the first result');
    // Status of the session at the moment the self-started reply begins streaming.
    let statusAtSecondReply: string | undefined;
    const firstResultAt = events.findIndex((e) => e.kind === 'result');
    await waitFor(
      () => {
        const start = events.findIndex((e, i) => i > firstResultAt && e.kind === 'block-start');
        if (start >= 0 && statusAtSecondReply === undefined) statusAtSecondReply = h.view(id).status;
        return events.filter((e) => e.kind === 'result').length === 2;
      },
      'the result of the turn the CLI started',
      20_000,
    );
    expect(statusAtSecondReply).toBe('working');
    expect(events.some((e) => e.kind === 'task' && e.phase === 'ended')).toBe(true);
    const statuses = events.flatMap((e) => (e.kind === 'status' && e.status !== 'waiting' ? [e.status] : []));
    // (The tab shows not-started until its process starts, at once here: nothing is cached yet.)
    expect(statuses).toEqual(['not-started', 'starting', 'ready', 'working', 'ready', 'working', 'ready']);
    expect(h.view(id).status).toBe('ready');
    expect(sandbox.api.turns()).toHaveLength(3);
  }, 40_000);
});
