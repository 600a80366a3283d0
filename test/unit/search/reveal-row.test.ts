// Which transcript row a search hit lands on: its entry, the card of its tool call, or for a
// subagent's message the top-level entry that holds the Task card it ran under.
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../shared/events';
import { applyEvents, emptySession } from '../../../shared/transcript';
import { topLevelIds } from '../../../renderer/src/lib/transcript/top-level-ids';
import { rowOf } from '../../../renderer/src/components/transcript/reveal-mark';

const events: SessionEvent[] = [
  { kind: 'user', id: 'u1', text: 'find the quokka', at: 1 },
  { kind: 'block', messageId: 'm1', index: 0, block: { type: 'tool_use', id: 'task-1', name: 'Task', input: { prompt: 'look' } }, at: 2 },
  { kind: 'message-end', messageId: 'm1' },
  { kind: 'block', messageId: 'sub-m1', index: 0, block: { type: 'text', text: 'found a quokka' }, at: 3, parentToolUseId: 'task-1' },
  { kind: 'message-end', messageId: 'sub-m1' },
  { kind: 'tool-result', toolUseId: 'task-1', content: 'a quokka', isError: false },
  { kind: 'block', messageId: 'm2', index: 0, block: { type: 'text', text: 'Done.' }, at: 4 },
  { kind: 'message-end', messageId: 'm2' },
];

describe('the row a search hit opens at', () => {
  const v = applyEvents(emptySession('tab', '/'), events);
  const ids = topLevelIds('reveal-test', v.items);

  it('an entry by its id, a tool call by its card, a subagent message by the card it is nested in', () => {
    expect(ids).toEqual(['u1', 'm1', 'm2']);
    expect(rowOf(v, ids, { itemId: 'm2' })).toBe('m2');
    expect(rowOf(v, ids, { toolUseId: 'task-1' })).toBe('m1');
    expect(rowOf(v, ids, { itemId: 'sub-m1' })).toBe('m1');
  });

  it('nothing while the entry is not there (the earlier conversation is still loading)', () => {
    expect(rowOf(v, ids, { itemId: 'not-yet' })).toBeUndefined();
    expect(rowOf(v, ids, { toolUseId: 'toolu-later' })).toBeUndefined();
  });
});
