import { describe, expect, it } from 'vitest';
import { applyEvents, emptySession } from '../../../shared/transcript';
import { findAll, transcriptSearch } from '../../../renderer/src/lib/transcript/transcript-search';
import { topLevelRows } from '../../../renderer/src/lib/transcript/top-level-rows';
import { syntheticView } from '../../../bench/renderer/synthetic';
import type { TranscriptItem } from '../../../shared/transcript';

/** The ids of the entries the rows show (rows are positions in the items). */
const idsOf = (items: TranscriptItem[], rows: number[]) => rows.map((pos) => items[pos]?.id);

function session() {
  return applyEvents(emptySession('s', '/w', 0), [
    { kind: 'user', id: 'u1', text: 'Find the Needle please', at: 1 },
    { kind: 'block', messageId: 'm1', index: 0, block: { type: 'thinking', text: 'a needle in thinking' }, at: 2 },
    { kind: 'block', messageId: 'm1', index: 1, block: { type: 'tool_use', id: 't1', name: 'Agent', input: { description: 'look', prompt: 'p' } }, at: 3 },
    { kind: 'block', messageId: 'c1', index: 0, block: { type: 'text', text: 'child says needle' }, at: 4, parentToolUseId: 't1' },
    {
      kind: 'block',
      messageId: 'c1',
      index: 1,
      block: { type: 'tool_use', id: 't2', name: 'Bash', input: { command: 'grep needle' } },
      at: 5,
      parentToolUseId: 't1',
    },
    { kind: 'tool-result', toolUseId: 't2', content: 'needle\nNEEDLE', isError: false },
    { kind: 'context', id: 'ctx', source: 'skill', label: 'Skill: x', text: 'no match here', at: 6 },
  ]);
}

describe('find in transcript', () => {
  it('searches the data, including collapsed and nested parts, and says what must open', () => {
    const v = session();
    const rows = topLevelRows('search-test', v.items);
    expect(idsOf(v.items, rows)).toEqual(['u1', 'm1', 'ctx']);
    const r = findAll(v, rows, 'needle');
    expect(r.total).toBe(7);
    const where = r.matches.map((m) => `${m.row}:${m.part}#${m.occurrence}`);
    expect(where).toEqual(['0:u1#0', '1:m1:0#0', '1:c1:0#0', '1:tool:t2:head#0', '1:tool:t2:input#0', '1:tool:t2:output#0', '1:tool:t2:output#1']);
    const inThinking = r.matches[1];
    expect(inThinking?.open).toEqual(['m1:0']);
    // The nested Bash output sits inside the subagent card and the Bash card.
    expect(r.matches[5]?.open).toEqual(['tool:t1', 'tool:t2']);
    expect(r.matches[6]?.offset).toBe(7);
  });
  it('caps what it keeps but counts everything', () => {
    const v = session();
    const r = findAll(v, topLevelRows('search-cap', v.items), 'needle', 2);
    expect(r).toMatchObject({ total: 7, capped: true });
    expect(r.matches).toHaveLength(2);
  });
  it('runs a slice at a time on a long session', () => {
    const v = syntheticView('long', 20_000);
    const rows = topLevelRows('long', v.items);
    let t = 0;
    const search = transcriptSearch(v, rows, 'checkpoint 19999:');
    let slices = 0;
    // A fake clock that advances 1 ms per look: a 5 ms budget ends each slice after a few rows.
    while (!search.step(5, () => (t += 1))) slices++;
    expect(slices).toBeGreaterThan(10);
    expect(search.result.total).toBe(1);
    expect(search.result.matches[0]?.row).toBe(19_999);
  });
});

describe('topLevelRows', () => {
  it('extends the list as items arrive and keeps the same array while nothing new is at the top', () => {
    const v = session();
    const first = topLevelRows('tl', v.items);
    const again = topLevelRows('tl', v.items.slice());
    expect(again).toBe(first);
    const more = applyEvents(v, [{ kind: 'block', messageId: 'c2', index: 0, block: { type: 'text', text: 'child' }, at: 7, parentToolUseId: 't1' }]);
    expect(topLevelRows('tl', more.items)).toBe(first);
    const top = applyEvents(more, [{ kind: 'user', id: 'u2', text: 'next', at: 8 }]);
    expect(topLevelRows('tl', top.items)).toEqual([0, 1, 3, 5]);
    expect(idsOf(top.items, topLevelRows('tl', top.items))).toEqual(['u1', 'm1', 'ctx', 'u2']);
    // A different history starts over.
    expect(topLevelRows('tl', applyEvents(emptySession('s', '/w', 0), [{ kind: 'user', id: 'z', text: 'z', at: 1 }]).items)).toEqual([0]);
  });
});
