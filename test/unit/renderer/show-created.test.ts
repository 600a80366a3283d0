// A tab the host has just made is shown once its session arrives (renderer/src/store/show-created.ts):
// the dialog that made it waits for that, so what the person types next goes to the new tab.
import { describe, expect, it } from 'vitest';
import { showCreated } from '../../../renderer/src/store/show-created';
import { createClideStore } from '../../../renderer/src/store/store';
import { emptySession } from '../../../shared/transcript';

const created = (id: string) => ({ type: 'session-created' as const, session: { id, view: emptySession(id, '/w', 0) } });

describe('showCreated', () => {
  it('resolves only once the new session has arrived and is the shown tab', async () => {
    const store = createClideStore();
    store.getState().apply([created('old')]);
    expect(store.getState().activeId).toBe('old');
    let shown = false;
    const done = showCreated(store, 'new').then(() => (shown = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(shown).toBe(false);
    expect(store.getState().activeId).toBe('old');
    store.getState().apply([created('new')]);
    await done;
    expect(store.getState().activeId).toBe('new');
  });

  it('resolves at once for a tab already there, when the person picks another tab, and after the wait', async () => {
    const store = createClideStore();
    store.getState().apply([created('a'), created('b')]);
    await showCreated(store, 'b');
    expect(store.getState().activeId).toBe('b');
    const waiting = showCreated(store, 'c');
    store.getState().setActive('a');
    await waiting;
    expect(store.getState().activeId).toBe('a');
    const started = Date.now();
    await showCreated(store, 'never', 50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
