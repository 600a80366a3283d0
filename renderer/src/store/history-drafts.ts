// Drafts survive a restart: every change of a tab's unsent text is sent to the host (debounced,
// so typing costs one call per pause), and a window that starts fills empty composers from the
// drafts the host kept. Pending saves go out at once when the page is hidden or unloaded. The
// tab order, the tab shown and the split view are kept the same way, so a restart reopens them
// as they were.
import type { ClideApi } from '../../../shared/ipc';
import type { SplitLayout } from '../../../shared/split';
import type { ClideStore } from './store';

export const DRAFT_SAVE_MS = 400;

export function startDraftSync(api: ClideApi, store: ClideStore, delayMs = DRAFT_SAVE_MS): () => void {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const pending = new Map<string, string>();
  let seen = store.getState().drafts;
  let layout = { order: store.getState().order, active: store.getState().activeId, split: store.getState().split };
  let layoutTimer: ReturnType<typeof setTimeout> | undefined;
  let restored = false;

  const save = (id: string) => {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
    const text = pending.get(id);
    pending.delete(id);
    if (text === undefined || !store.getState().sessions[id]) return;
    // A draft that cannot be saved is still in the composer; nothing to tell the person yet.
    void api.history.saveDraft({ id, text }).catch(() => {});
  };

  const saveLayout = () => {
    if (layoutTimer) clearTimeout(layoutTimer);
    layoutTimer = undefined;
    const { order, activeId, split } = store.getState();
    void api.history.saveLayout({ order, ...(activeId ? { active: activeId } : {}), ...(split ? { split } : {}) }).catch(() => {});
  };

  const flushAll = () => {
    for (const id of [...pending.keys()]) save(id);
    if (layoutTimer) saveLayout();
  };

  const restore = async () => {
    let drafts: Record<string, string>;
    let active: string | undefined;
    let split: SplitLayout | undefined;
    try {
      const r = await api.history.drafts({});
      if (!r.ok) return;
      drafts = r.value.drafts ?? {};
      active = r.value.active;
      split = r.value.split;
    } catch {
      return;
    }
    const s = store.getState();
    if (active && s.sessions[active] && !s.wantActive) s.setActive(active);
    // A window that already split (another window's, or the person was quick) keeps its own.
    if (split && !store.getState().split && !s.wantActive) s.restoreSplit(split, store.getState().activeId);
    for (const [id, text] of Object.entries(drafts)) {
      // What the person typed in this window wins over what was kept.
      if (s.sessions[id] && !store.getState().drafts[id]) s.setDraft(id, text);
    }
  };

  const check = () => {
    const s = store.getState();
    if (!restored && s.load.phase === 'ready') {
      restored = true;
      seen = s.drafts;
      void restore();
      return;
    }
    if (s.order !== layout.order || s.activeId !== layout.active || s.split !== layout.split) {
      layout = { order: s.order, active: s.activeId, split: s.split };
      if (layoutTimer) clearTimeout(layoutTimer);
      layoutTimer = setTimeout(saveLayout, delayMs);
    }
    if (s.drafts === seen) return;
    const before = seen;
    seen = s.drafts;
    for (const [id, text] of Object.entries(s.drafts)) {
      if (before[id] === text) continue;
      pending.set(id, text);
      const t = timers.get(id);
      if (t) clearTimeout(t);
      // An emptied composer (the text was just sent or queued) is saved at once, so a crash
      // right after sending never brings the sent text back as a draft.
      if (text === '') save(id);
      else
        timers.set(
          id,
          setTimeout(() => save(id), delayMs),
        );
    }
  };

  const unsubscribe = store.subscribe(check);
  check();
  const onHide = () => {
    if (document.visibilityState === 'hidden') flushAll();
  };
  window.addEventListener('pagehide', flushAll);
  document.addEventListener('visibilitychange', onHide);
  return () => {
    unsubscribe();
    flushAll();
    window.removeEventListener('pagehide', flushAll);
    document.removeEventListener('visibilitychange', onHide);
  };
}
