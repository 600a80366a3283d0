// Drafts kept by the host: saved after a pause in typing (once per pause), at once when the
// composer empties (the text was sent), and filled back into empty composers when a window starts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClideApi } from '../../../shared/ipc';
import { emptySession } from '../../../shared/transcript';
import { startDraftSync } from '../../../renderer/src/store/history-drafts';
import { createClideStore } from '../../../renderer/src/store/store';
import { PATIENT } from '../../support/wait';

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
  vi.stubGlobal('document', { addEventListener: vi.fn(), removeEventListener: vi.fn(), visibilityState: 'visible' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function setup(kept: Record<string, string>) {
  const saveDraft = vi.fn(async () => ({ ok: true as const, value: {} }));
  const drafts = vi.fn(async () => ({ ok: true as const, value: { drafts: kept, active: 'b' } }));
  const saveLayout = vi.fn(async () => ({ ok: true as const, value: {} }));
  const api = { history: { saveDraft, drafts, saveLayout } } as unknown as ClideApi;
  const store = createClideStore();
  store.getState().loadSnapshot({
    environment: { host: 'web', platform: 'linux', defaultCwd: '/', homeDir: '/', claude: { found: true }, testedCliVersion: '1', appVersion: '1' },
    sessions: ['a', 'b'].map((id) => ({ id, view: emptySession(id, '/') })),
  });
  return { api, store, saveDraft, drafts, saveLayout };
}

describe('draft sync', () => {
  it('fills empty composers from the host, keeps what was typed here, saves after a pause and at once when emptied', async () => {
    const { api, store, saveDraft } = setup({ a: 'from the host', b: 'older text', gone: 'x' });
    store.getState().setDraft('b', 'typed here');
    const stop = startDraftSync(api, store, 400);
    await vi.waitFor(() => expect(store.getState().drafts.a).toBe('from the host'), PATIENT);
    expect(store.getState().drafts.b).toBe('typed here');
    expect(store.getState().drafts.gone).toBeUndefined();
    await vi.advanceTimersByTimeAsync(500);
    saveDraft.mockClear();

    for (const text of ['h', 'he', 'hel', 'hell', 'hello']) {
      store.getState().setDraft('a', text);
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(saveDraft).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(400);
    expect(saveDraft.mock.calls).toEqual([[{ id: 'a', text: 'hello' }]]);

    store.getState().setDraft('a', '');
    expect(saveDraft.mock.calls.at(-1)).toEqual([{ id: 'a', text: '' }]);
    stop();
  });

  it('shows the tab that was shown last, and reports tab changes after a pause', async () => {
    const { api, store, saveLayout } = setup({});
    expect(store.getState().activeId).toBe('a');
    const stop = startDraftSync(api, store, 400);
    await vi.waitFor(() => expect(store.getState().activeId).toBe('b'), PATIENT);
    await vi.advanceTimersByTimeAsync(500);
    saveLayout.mockClear();
    store.getState().setActive('a');
    store.getState().setActive('b');
    store.getState().setActive('a');
    expect(saveLayout).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(450);
    expect(saveLayout.mock.calls).toEqual([[{ order: ['a', 'b'], active: 'a' }]]);
    stop();
  });
});
