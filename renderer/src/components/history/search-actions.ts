// Opening a full-text hit: the session's tab (resumed if it is not open), scrolled to the hit.
import type { HistorySession } from '../../../../shared/history';
import type { Result } from '../../../../shared/result';
import type { SearchHit, SearchResult } from '../../../../shared/search';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { historyStore } from '../../store/history-store';
import { requestReveal } from '../transcript/reveal-store';
import { openPastSession } from './history-actions';

export function searchHistory(query: string, cursor?: string): Promise<Result<SearchResult>> {
  return guarded(() => getApi().history.search({ query, limit: 20, ...(cursor ? { cursor } : {}) }));
}

/** The words of a query, for marking them where the hit opens. */
export function queryWords(query: string): string[] {
  return (query.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 || query.trim().length === 1);
}

export async function openSearchHit(hit: SearchHit, query: string): Promise<Result<{ id: string }>> {
  const listed = historyStore.getState().sessions?.find((s) => s.sessionId === hit.sessionId);
  const session: HistorySession = listed ?? {
    sessionId: hit.sessionId,
    cwd: hit.cwd,
    title: hit.title,
    named: false,
    lastActivity: hit.at,
    messageCount: 0,
    bytes: 0,
    cutOff: false,
  };
  const r = await openPastSession(session);
  if (r.ok && (hit.target.itemId || hit.target.toolUseId)) requestReveal(r.value.id, hit.target, queryWords(query));
  return r;
}
