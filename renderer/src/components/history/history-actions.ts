// What the history panel and the message actions ask of the host. Each call returns a Result
// and never throws, so the place that asked can say what went wrong.
import type { HistorySession } from '../../../../shared/history';
import type { Result } from '../../../../shared/result';
import type { RewindResult } from '../../../../shared/events';
import { getApi } from '../../api';
import { historyStore } from '../../store/history-store';
import { showCreated } from '../../store/show-created';
import { clideStore } from '../../store/store';
import { guarded } from '../../lib/guarded';

/** Fetch the list of past sessions into the history store. */
export async function refreshHistory(): Promise<void> {
  const h = historyStore.getState();
  h.listing();
  const r = await guarded(() => getApi().history.list({}));
  if (r.ok) historyStore.getState().listed(r.value.sessions ?? []);
  else historyStore.getState().failed(r.error);
}

/** Show a past session: its tab if it is open, else a new tab that resumes it. */
export async function openPastSession(s: HistorySession): Promise<Result<{ id: string }>> {
  const store = clideStore.getState();
  if (s.openIn && store.sessions[s.openIn]) {
    store.setActive(s.openIn);
    return { ok: true, value: { id: s.openIn } };
  }
  const r = await guarded(() =>
    getApi().session.create({ resume: s.sessionId, ...(s.cwd ? { cwd: s.cwd } : {}), ...(s.location ? { location: s.location } : {}) }),
  );
  if (r.ok) await showCreated(clideStore, r.value.id);
  return r;
}

export async function renamePastSession(sessionId: string, title: string): Promise<Result<unknown>> {
  const r = await guarded(() => getApi().history.rename({ sessionId, title }));
  if (r.ok) {
    // Show the new title at once; the next list confirms it.
    const h = historyStore.getState();
    if (h.sessions) h.listed(h.sessions.map((s) => (s.sessionId === sessionId ? { ...s, title, named: true } : s)));
  }
  return r;
}

/** A new tab with the conversation before this message; the message comes back as its draft. */
export async function forkAt(id: string, messageId: string): Promise<Result<{ id: string; draft: string }>> {
  const r = await guarded(() => getApi().history.fork({ id, messageId }));
  if (r.ok) {
    const s = clideStore.getState();
    if (r.value.draft) s.setDraft(r.value.id, r.value.draft);
    await showCreated(clideStore, r.value.id);
  }
  return r;
}

export function rewindFiles(id: string, userMessageId: string, dryRun: boolean): Promise<Result<RewindResult>> {
  return guarded(() => getApi().session.rewindFiles({ id, userMessageId, dryRun }));
}

export function resend(id: string, text: string): Promise<Result<unknown>> {
  return guarded(() => getApi().session.send({ id, text }));
}
