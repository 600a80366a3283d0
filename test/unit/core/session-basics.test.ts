// A session on the scripted fake CLI: the happy path the fault tests build on, resume, the
// version canary and what reaches the command line and environment.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeLab, eventsOf } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';

let lab: FakeLab;
afterEach(async () => {
  await lab.finish();
});

describe('a session on the fake CLI', () => {
  it('starts, answers a turn and closes cleanly through stdin EOF', async () => {
    lab = new FakeLab();
    const { session, view, events } = lab.start('basic-turn');
    await waitFor(() => session.status === 'ready', 'ready');
    session.send('hi');
    await waitFor(() => view().lastResult, 'result');
    expect(view().status).toBe('ready');
    expect(view().items.map((i) => i.type)).toEqual(['user', 'assistant']);
    await session.close();
    expect(session.phase).toBe('ended');
    const p = lab.processes()[0]!;
    expect(p.exit).toMatchObject({ reason: 'eof', code: 0 });
    expect(eventsOf(events, 'status').map((e) => e.status)).toEqual(['ready', 'working', 'ready', 'ended']);
  });

  it('shows a turn the CLI starts on its own as working until its result', async () => {
    lab = new FakeLab();
    const { session, view, events } = lab.start('self-started-turn');
    await waitFor(() => session.status === 'ready', 'ready');
    session.send('build it in the background');
    await waitFor(() => view().items.some((i) => i.type === 'assistant' && i.id.includes('msg_self')), 'the second reply');
    expect(session.status).toBe('working');
    await waitFor(() => eventsOf(events, 'result').length === 2, 'second result');
    expect(session.status).toBe('ready');
    await session.close();
    expect(eventsOf(events, 'status').map((e) => e.status)).toEqual(['ready', 'working', 'ready', 'working', 'ready', 'ended']);
  });
});
