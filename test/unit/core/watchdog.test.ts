// What counts as silence: only a working turn with nothing owed by us, no tool running, no
// compaction and no announced retry back-off. Driven with fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Watchdog } from '../../../electron/core/watchdog';
import type { SessionEvent } from '../../../shared/events';

let changes: Array<{ silent: boolean; since: number }>;
let dog: Watchdog;

beforeEach(() => {
  vi.useFakeTimers();
  changes = [];
  dog = new Watchdog({ silenceMs: 1000, now: () => Date.now(), onChange: (silent, since) => changes.push({ silent, since }) });
});
afterEach(() => {
  dog.dispose();
  vi.useRealTimers();
});

const toolUse = (id: string): SessionEvent => ({ kind: 'block', messageId: 'm', index: 0, block: { type: 'tool_use', id, name: 'Bash', input: {} }, at: 0 });
const toolResult = (id: string): SessionEvent => ({ kind: 'tool-result', toolUseId: id, content: 'ok', isError: false });

describe('the silence watchdog', () => {
  it('reports a working turn that goes quiet, once, and clears on the next byte', () => {
    dog.setWorking(true);
    const start = Date.now();
    vi.advanceTimersByTime(999);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([{ silent: true, since: start }]);
    vi.advanceTimersByTime(10_000);
    expect(changes).toHaveLength(1);
    dog.activity();
    expect(changes[1]).toEqual({ silent: false, since: Date.now() });
    expect(dog.isSilent).toBe(false);
  });

  it('is fed by activity: steady output never fires, and the clock restarts from the last byte', () => {
    dog.setWorking(true);
    for (let i = 0; i < 50; i++) {
      vi.advanceTimersByTime(500);
      dog.activity();
    }
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(changes.map((c) => c.silent)).toEqual([true]);
  });

  it('never fires between turns or while a person owes an answer (not working)', () => {
    vi.advanceTimersByTime(60_000);
    dog.setWorking(true);
    dog.setWorking(false); // a prompt arrived: waiting
    vi.advanceTimersByTime(60_000);
    expect(changes).toEqual([]);
    dog.setWorking(true); // answered: the clock starts from now, not from before the prompt
    vi.advanceTimersByTime(999);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toHaveLength(1);
  });

  it('pauses while a tool runs and resumes when its result arrives', () => {
    dog.setWorking(true);
    dog.observe([toolUse('t1'), toolUse('t2')]);
    vi.advanceTimersByTime(10 * 60_000);
    expect(changes).toEqual([]);
    dog.observe([toolResult('t1')]);
    vi.advanceTimersByTime(5_000);
    expect(changes).toEqual([]);
    dog.observe([toolResult('t2')]);
    vi.advanceTimersByTime(1000);
    expect(changes.map((c) => c.silent)).toEqual([true]);
  });

  it('pauses during compaction until output or the boundary arrives', () => {
    dog.setWorking(true);
    dog.observe([{ kind: 'activity', activity: 'compacting' }]);
    vi.advanceTimersByTime(5 * 60_000);
    expect(changes).toEqual([]);
    dog.observe([{ kind: 'compaction', id: 'c', compaction: { trigger: 'auto' }, at: 0 }]);
    vi.advanceTimersByTime(1000);
    expect(changes).toHaveLength(1);
  });

  it('waits out an announced API retry back-off before counting', () => {
    dog.setWorking(true);
    dog.activity();
    dog.observe([{ kind: 'api-retry', retry: { attempt: 1, delayMs: 8000, at: 0 } }]);
    vi.advanceTimersByTime(8999);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toHaveLength(1);
  });

  it('a result clears tools that never reported back', () => {
    dog.setWorking(true);
    dog.observe([toolUse('lost'), { kind: 'result', result: { subtype: 'success', isError: false, denials: [] } }]);
    vi.advanceTimersByTime(1000);
    expect(changes).toHaveLength(1);
  });

  it('counts bytes of a line still arriving (a huge line streaming in slowly) as output', () => {
    let bytesAt = Date.now();
    const slow = new Watchdog({
      silenceMs: 1000,
      now: () => Date.now(),
      lastOutput: () => bytesAt,
      onChange: (silent, since) => changes.push({ silent, since }),
    });
    slow.setWorking(true);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(600);
      bytesAt = Date.now();
    }
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(changes.map((c) => c.silent)).toEqual([true]);
    slow.dispose();
  });

  it('costs one timer, however much output arrives', () => {
    dog.setWorking(true);
    const before = vi.getTimerCount();
    for (let i = 0; i < 10_000; i++) dog.activity();
    expect(vi.getTimerCount()).toBe(before);
  });

  it('is off when silenceMs is 0, and after dispose', () => {
    const off = new Watchdog({ silenceMs: 0, onChange: () => changes.push({ silent: true, since: 0 }) });
    off.setWorking(true);
    dog.setWorking(true);
    dog.dispose();
    vi.advanceTimersByTime(60_000);
    expect(changes).toEqual([]);
    off.dispose();
  });
});
