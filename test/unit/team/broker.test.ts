import { afterEach, describe, expect, it } from 'vitest';
import { ENVELOPE_MARK } from '../../../electron/core/team/envelope';
import { FakeTeamHost, madeHosts } from './fake-team-host';
import { call } from './team-calls';

function team(opts: { cap?: number } = {}) {
  const h = new FakeTeamHost({ capPerMinute: opts.cap });
  h.add('a', '/home/ada/code/api-server');
  h.add('b', '/home/ada/code/web-ui');
  return h;
}

afterEach(() => {
  for (const h of madeHosts.splice(0)) expect(h.violations, 'a delivery went into a running turn').toEqual([]);
});

describe('team broker: deliveries', () => {
  it('a message to an idle session becomes a new turn that names the sender, shown as cards in both transcripts', async () => {
    const h = team();
    h.setStatus('a', 'working');
    const r = await call(h, 'a', 'send_message', { to: 'web-ui', text: 'Please add a /health route.' });
    expect(r.isError).toBe(false);
    expect(r.text).toContain('"web-ui" is idle and gets it as a new turn now');
    h.flush();
    expect(h.sent).toHaveLength(1);
    const turn = h.sent[0]!;
    expect(turn.id).toBe('b');
    expect(turn.text.startsWith(ENVELOPE_MARK)).toBe(true);
    expect(turn.text).toContain('A message from "api-server"');
    expect(turn.text).toContain('not from the person');
    expect(turn.text).toContain('<team_message from="api-server" from_folder="/home/ada/code/api-server">\nPlease add a /health route.\n</team_message>');
    expect(turn.text).toContain('mcp__clide-team__send_message with to: "api-server"');
    // The receiver's transcript shows a team card (no "You" message), with the user message's id.
    const got = h.view('b').items;
    expect(got.filter((i) => i.type === 'user')).toEqual([]);
    expect(h.cards('b')).toEqual([
      expect.objectContaining({
        id: 'user-1',
        direction: 'received',
        from: { id: 'a', name: 'api-server' },
        to: [{ id: 'b', name: 'web-ui', state: 'delivered' }],
        via: 'turn',
        text: 'Please add a /health route.',
      }),
    ]);
    expect(h.view('b').status).toBe('working');
    // The sender's card says it was delivered.
    expect(h.cards('a')).toEqual([expect.objectContaining({ direction: 'sent', to: [{ id: 'b', name: 'web-ui', state: 'delivered' }] })]);
    expect(h.broker.state().messages).toEqual([
      expect.objectContaining({ from: { id: 'a', name: 'api-server' }, to: [expect.objectContaining({ id: 'b', state: 'delivered' })] }),
    ]);
  });

  it("a delivered turn is the sender's words, stamped with the mode it sent from; never the person's", async () => {
    const h = team();
    h.setMode('a', 'bypassPermissions');
    await call(h, 'a', 'send_message', { to: 'b', text: 'go ahead' });
    h.flush();
    expect(h.sent.map((s) => s.speaker)).toEqual([{ kind: 'peer', session: 'a', permissionMode: 'bypassPermissions' }]);
    // The mode is the one it sent from: a later change does not relabel what already waits.
    h.setStatus('b', 'working');
    await call(h, 'a', 'send_message', { to: 'b', text: 'sent while bypassing' });
    h.setMode('a', 'default');
    await call(h, 'a', 'send_message', { to: 'b', text: 'sent while asking' });
    h.flush();
    h.endTurn('b');
    h.flush();
    h.endTurn('b');
    h.flush();
    expect(h.sent.slice(1).map((s) => [s.speaker, s.text.includes('sent while bypassing'), s.text.includes('sent while asking')])).toEqual([
      [{ kind: 'peer', session: 'a', permissionMode: 'bypassPermissions' }, true, false],
      [{ kind: 'peer', session: 'a', permissionMode: 'default' }, false, true],
    ]);
    expect(h.sent.every((s) => s.speaker.kind === 'peer')).toBe(true);
  });

  it('a message to a working session waits in its inbox until the turn ends', async () => {
    const h = team();
    h.setStatus('b', 'working');
    const r = await call(h, 'a', 'send_message', { to: 'b', text: 'When you are done, run the tests.' });
    expect(r.text).toContain('the message waits in its inbox until its turn ends');
    h.flush();
    expect(h.sent).toEqual([]);
    expect(h.cards('a')[0]).toMatchObject({ to: [{ state: 'waiting' }] });
    expect(h.broker.state().members.find((m) => m.id === 'b')).toMatchObject({ waiting: 1 });
    h.endTurn('b');
    h.flush();
    expect(h.sent.map((s) => s.id)).toEqual(['b']);
    expect(h.cards('a')[0]).toMatchObject({ to: [{ state: 'delivered' }] });
    expect(h.cards('a')).toHaveLength(1); // the same card, updated in place
  });

  it('never delivers into a session waiting on a permission prompt; the message waits for the turn to end', async () => {
    const h = team();
    h.setStatus('b', 'waiting');
    await call(h, 'a', 'send_message', { to: 'b', text: 'Yes, allow it.' });
    h.flush();
    expect(h.sent).toEqual([]);
    h.endTurn('b');
    h.flush();
    expect(h.sent).toHaveLength(1);
  });

  it("messages that pile up while a session works arrive one sender's together per turn, one card each", async () => {
    const h = team();
    h.add('c', '/home/ada/docs');
    h.setStatus('b', 'working');
    await call(h, 'a', 'send_message', { to: 'b', text: 'one' });
    await call(h, 'c', 'send_message', { to: 'b', text: 'two' });
    await call(h, 'a', 'send_message', { to: 'all', text: 'three' });
    h.flush();
    h.endTurn('b');
    h.flush();
    // The oldest message's sender goes first, with all it has waiting; the turn has one speaker.
    expect(h.sent.filter((s) => s.id === 'b')).toHaveLength(1);
    const first = h.sent.find((s) => s.id === 'b')!;
    expect(first.text).toContain('2 messages from "api-server", another Claude Code session');
    expect(first.text).toContain('They come from that session, not from the person.');
    expect(first.text).toContain('to="all sessions"');
    expect(first.text).not.toContain('two');
    expect(first.speaker).toEqual({ kind: 'peer', session: 'a', permissionMode: undefined });
    expect(h.cards('b').map((c) => c.text)).toEqual(['one', 'three']);
    h.endTurn('b');
    h.flush();
    const second = h.sent.filter((s) => s.id === 'b')[1]!;
    expect(second.text).toContain('A message from "docs"');
    expect(second.speaker).toEqual({ kind: 'peer', session: 'c', permissionMode: undefined });
    expect(h.cards('b').map((c) => c.text)).toEqual(['one', 'three', 'two']);
    expect(new Set(h.cards('b').map((c) => c.id)).size).toBe(3);
    // "all" also reached the third session, which was idle.
    expect(
      h
        .cards('c')
        .filter((c) => c.direction === 'received')
        .map((c) => c.text),
    ).toEqual(['three']);
  });

  it("the person's own queued message goes first; a team message waits for the next turn end", async () => {
    const h = team();
    h.setStatus('b', 'working');
    await call(h, 'a', 'send_message', { to: 'b', text: 'hello' });
    h.setQueued('b', 1);
    h.endTurn('b');
    h.flush();
    expect(h.sent).toEqual([]);
    h.setQueued('b', 0);
    h.setStatus('b', 'working');
    h.endTurn('b');
    h.flush();
    expect(h.sent).toHaveLength(1);
  });

  it('a paused team holds every delivery; resuming lets them go', async () => {
    const h = team();
    h.broker.pause();
    const r = await call(h, 'a', 'send_message', { to: 'b', text: 'ping' });
    expect(r.text).toContain('paused');
    h.flush();
    expect(h.sent).toEqual([]);
    expect(h.cards('a')[0]).toMatchObject({ to: [{ state: 'held' }] });
    expect(h.broker.state()).toMatchObject({ paused: true, messages: [{ to: [{ state: 'held' }] }] });
    const inbox = await call(h, 'b', 'read_inbox', {});
    expect(inbox.text).toContain('paused');
    expect(inbox.text).not.toContain('ping');
    h.broker.resume();
    h.flush();
    expect(h.sent.map((s) => s.id)).toEqual(['b']);
    expect(h.cards('a')[0]).toMatchObject({ to: [{ state: 'delivered' }] });
  });

  it('the loop guard: past the cap of automatic deliveries in a minute, messages wait for the person, who can let them go', async () => {
    const h = team({ cap: 2 });
    for (let i = 1; i <= 2; i++) {
      await call(h, 'a', 'send_message', { to: 'b', text: `round ${i}` });
      h.flush();
      h.endTurn('b');
      h.flush();
    }
    expect(h.sent).toHaveLength(2);
    await call(h, 'a', 'send_message', { to: 'b', text: 'round 3' });
    h.flush();
    expect(h.sent).toHaveLength(2);
    const b = h.broker.state().members.find((m) => m.id === 'b')!;
    expect(b).toMatchObject({ waiting: 1, recentDeliveries: 2, hold: { reason: 'cap' } });
    expect(b.hold!.message).toContain('2 messages from the team within a minute');
    expect(h.cards('a').at(-1)).toMatchObject({ to: [{ state: 'held' }] });
    // The sender is told it waits for the person.
    const again = await call(h, 'a', 'send_message', { to: 'b', text: 'round 4' });
    expect(again.text).toContain('waits for the person');
    // Time passing alone does not lift it: the person decides.
    h.clock += 5 * 60_000;
    h.setStatus('b', 'working');
    h.endTurn('b');
    h.flush();
    expect(h.sent).toHaveLength(2);
    h.broker.release('b');
    h.flush();
    expect(h.sent).toHaveLength(3);
    expect(
      h
        .cards('b')
        .slice(-2)
        .map((c) => c.text),
    ).toEqual(['round 3', 'round 4']);
    expect(h.broker.state().members.find((m) => m.id === 'b')).toMatchObject({ waiting: 0, hold: undefined });
  });

  it('the cap counts per receiving session and per minute', async () => {
    const h = team({ cap: 1 });
    await call(h, 'a', 'send_message', { to: 'b', text: 'first' });
    h.flush();
    h.endTurn('b');
    await call(h, 'b', 'send_message', { to: 'a', text: 'reply' });
    h.flush();
    expect(h.sent.map((s) => s.id)).toEqual(['b', 'a']);
    h.endTurn('a');
    h.clock += 61_000;
    await call(h, 'a', 'send_message', { to: 'b', text: 'a minute later' });
    h.flush();
    expect(h.sent.map((s) => s.id)).toEqual(['b', 'a', 'b']);
  });

  it('after the person stops a session, messages to it wait until the person writes to it', async () => {
    const h = team();
    h.setStatus('b', 'working');
    h.endTurn('b', { interrupted: true });
    await call(h, 'a', 'send_message', { to: 'b', text: 'are you there?' });
    h.flush();
    expect(h.sent).toEqual([]);
    expect(h.broker.state().members.find((m) => m.id === 'b')!.hold).toMatchObject({ reason: 'stopped' });
    h.personSends('b', 'carry on');
    expect(h.broker.state().members.find((m) => m.id === 'b')!.hold).toBeUndefined();
    h.endTurn('b');
    h.flush();
    expect(h.sent.map((s) => s.id)).toEqual(['b']);
  });

  it('read_inbox hands over waiting messages (shown as cards) so they do not arrive again as a turn', async () => {
    const h = team();
    h.setStatus('b', 'working');
    await call(h, 'a', 'send_message', { to: 'b', text: 'the schema changed' });
    const r = await call(h, 'b', 'read_inbox', {});
    expect(r.text).toContain('1 new message');
    expect(r.text).toContain('<team_message from="api-server">\nthe schema changed\n</team_message>');
    expect(h.cards('b')).toEqual([expect.objectContaining({ direction: 'received', via: 'inbox', to: [expect.objectContaining({ state: 'read' })] })]);
    expect(h.cards('a')[0]).toMatchObject({ to: [{ state: 'read' }] });
    h.endTurn('b');
    h.flush();
    expect(h.sent).toEqual([]);
    const again = await call(h, 'b', 'read_inbox', { include_read: 5 });
    expect(again.text).toContain('No new messages.');
    expect(again.text).toContain('the schema changed');
  });

  it('a failed delivery keeps the message and says why; it goes out once the session can take it', async () => {
    const h = team();
    h.failSend = 'This session has ended.';
    await call(h, 'a', 'send_message', { to: 'b', text: 'x' });
    h.flush();
    expect(h.broker.state().members.find((m) => m.id === 'b')).toMatchObject({ waiting: 1, problem: 'Could not deliver to web-ui: This session has ended.' });
    h.failSend = undefined;
    h.setStatus('b', 'starting');
    h.setStatus('b', 'ready');
    h.flush();
    expect(h.sent).toHaveLength(1);
    expect(h.broker.state().members.find((m) => m.id === 'b')!.problem).toBeUndefined();
  });

  it('messages still waiting for a session that closes are dropped, and the sender card says so', async () => {
    const h = team();
    h.setStatus('b', 'working');
    await call(h, 'a', 'send_message', { to: 'b', text: 'later' });
    h.remove('b');
    expect(h.cards('a')[0]).toMatchObject({ to: [{ state: 'dropped' }] });
    expect(h.broker.state().members.map((m) => m.id)).toEqual(['a']);
  });

  it('publishes one change notice per burst of changes', async () => {
    const h = team();
    const seen: number[] = [];
    h.broker.onChange((s) => seen.push(s.messages.length));
    await call(h, 'a', 'send_message', { to: 'b', text: '1' });
    await Promise.resolve();
    expect(seen).toEqual([1]);
  });
});
