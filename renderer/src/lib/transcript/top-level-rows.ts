// The rows of a session's transcript: the positions (in `items`) of its top-level entries (a
// subagent's messages are shown inside its card, not in the main list). Positions, not ids: an
// entry keeps its position for good, and a row reads its entry at once (no id table, see
// shared/transcript.ts). Items are append-only, so the list is extended incrementally and the
// same array is returned while nothing new arrived at the top level: a streaming delta, which
// copies the items array, costs O(1) here instead of a scan of 50,000 entries.
import type { TranscriptItem } from '../../../../shared/transcript';

interface Cache {
  scanned: number;
  firstId: string | undefined;
  lastScannedId: string | undefined;
  rows: number[];
}

const caches = new Map<string, Cache>();

function isTopLevel(item: TranscriptItem): boolean {
  return !('parentToolUseId' in item) || !item.parentToolUseId;
}

export function topLevelRows(key: string, items: readonly TranscriptItem[]): number[] {
  let c = caches.get(key);
  // A different history (a snapshot after a reconnect, a reset view) starts over.
  if (!c || items.length < c.scanned || items[0]?.id !== c.firstId || (c.scanned > 0 && items[c.scanned - 1]?.id !== c.lastScannedId)) {
    c = { scanned: 0, firstId: items[0]?.id, lastScannedId: undefined, rows: [] };
    caches.set(key, c);
  }
  if (items.length === c.scanned) return c.rows;
  let rows = c.rows;
  for (let i = c.scanned; i < items.length; i++) {
    const item = items[i];
    if (!item || !isTopLevel(item)) continue;
    if (rows === c.rows) rows = c.rows.slice();
    rows.push(i);
  }
  c.rows = rows;
  c.scanned = items.length;
  c.lastScannedId = items[items.length - 1]?.id;
  return rows;
}

export function forgetTopLevelRows(key: string): void {
  caches.delete(key);
}
