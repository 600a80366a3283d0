// The reducer's handling of the event kinds added for full protocol coverage: tasks, hooks,
// retries, compaction, resets, denials, turn errors and subagent grouping.
import { describe, expect, it } from 'vitest';
import type { SessionEvent, TurnResult } from '../../../shared/events';
import { applyEvent, applyEvents, blocksOf, childrenOf, emptySession, type SessionView, taskOf, toolCalls, toolOf } from '../../../shared/transcript';
import { cpuTime } from '../../support/cpu-time';

const fresh = () => emptySession('s', '/w', 0);
const result = (r: Partial<TurnResult>): TurnResult => ({ subtype: 'success', isError: false, denials: [], ...r });

describe('subagent grouping', () => {
  const events: SessionEvent[] = [
    { kind: 'block', messageId: 'm1', index: 0, block: { type: 'tool_use', id: 'agent-1', name: 'Agent', input: {} }, at: 1 },
    { kind: 'block', messageId: 'sub-1', index: 0, block: { type: 'text', text: 'Looking.' }, at: 2, parentToolUseId: 'agent-1' },
    { kind: 'block', messageId: 'sub-1', index: 1, block: { type: 'tool_use', id: 'read-1', name: 'Read', input: {} }, at: 2, parentToolUseId: 'agent-1' },
    { kind: 'tool-result', toolUseId: 'read-1', content: 'data', isError: false, parentToolUseId: 'agent-1' },
    { kind: 'context', id: 'ctx-1', source: 'skill', label: 'Skill: x', text: 'body', at: 3, parentToolUseId: 'agent-1' },
    { kind: 'block', messageId: 'm2', index: 0, block: { type: 'text', text: 'Done.' }, at: 4 },
  ];

  it('lists a tool call nested items in order without scanning the transcript', () => {
    const v = applyEvents(fresh(), events);
    // By position in the items: entries never move.
    expect(v.children).toEqual({ 'agent-1': [1, 2] });
    expect(childrenOf(v, 'agent-1').map((i) => i.id)).toEqual(['sub-1', 'ctx-1']);
    expect(childrenOf(v, 'nope')).toEqual([]);
    const sub = childrenOf(v, 'agent-1')[0];
    expect(sub?.type === 'assistant' && blocksOf(sub).map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(toolOf(v, 'read-1')?.result?.content).toBe('data');
  });

  it('keeps older views intact (immutable updates)', () => {
    const before = applyEvents(fresh(), events.slice(0, 2));
    const snapshot = JSON.stringify(before.children);
    applyEvents(before, events.slice(2));
    expect(JSON.stringify(before.children)).toBe(snapshot);
  });
});

describe('tasks', () => {
  it('merges started/progress/updated/ended and links the task to its tool call', () => {
    let v = fresh();
    v = applyEvent(v, {
      kind: 'task',
      phase: 'started',
      task: { taskId: 't1', toolUseId: 'bash-1', taskType: 'local_bash', description: 'Run', status: 'running', backgrounded: true },
      at: 10,
    });
    v = applyEvent(v, {
      kind: 'task',
      phase: 'progress',
      task: { taskId: 't1', lastToolName: 'Bash', usage: { totalTokens: 5, toolUses: 1, durationMs: 100 } },
      at: 11,
    });
    v = applyEvent(v, { kind: 'task', phase: 'updated', task: { taskId: 't1', status: 'completed' }, at: 12 });
    v = applyEvent(v, { kind: 'task', phase: 'ended', task: { taskId: 't1', toolUseId: 'bash-1', status: 'completed', summary: 'ok' }, at: 13 });
    expect(taskOf(v, 'bash-1')).toMatchObject({
      taskId: 't1',
      description: 'Run',
      status: 'completed',
      backgrounded: true,
      lastToolName: 'Bash',
      summary: 'ok',
      startedAt: 10,
      updatedAt: 13,
      endedAt: 13,
    });
    expect(taskOf(v, 'bash-1')?.taskId).toBe('t1');
  });

  it('a progress event without fields does not erase what is known', () => {
    let v = applyEvent(fresh(), { kind: 'task', phase: 'started', task: { taskId: 't', description: 'keep me' }, at: 1 });
    v = applyEvent(v, { kind: 'task', phase: 'progress', task: { taskId: 't', description: undefined }, at: 2 });
    expect(v.tasks?.t?.description).toBe('keep me');
  });
});

describe('hooks', () => {
  const hook = { hookId: 'h1', name: 'PreToolUse:Bash', event: 'PreToolUse' };

  it('tracks running hooks and leaves no trace when they succeed', () => {
    let v = applyEvent(fresh(), { kind: 'hook', phase: 'started', hook, at: 1 });
    expect(v.hooks?.h1).toMatchObject({ name: 'PreToolUse:Bash', startedAt: 1 });
    v = applyEvent(v, { kind: 'hook', phase: 'response', hook: { ...hook, outcome: 'success', exitCode: 0 }, at: 2 });
    expect(v.hooks).toEqual({});
    expect(v.items).toEqual([]);
  });

  it('makes a failing hook visible with its output', () => {
    let v = applyEvent(fresh(), { kind: 'hook', phase: 'started', hook, at: 1 });
    v = applyEvent(v, { kind: 'hook', phase: 'response', hook: { ...hook, outcome: 'error', exitCode: 2, output: '', stderr: 'blocked\n' }, at: 2 });
    expect(v.items).toEqual([
      { type: 'hook', id: 'h1', name: 'PreToolUse:Bash', event: 'PreToolUse', outcome: 'error', exitCode: 2, output: 'blocked\n', at: 2 },
    ]);
  });
});

describe('retries, activity and compaction', () => {
  it('shows a retry until output arrives, and clears activity at the end of the turn', () => {
    let v = applyEvent(fresh(), { kind: 'activity', activity: 'requesting' });
    v = applyEvent(v, { kind: 'api-retry', retry: { attempt: 2, maxRetries: 10, delayMs: 1000, httpStatus: 529, error: 'overloaded', at: 5 } });
    expect(v.retry).toMatchObject({ attempt: 2, delayMs: 1000 });
    expect(v.activity).toBe('requesting');
    v = applyEvent(v, { kind: 'block-start', messageId: 'm', index: 0, blockType: 'text', at: 6 });
    expect(v.retry).toBeUndefined();
    v = applyEvent(v, { kind: 'api-retry', retry: { attempt: 3, at: 7 } });
    v = applyEvent(v, { kind: 'result', result: result({}), id: 'r1', at: 8 });
    expect(v.retry).toBeUndefined();
    expect(v.activity).toBeUndefined();
  });

  it('an unchanged activity returns the same view (no re-render)', () => {
    const v = applyEvent(fresh(), { kind: 'activity', activity: null });
    expect(applyEvent(v, { kind: 'activity', activity: null })).toBe(v);
  });

  it('a compaction boundary is a divider and resets the context size', () => {
    let v = applyEvents(fresh(), [
      { kind: 'usage', contextTokens: 150_000 },
      { kind: 'activity', activity: 'compacting' },
      { kind: 'compaction', id: 'c1', compaction: { trigger: 'auto', preTokens: 150_000, postTokens: 9000 }, at: 3 },
    ]);
    expect(v.items).toEqual([{ type: 'compaction', id: 'c1', trigger: 'auto', preTokens: 150_000, postTokens: 9000, at: 3 }]);
    expect(v.contextTokens).toBe(9000);
    expect(v.activity).toBeUndefined();
    v = applyEvent(v, { kind: 'conversation-reset', id: 'x', trigger: 'clear', at: 4 });
    expect(v.items.at(-1)).toEqual({ type: 'reset', id: 'x', trigger: 'clear', at: 4 });
    expect(v.contextTokens).toBeUndefined();
  });
});

describe('turn results', () => {
  it('an error turn leaves a card with its errors', () => {
    const v = applyEvent(fresh(), {
      kind: 'result',
      result: result({ subtype: 'error_max_turns', isError: true, errors: ['Reached maximum number of turns (1)'], terminalReason: 'max_turns' }),
      id: 'r1',
      at: 9,
    });
    expect(v.items).toEqual([
      {
        type: 'turn-error',
        id: 'r1',
        subtype: 'error_max_turns',
        text: undefined,
        errors: ['Reached maximum number of turns (1)'],
        terminalReason: 'max_turns',
        apiErrorStatus: undefined,
        at: 9,
      },
    ]);
    expect(v.lastResult?.subtype).toBe('error_max_turns');
  });

  it('a turn the person interrupted is not shown as a failure', () => {
    const v = applyEvent(fresh(), { kind: 'result', result: result({ subtype: 'error_during_execution', isError: true, interrupted: true }), id: 'r', at: 1 });
    expect(v.items).toEqual([]);
  });

  it('a successful turn adds no item', () => {
    expect(applyEvent(fresh(), { kind: 'result', result: result({}), id: 'r', at: 1 }).items).toEqual([]);
  });
});

describe('permission denials and info', () => {
  it('records a refusal without a prompt on the tool card', () => {
    const v = applyEvent(fresh(), { kind: 'permission-denied', toolName: 'Write', toolUseId: 'w1', message: 'denied by mode', reasonType: 'mode', at: 1 });
    expect(toolOf(v, 'w1')).toEqual({ denial: { message: 'denied by mode', reasonType: 'mode', reason: undefined } });
    // Known before its call arrived: moved onto the call when it does, kept through its final block.
    const call = applyEvents(v, [
      { kind: 'block-start', messageId: 'm', index: 0, blockType: 'tool_use', toolUseId: 'w1', toolName: 'Write', at: 2 },
      { kind: 'block', messageId: 'm', index: 0, block: { type: 'tool_use', id: 'w1', name: 'Write', input: { file_path: '/a' } }, at: 2 },
    ]);
    expect(call.tools).toEqual({});
    expect(toolCalls(call)).toEqual([
      { id: 'w1', name: 'Write', input: { file_path: '/a' }, denial: { message: 'denied by mode', reasonType: 'mode', reason: undefined } },
    ]);
    const done = applyEvents(call, [{ kind: 'tool-result', toolUseId: 'w1', content: 'no', isError: true }]);
    expect(toolOf(done, 'w1')).toMatchObject({ name: 'Write', denial: { reasonType: 'mode' }, result: { content: 'no', isError: true } });
    // The older view is untouched.
    expect(toolOf(call, 'w1')?.result).toBeUndefined();
  });

  it('merges effort and thinking budget into the session info; null is kept', () => {
    const v = applyEvents(fresh(), [
      { kind: 'info', info: { effortLevel: 'high', maxThinkingTokens: 4096 } },
      { kind: 'info', info: { maxThinkingTokens: null } },
    ]);
    expect(v.info).toEqual({ effortLevel: 'high', maxThinkingTokens: null });
  });
});

describe("a reply's blocks", () => {
  it('holds one block as `block` and more as `blocks`, in order, through streaming and its end', () => {
    let v = applyEvents(fresh(), [
      { kind: 'block-start', messageId: 'm', index: 0, blockType: 'text', at: 1 },
      { kind: 'block-delta', messageId: 'm', index: 0, text: 'Hel' },
    ]);
    const one = v.items[0];
    expect(one).toMatchObject({ type: 'assistant', block: { type: 'text', text: 'Hel', streaming: true } });
    expect(one && 'blocks' in one).toBe(false);
    v = applyEvents(v, [{ kind: 'block', messageId: 'm', index: 1, block: { type: 'tool_use', id: 't', name: 'Read', input: {} }, at: 2 }]);
    const two = v.items[0];
    expect(two && 'block' in two).toBe(false);
    expect(two?.type === 'assistant' && blocksOf(two).map((b) => b.type)).toEqual(['text', 'tool_use']);
    v = applyEvents(v, [{ kind: 'message-end', messageId: 'm' }]);
    const ended = v.items[0];
    expect(ended?.type === 'assistant' && blocksOf(ended).map((b) => [b.text, b.streaming])).toEqual([
      ['Hel', false],
      ['', false],
    ]);
    // A reply whose first block to arrive is not its first: the gap is filled, the order kept.
    const late = applyEvents(fresh(), [{ kind: 'block', messageId: 'x', index: 1, block: { type: 'text', text: 'second' }, at: 1 }]).items[0];
    expect(late?.type === 'assistant' && blocksOf(late).map((b) => b.text)).toEqual(['', 'second']);
  });
});

describe('cost of a long transcript', () => {
  it('appends 10k items (some nested) quickly', async () => {
    let v: SessionView = fresh();
    const { ms } = await cpuTime(() => {
      for (let i = 0; i < 10_000; i++) {
        v = applyEvent(v, {
          kind: 'block',
          messageId: `m${i}`,
          index: 0,
          block: { type: 'text', text: `t${i}` },
          at: i,
          parentToolUseId: i % 10 === 0 ? `agent-${i % 7}` : undefined,
        });
      }
    });
    expect(v.items).toHaveLength(10_000);
    expect(childrenOf(v, 'agent-0').length).toBeGreaterThan(100);
    // CPU time, so other processes on the machine do not count; quadratic behaviour would take seconds.
    expect(ms).toBeLessThan(3000);
  });

  it('a long batch (a replay) finds entries by id as single events do', () => {
    // A batch this long builds an id table once its scans add up (applyEvents); the result must
    // be the same as applying each event alone, which only scans.
    const events: SessionEvent[] = [];
    for (let i = 0; i < 300; i++) {
      events.push({ kind: 'user', id: `u${i}`, text: `q${i}`, at: i });
      events.push({ kind: 'block', messageId: `m${i}`, index: 0, block: { type: 'text', text: `a${i}` }, at: i });
    }
    // Late in the batch: a repeated entry, a block for an early reply, a nested entry.
    events.push({ kind: 'user', id: 'u5', text: 'again', at: 999 });
    events.push({ kind: 'block', messageId: 'm3', index: 1, block: { type: 'text', text: 'more' }, at: 999 });
    events.push({ kind: 'block', messageId: 'sub', index: 0, block: { type: 'text', text: 'nested' }, at: 999, parentToolUseId: 'agent-9' });
    events.push({ kind: 'user', id: 'u-last', text: 'last', at: 1000 });
    const batch = applyEvents(fresh(), events);
    let single = fresh();
    for (const e of events) single = applyEvent(single, e);
    expect(batch.items).toEqual(single.items);
    expect(batch.children).toEqual(single.children);
    expect(batch.items).toHaveLength(602);
    expect(batch.items.filter((i) => i.id === 'u5')).toHaveLength(1);
    const m3 = batch.items[7];
    expect(m3?.type === 'assistant' && blocksOf(m3).map((b) => b.text)).toEqual(['a3', 'more']);
    expect(childrenOf(batch, 'agent-9').map((i) => i.id)).toEqual(['sub']);
    // After the batch, single events find what the batch added.
    const next = applyEvents(batch, [{ kind: 'block', messageId: 'm299', index: 1, block: { type: 'text', text: 'end' }, at: 1001 }]);
    expect(next.items).toHaveLength(602);
  });

  it('views built without the newer optional maps still reduce', () => {
    const old = { ...fresh() } as SessionView;
    delete old.children;
    delete old.tasks;
    delete old.hooks;
    const v = applyEvents(old, [
      { kind: 'task', phase: 'started', task: { taskId: 't' }, at: 1 },
      { kind: 'hook', phase: 'started', hook: { hookId: 'h', name: 'n', event: 'e' }, at: 1 },
      { kind: 'context', id: 'c', source: 'other', label: 'x', text: 'y', at: 1, parentToolUseId: 'p' },
    ]);
    expect(Object.keys(v.tasks ?? {})).toEqual(['t']);
    expect(childrenOf(v, 'p')).toHaveLength(1);
  });
});
