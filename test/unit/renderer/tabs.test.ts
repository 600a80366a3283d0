// Tabs in the store: order changes, "finished, not seen yet", keys to tabs, names and states.
import { describe, expect, it } from 'vitest';
import type { SessionEvent, TurnResult } from '../../../shared/events';
import type { AppEvent } from '../../../shared/ipc';
import { defaultSettings } from '../../../shared/settings';
import { emptySession } from '../../../shared/transcript';
import { createClideStore } from '../../../renderer/src/store/store';
import { moveInOrder, tabDisplayState, tabForDigit, tabTitle } from '../../../renderer/src/store/tabs';

const created = (id: string, cwd = `/code/${id}`): AppEvent => ({ type: 'session-created', session: { id, view: emptySession(id, cwd, 1) } });
const events = (id: string, ...evs: SessionEvent[]): AppEvent => ({ type: 'session-events', id, events: evs });
const result = (patch: Partial<TurnResult> = {}): SessionEvent => ({ kind: 'result', result: { subtype: 'success', isError: false, denials: [], ...patch } });

describe('moveInOrder', () => {
  it('moves a tab to a position, clamped, and returns the same array when nothing moves', () => {
    const order = ['a', 'b', 'c', 'd'];
    expect(moveInOrder(order, 'a', 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveInOrder(order, 'd', 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveInOrder(order, 'b', 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveInOrder(order, 'b', 1)).toBe(order);
    expect(moveInOrder(order, 'zz', 0)).toBe(order);
  });
});

describe('tabForDigit', () => {
  it('1..8 are positions, 9 is the last tab', () => {
    const order = ['a', 'b', 'c'];
    expect(tabForDigit(order, 1)).toBe('a');
    expect(tabForDigit(order, 3)).toBe('c');
    expect(tabForDigit(order, 4)).toBeUndefined();
    expect(tabForDigit(order, 9)).toBe('c');
    expect(tabForDigit(order, 0)).toBeUndefined();
  });
});

describe('tab names and states', () => {
  it('names a tab by its title, else its folder', () => {
    const v = emptySession('a', '/home/ada/code/api-server/', 1);
    expect(tabTitle(v)).toBe('api-server');
    expect(tabTitle({ ...v, info: { title: '  Release notes ' } })).toBe('Release notes');
    expect(tabTitle(undefined)).toBe('session');
  });

  it('shows a prompt or failure before "finished, unseen", and unseen only when nothing else is going on', () => {
    const idle = { ...emptySession('a', '/a', 1), status: 'ready' as const };
    expect(tabDisplayState(idle, false)).toBe('idle');
    expect(tabDisplayState(idle, true)).toBe('unseen');
    expect(tabDisplayState({ ...idle, status: 'working' }, true)).toBe('working');
    expect(tabDisplayState({ ...idle, status: 'failed' }, true)).toBe('error');
    expect(tabDisplayState({ ...idle, status: 'waiting' }, true)).toBe('needs-you');
  });
});

describe('the workspace slice', () => {
  it('marks a tab whose turn ended in the background as unseen, until it is shown', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b')]);
    expect(store.getState().activeId).toBe('a');
    store.getState().apply([events('b', result()), events('a', result())]);
    expect(store.getState().unseen).toEqual({ b: true });
    store.getState().setActive('b');
    expect(store.getState().unseen).toEqual({});
  });

  it('does not mark a turn the person stopped, and forgets closed tabs', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b'), created('c')]);
    store.getState().apply([events('b', result({ interrupted: true })), events('c', result())]);
    expect(store.getState().unseen).toEqual({ c: true });
    store.getState().apply([{ type: 'session-closed', id: 'c' }]);
    expect(store.getState().unseen).toEqual({});
  });

  it('a tab that becomes active because another closed counts as seen', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b')]);
    store.getState().apply([events('b', result())]);
    store.getState().apply([{ type: 'session-closed', id: 'a' }]);
    expect(store.getState().activeId).toBe('b');
    expect(store.getState().unseen).toEqual({});
  });

  it('takes settings pushed by the host, and reorders tabs', () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b'), created('c')]);
    const settings = { ...defaultSettings(), theme: 'dark' as const };
    store.getState().apply([{ type: 'settings-changed', settings }]);
    expect(store.getState().settings).toEqual(settings);
    store.getState().moveTab('c', 0);
    expect(store.getState().order).toEqual(['c', 'a', 'b']);
    expect(store.getState().activeId).toBe('a');
  });

  it('drops a closed session’s context breakdown', () => {
    const store = createClideStore();
    store.getState().apply([created('a')]);
    store.getState().setContextUsage('a', { categories: [], totalTokens: 1, maxTokens: 2, percentage: 50 });
    store.getState().apply([{ type: 'session-closed', id: 'a' }]);
    expect(store.getState().contextUsage).toEqual({});
  });
});
