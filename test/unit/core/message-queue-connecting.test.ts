// A remote session's host still being reached: a message sent then waits in the queue, says
// so, and goes once the session is up; a connection that fails holds it for the person.
import { describe, expect, it } from 'vitest';
import type { SessionEvent, SessionStatus } from '../../../shared/events';
import { Answering } from '../../../electron/core/answering';

function setup(status: SessionStatus) {
  const sent: string[] = [];
  const t = {
    id: 's1',
    cwd: '/tmp',
    phase: status as string,
    status,
    turnMessages: [],
    send(text: string) {
      sent.push(text);
      t.status = 'working';
    },
  };
  const events: SessionEvent[] = [];
  const a = new Answering();
  a.attach(t, (e) => events.push(...e));
  const shown = () => {
    const last = [...events].reverse().find((e) => e.kind === 'queue');
    return last?.kind === 'queue' ? last : undefined;
  };
  const becomes = (s: SessionStatus) => {
    t.status = s;
    t.phase = s;
    a.observe('s1', [{ kind: 'status', status: s }]);
  };
  return { a, t, sent, shown, becomes };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('a message sent while connecting', () => {
  it('waits for the connection (even on a tab that looks idle), says so, then goes once the session is ready', async () => {
    // A new remote tab is "not-started" while its host is reached: idle, so a message would
    // otherwise be sent at once, starting a process before the connection is there.
    const { a, t, sent, shown, becomes } = setup('not-started');
    expect(a.sendWhenConnected(t, 'box', 'hello there')).toMatchObject({ queued: expect.any(String) });
    await tick();
    expect(sent).toEqual([]);
    expect(shown()?.hold).toMatchObject({ reason: 'connecting', message: expect.stringContaining('box') });
    // A later plain send joins the queue behind it rather than overtaking it.
    expect(a.send(t, 'and this', [], true)).toMatchObject({ queued: expect.any(String) });
    expect(() => a.sendNow('s1', shown()!.messages[0]!.id)).toThrow(/connection to box/);
    becomes('starting');
    await tick();
    expect(sent).toEqual([]);
    becomes('ready');
    await tick();
    expect(sent).toEqual(['hello there']);
    expect(shown()?.hold).toBeUndefined();
    expect(shown()?.messages.map((m) => m.text)).toEqual(['and this']);
  });

  it('holds the queue for the person when the connection fails', async () => {
    const { a, t, sent, shown, becomes } = setup('failed');
    a.sendWhenConnected(t, 'box', 'hello there');
    becomes('failed');
    await tick();
    expect(sent).toEqual([]);
    expect(shown()?.hold).toMatchObject({ reason: 'failed' });
    expect(shown()?.messages.map((m) => m.text)).toEqual(['hello there']);
  });
});
