// Landing on a search hit (see reveal.ts): finding the row that shows it, scrolling there and
// marking the entry and the searched words for a moment. A part loaded on demand: only a
// search asks for it.
import type { SearchTarget } from '../../../../shared/search';
import { positionOf, type SessionView } from '../../../../shared/transcript';
import { clideStore } from '../../store/store';
import { revealStore } from './reveal-store';

/** A request not met within this long (the message is no longer in the transcript) is dropped. */
const GIVE_UP_MS = 20_000;
const MARK_MS = 4000;
const HIGHLIGHT = 'clide-reveal';

/** The top-level row that shows the target, if the transcript has it yet. */
export function rowOf(v: SessionView, ids: readonly string[], target: SearchTarget): string | undefined {
  let itemId = target.itemId && positionOf(v, target.itemId) !== undefined ? target.itemId : undefined;
  if (!itemId && target.toolUseId) {
    const id = target.toolUseId;
    itemId = v.items.find((i) => i.type === 'assistant' && i.blocks.some((b) => b.tool?.id === id))?.id;
  }
  // A subagent's entry lives inside its tool card: go up to the entry that holds the card.
  for (let hops = 0; itemId && !ids.includes(itemId) && hops < 8; hops++) {
    const pos = positionOf(v, itemId);
    const item = pos === undefined ? undefined : v.items[pos];
    const parent = item && 'parentToolUseId' in item ? item.parentToolUseId : undefined;
    itemId = parent ? v.items.find((i) => i.type === 'assistant' && i.blocks.some((b) => b.tool?.id === parent))?.id : undefined;
  }
  return itemId && ids.includes(itemId) ? itemId : undefined;
}

/**
 * Land on this tab's pending request if its row is there yet: scroll to it (`show`, a row
 * index) and mark it and the searched words for a moment. A request not met in time is dropped.
 */
export function revealNow(tabId: string, ids: readonly string[], list: () => HTMLElement | null, show: (row: number) => void): void {
  const request = revealStore.getState().request;
  if (!request || request.tabId !== tabId) return;
  if (Date.now() - request.at > GIVE_UP_MS) return revealStore.setState({ request: undefined });
  const v = clideStore.getState().sessions[tabId];
  const rowId = v && rowOf(v, ids, request.target);
  if (!rowId) return;
  revealStore.setState({ request: undefined });
  show(ids.indexOf(rowId));
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
