// Landing on a search hit (see reveal.ts): finding the row that shows it, scrolling there and
// marking the entry and the searched words for a moment. A part loaded on demand: only a
// search asks for it.
import type { SearchTarget } from '../../../../shared/search';
import { callPosition, positionOf, type SessionView } from '../../../../shared/transcript';
import { clideStore } from '../../store/store';
import { revealStore } from './reveal-store';

/** A request not met within this long (the message is no longer in the transcript) is dropped. */
const GIVE_UP_MS = 20_000;
const MARK_MS = 4000;
const HIGHLIGHT = 'clide-reveal';

/** The row showing the entry at `pos`, if it is a top-level one (`rows` ascend: a binary search). */
function rowAt(rows: readonly number[], pos: number): number | undefined {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = rows[mid]!;
    if (at === pos) return mid;
    if (at < pos) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

/**
 * The top-level row (an index into `rows`, the positions of the rows' entries) that shows the
 * target, if the transcript has it yet.
 */
export function rowOf(v: SessionView, rows: readonly number[], target: SearchTarget): number | undefined {
  let pos = target.itemId !== undefined ? positionOf(v, target.itemId) : undefined;
  if (pos === undefined && target.toolUseId) pos = callPosition(v, target.toolUseId);
  // A subagent's entry lives inside its tool card: go up to the entry that holds the card.
  for (let hops = 0; pos !== undefined && hops < 8; hops++) {
    const row = rowAt(rows, pos);
    if (row !== undefined) return row;
    const item = v.items[pos];
    const parent = item && 'parentToolUseId' in item ? item.parentToolUseId : undefined;
    pos = parent ? callPosition(v, parent) : undefined;
  }
  return undefined;
}

/**
 * Land on this tab's pending request if its row is there yet: scroll to it (`show`, a row
 * index) and mark it and the searched words for a moment. A request not met in time is dropped.
 */
export function revealNow(tabId: string, rows: readonly number[], list: () => HTMLElement | null, show: (row: number) => void): void {
  const request = revealStore.getState().request;
  if (!request || request.tabId !== tabId) return;
  if (Date.now() - request.at > GIVE_UP_MS) return revealStore.setState({ request: undefined });
  const v = clideStore.getState().sessions[tabId];
  const row = v && rowOf(v, rows, request.target);
  const rowId = row === undefined ? undefined : v?.items[rows[row]!]?.id;
  if (row === undefined || rowId === undefined) return;
  revealStore.setState({ request: undefined });
  show(row);
  markWhenMounted(list, rowId, request.words);
}

function markWhenMounted(list: () => HTMLElement | null, rowId: string, words: string[], tries = 30): void {
  const row = list()?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(rowId)}"]`);
  if (!row) {
    if (tries > 0) requestAnimationFrame(() => markWhenMounted(list, rowId, words, tries - 1));
    return;
  }
  row.dataset.revealed = 'true';
  const cleared = highlightWords(row, words);
  setTimeout(() => {
    delete row.dataset.revealed;
    cleared();
  }, MARK_MS);
}

type HighlightCtor = new (...ranges: Range[]) => unknown;

function highlightWords(root: HTMLElement, words: string[]): () => void {
  const css = (globalThis as { CSS?: { highlights?: { set(n: string, h: unknown): void; delete(n: string): void } } }).CSS;
  const Highlight = (globalThis as { Highlight?: HighlightCtor }).Highlight;
  if (!css?.highlights || !Highlight || words.length === 0) return () => {};
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n && ranges.length < 200; n = walker.nextNode()) {
    for (const m of (n as Text).data.matchAll(re)) {
      const r = document.createRange();
      r.setStart(n, m.index);
      r.setEnd(n, m.index + m[0].length);
      ranges.push(r);
    }
  }
  css.highlights.set(HIGHLIGHT, new Highlight(...ranges));
  return () => css.highlights?.delete(HIGHLIGHT);
}
