// The split view's layout in the store: opening and closing it, moving tabs between panes,
// focus, tabs opening and closing, the divider's bounds, what counts as shown, and a kept layout.
import { describe, expect, it } from 'vitest';
import type { SessionEvent } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';
import { emptySession } from '../../../shared/transcript';
import { createClideStore } from '../../../renderer/src/store/store';
import { shownTabs } from '../../../renderer/src/store/split';

const created = (id: string): AppEvent => ({ type: 'session-created', session: { id, view: emptySession(id, `/code/${id}`, 1) } });
const closed = (id: string): AppEvent => ({ type: 'session-closed', id });
const events = (id: string, ...evs: SessionEvent[]): AppEvent => ({ type: 'session-events', id, events: evs });

function withTabs(...ids: string[]) {
  const store = createClideStore();
  store.getState().apply(ids.map(created));
  return store;
}

const view = (store: ReturnType<typeof createClideStore>) => {
  const s = store.getState();
  return { order: s.order, active: s.activeId, right: s.split?.right, shown: s.split?.shown };
};

describe('split view layout', () => {
  it('"Split right" moves the current tab to a new right pane; the left pane shows its neighbour', () => {
    const store = withTabs('a', 'b', 'c');
    store.getState().setActive('b');
    store.getState().splitRight();
    expect(view(store)).toEqual({ order: ['a', 'c', 'b'], active: 'b', right: ['b'], shown: { left: 'c', right: 'b' } });
    expect(store.getState().split?.ratio).toBe(0.5);
  });

  it('needs two tabs: one tab does not split', () => {
    const store = withTabs('a');
    store.getState().splitRight();
    store.getState().placeTab('a', 'right');
    expect(store.getState().split).toBeUndefined();
  });

  it('a tab dropped on the right half splits with the shown tab staying on the left', () => {
    const store = withTabs('a', 'b', 'c');
    store.getState().placeTab('c', 'right');
    expect(view(store)).toEqual({ order: ['a', 'b', 'c'], active: 'c', right: ['c'], shown: { left: 'a', right: 'c' } });
    // On the left half: that tab alone on the left, the rest on the right.
    const other = withTabs('a', 'b', 'c');
    other.getState().placeTab('b', 'left');
    expect(view(other)).toEqual({ order: ['b', 'a', 'c'], active: 'b', right: ['a', 'c'], shown: { left: 'b', right: 'a' } });
  });

  it('showing a tab shows it in its own pane and focuses that pane; focus moves to the other pane and back', () => {
    const store = withTabs('a', 'b', 'c', 'd');
    store.getState().placeTab('c', 'right');
    store.getState().moveToOtherPane('d');
    expect(view(store)).toEqual({ order: ['a', 'b', 'd', 'c'], active: 'd', right: ['d', 'c'], shown: { left: 'a', right: 'd' } });
    store.getState().setActive('b');
    expect(view(store).shown).toEqual({ left: 'b', right: 'd' });
    expect(store.getState().activeId).toBe('b');
    store.getState().focusOtherPane();
    expect(store.getState().activeId).toBe('d');
    store.getState().focusOtherPane();
    expect(store.getState().activeId).toBe('b');
  });

  it('moving the last tab out of a pane, or closing it, collapses the split', () => {
    const store = withTabs('a', 'b');
    store.getState().splitRight(); // a on the right
    store.getState().moveToOtherPane('a');
    expect(store.getState().split).toBeUndefined();
    expect(store.getState().activeId).toBe('a');

    const closing = withTabs('a', 'b', 'c');
    closing.getState().placeTab('c', 'right');
    closing.getState().apply([closed('c')]);
    expect(closing.getState().split).toBeUndefined();
    expect(closing.getState().order).toEqual(['a', 'b']);
    expect(closing.getState().activeId).toBe('a');
  });

  it('closing the focused tab shows its pane-neighbour in the same pane, which keeps focus', () => {
    const store = withTabs('a', 'b', 'c', 'd');
    store.getState().placeTab('a', 'left'); // a | b c d
    store.getState().setActive('c');
    store.getState().apply([closed('c')]);
    expect(view(store)).toEqual({ order: ['a', 'b', 'd'], active: 'd', right: ['b', 'd'], shown: { left: 'a', right: 'd' } });
    // The other pane's shown tab closing leaves focus where it is.
    store.getState().apply([closed('a'), created('e')]);
    expect(store.getState().split).toBeUndefined();
  });

  it('a new tab opens in the focused pane', () => {
    const store = withTabs('a', 'b');
    store.getState().splitRight(); // b | a
    expect(store.getState().activeId).toBe('a');
    store.getState().apply([created('n')]);
    expect(view(store).right).toEqual(['a', 'n']);
    store.getState().setActive('b');
    store.getState().apply([created('m')]);
    expect(view(store).order).toEqual(['b', 'm', 'a', 'n']);
    expect(view(store).right).toEqual(['a', 'n']);
  });

  it('reordering in the strip across the boundary moves the tab to that pane', () => {
    const store = withTabs('a', 'b', 'c', 'd');
    store.getState().placeTab('d', 'right'); // a b c | d
    store.getState().moveTab('a', 3); // dropped after d
    expect(view(store)).toEqual({ order: ['b', 'c', 'd', 'a'], active: 'a', right: ['d', 'a'], shown: { left: 'b', right: 'a' } });
    // Within a pane, only the order changes.
    store.getState().moveTab('c', 0);
    expect(view(store).order).toEqual(['c', 'b', 'd', 'a']);
    expect(view(store).right).toEqual(['d', 'a']);
  });

  it('keeps the divider between 20% and 80%; "Close split" keeps the focused tab', () => {
    const store = withTabs('a', 'b');
    store.getState().splitRight();
    store.getState().setSplitRatio(0.05);
    expect(store.getState().split?.ratio).toBe(0.2);
    store.getState().setSplitRatio(0.95);
    expect(store.getState().split?.ratio).toBe(0.8);
    store.getState().setActive('b');
    store.getState().closeSplit();
    expect(store.getState().split).toBeUndefined();
    expect(store.getState().activeId).toBe('b');
  });

  it('both panes count as shown: their streaming text is not held back and their finished turns are seen', () => {
    const store = withTabs('a', 'b', 'c');
    store.getState().placeTab('b', 'right');
    store.getState().setActive('a');
    expect(shownTabs(store.getState())).toEqual(['a', 'b']);
    store.getState().apply([events('b', { kind: 'block-start', messageId: 'm', index: 0, blockType: 'text', at: 1 })]);
    store.getState().apply([events('b', { kind: 'block-delta', messageId: 'm', index: 0, text: 'streamed' })]);
    expect(JSON.stringify(store.getState().sessions.b?.items)).toContain('streamed');
    const result: SessionEvent = {
      kind: 'result',
      result: { subtype: 'success', isError: false, denials: [], durationMs: 1, numTurns: 1, interrupted: false, at: 2 },
    } as SessionEvent;
    store.getState().apply([events('b', result), events('c', result)]);
    expect(store.getState().unseen).toEqual({ c: true });
  });

  it('a kept layout is restored for the tabs that still exist', () => {
    const store = withTabs('a', 'b', 'c');
    store.getState().restoreSplit({ right: ['a', 'gone'], shown: { left: 'c', right: 'a' }, ratio: 0.3 }, 'c');
    expect(view(store)).toEqual({ order: ['b', 'c', 'a'], active: 'c', right: ['a'], shown: { left: 'c', right: 'a' } });
    expect(store.getState().split?.ratio).toBe(0.3);
    const none = withTabs('a');
    none.getState().restoreSplit({ right: ['a'], shown: { left: 'x', right: 'a' }, ratio: 0.5 }, 'a');
    expect(none.getState().split).toBeUndefined();
  });
});
