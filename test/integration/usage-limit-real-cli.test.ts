// Limits that fix themselves, on the real CLI logged in as a subscriber: the API answers a turn
// with the usage-limit 429 and its unified rate-limit headers; the tab says when the limit
// resets, the queue waits, and once "Continue automatically" is on, the stopped request and then
// the queued messages go out in order after the reset, with no window involved. Cancel keeps it
// from happening. get_usage says which plan it is (and, offline, that its usage is unknown).
import { describe, expect, it } from 'vitest';
import { lastUserText, text, usageLimit, type FakeReply, type Responder } from '../support/fake-api';
import { realCliSessions } from '../support/real-cli-hosts';
import { waitFor } from '../support/wait';

const open = realCliSessions();
const subscriber = (script: Responder | FakeReply[]) => open(script, { sandbox: { subscription: true }, readyMs: 60_000 });

/** A usage limit that resets `seconds` from now, answered once `release` is called. */
function limitIn(seconds: number): { reply: FakeReply; resetsAt: number; release: () => void } {
  let release!: () => void;
  const hold = new Promise<void>((r) => (release = r));
  const resetsAtSec = Math.ceil(Date.now() / 1000) + seconds;
  return { reply: { ...usageLimit(resetsAtSec), hold }, resetsAt: resetsAtSec * 1000, release };
}

describe('usage limits on the real CLI', () => {
  it('offers to continue at the reset; then sends the stopped request and the queued messages in order', async () => {
    const limit = limitIn(5);
    const sentAt: number[] = [];
    const { id, h, sb } = await subscriber((req, i) => {
      sentAt[i] = Date.now();
      if (i === 0) return limit.reply;
      return text(`Answer to: ${lastUserText(req.body).split('\n').at(-1)}`);
    });
    h.send(id, 'The long task');
    await waitFor(() => sb.api.turns().length === 1, 'the request that meets the limit');
    // Written while the turn runs: they wait in the queue.
    h.send(id, 'Queued one', [], true);
    h.send(id, 'Queued two', [], true);
    limit.release();
    await waitFor(() => h.view(id).limitStop, 'the offer to continue', 60_000);
    const v = h.view(id);
    expect(v.lastResult?.usageLimit).toEqual({ resetsAt: limit.resetsAt, limitType: 'five_hour' });
    expect(v.limitStop).toMatchObject({ state: 'offered', resetsAt: limit.resetsAt, limitType: 'five_hour', messages: 1, preview: 'The long task' });
    expect(v.limitStop!.continueAt).toBeGreaterThan(limit.resetsAt);
    expect(v.queueHold?.reason).toBe('limit');
    expect(v.queue?.map((m) => m.text)).toEqual(['Queued one', 'Queued two']);
    // The CLI's own words for the stop are the turn's error.
    expect(v.items.at(-1)).toMatchObject({ type: 'turn-error', text: expect.stringContaining('5-hour limit') });

    h.autoContinue(id, true);
    expect(h.view(id).limitStop?.state).toBe('scheduled');
    const continueAt = h.view(id).limitStop!.continueAt;
    await waitFor(() => sb.api.turns().length >= 4, 'the stopped request and both queued messages', 60_000);
    await waitFor(
      () => h.view(id).status === 'ready' && h.view(id).queue?.length === 0 && h.view(id).lastResult?.text?.includes('Queued two'),
      'the last turn',
    );
    const turns = sb.api.turns().map((t) => lastUserText(t.body));
    expect(turns[1]).toContain('The long task');
    expect(turns[2]).toContain('Queued one');
    expect(turns[3]).toContain('Queued two');
    expect(sentAt[1]).toBeGreaterThanOrEqual(continueAt);
    const after = h.view(id);
    expect(after.limitStop).toBeUndefined();
    expect(after.queueHold).toBeUndefined();
    expect(after.items.filter((i) => i.type === 'user').map((i) => (i.type === 'user' ? i.text : ''))).toEqual([
      'The long task',
      'The long task',
      'Queued one',
      'Queued two',
    ]);
    expect(
      after.items.some((i) => i.type === 'notice' && i.code === 'usage-limit' && i.text.includes('sending the stopped request, then 2 queued messages')),
    ).toBe(true);
  });

  it('Cancel keeps it from going out; a message of your own replaces the offer', async () => {
    const limit = limitIn(2);
    const { id, h, sb } = await subscriber((req, i) => (i === 0 ? limit.reply : text(`Answer to: ${lastUserText(req.body)}`)));
    h.send(id, 'Meets the limit');
    await waitFor(() => sb.api.turns().length === 1, 'the request');
    limit.release();
    await waitFor(() => h.view(id).limitStop, 'the offer', 60_000);
    h.autoContinue(id, true);
    h.autoContinue(id, false);
    expect(h.view(id).limitStop?.state).toBe('offered');
    const continueAt = h.view(id).limitStop!.continueAt;
    // Past the time it would have gone, nothing went.
    await waitFor(() => Date.now() > continueAt + 1500, 'the time it would have continued', 30_000);
    expect(sb.api.turns()).toHaveLength(1);
    expect(h.view(id).limitStop?.state).toBe('offered');
    h.send(id, 'My own message');
    expect(h.view(id).limitStop).toBeUndefined();
    await waitFor(() => h.view(id).lastResult?.text?.includes('My own message'), 'my message answered', 60_000);
    expect(sb.api.turns()).toHaveLength(2);
  });

  it('get_usage: the plan of a subscriber, and none for an API key', async () => {
    const sub = await subscriber([]);
    const plan = await sub.h.getUsage(sub.id);
    // Offline, Claude Code cannot read the plan's usage from claude.ai: it says so with null.
    expect(plan).toEqual({ subscription: 'max', limitsApply: true, windows: null, extraUsage: undefined });
    const key = await open([], { readyMs: 60_000 });
    expect(await key.h.getUsage(key.id)).toEqual({ subscription: undefined, limitsApply: false, windows: null, extraUsage: undefined });
  });
});
