// Which transcript row a search hit lands on: its entry, the card of its tool call, or for a
// subagent's message the top-level entry that holds the Task card it ran under.
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../shared/events';
import { applyEvents, emptySession } from '../../../shared/transcript';
import { topLevelRows } from '../../../renderer/src/lib/transcript/top-level-rows';
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
  const rows = topLevelRows('reveal-test', v.items);
  const idOf = (row: number | undefined) => (row === undefined ? undefined : v.items[rows[row]!]?.id);

  it('an entry by its id, a tool call by its card, a subagent message by the card it is nested in', () => {
    expect(rows.map((pos) => v.items[pos]?.id)).toEqual(['u1', 'm1', 'm2']);
    expect(rowOf(v, rows, { itemId: 'm2' })).toBe(2);
    expect(idOf(rowOf(v, rows, { toolUseId: 'task-1' }))).toBe('m1');
    expect(idOf(rowOf(v, rows, { itemId: 'sub-m1' }))).toBe('m1');
    expect(idOf(rowOf(v, rows, { itemId: 'u1' }))).toBe('u1');
  });

  it('nothing while the entry is not there (the earlier conversation is still loading)', () => {
    expect(rowOf(v, rows, { itemId: 'not-yet' })).toBeUndefined();
    expect(rowOf(v, rows, { toolUseId: 'toolu-later' })).toBeUndefined();
  });
});
