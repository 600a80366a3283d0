// Marking find matches in the page with the CSS Custom Highlight API: ranges over the text the
// transcript already shows, so nothing in React's DOM is rewritten to mark a match.
import type { FindMatch } from '../../lib/transcript/transcript-search';

const ALL = 'clide-find';
const CURRENT = 'clide-find-current';
const MAX_MARKS = 3000;

type HighlightCtor = new (...ranges: Range[]) => unknown;
interface HighlightRegistry {
  set(name: string, h: unknown): void;
  delete(name: string): void;
}

function registry(): { reg: HighlightRegistry; Highlight: HighlightCtor } | undefined {
  const css = (globalThis as { CSS?: { highlights?: HighlightRegistry } }).CSS;
  const Highlight = (globalThis as { Highlight?: HighlightCtor }).Highlight;
  return css?.highlights && Highlight ? { reg: css.highlights, Highlight } : undefined;
}

/** Text nodes under `root` that belong to a find part (labels and buttons do not). */
function partTextNodes(root: Element, accept: (part: Element) => boolean): Text[] {
  const out: Text[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const part = n.parentElement?.closest('[data-find-part]');
    if (part && (root.contains(part) || part.contains(root)) && accept(part)) out.push(n as Text);
  }
  return out;
}

function rangesIn(nodes: Text[], q: string, limit: number): Range[] {
  const out: Range[] = [];
  for (const node of nodes) {
    const hay = node.data.toLowerCase();
    for (let at = hay.indexOf(q); at !== -1 && out.length < limit; at = hay.indexOf(q, at + q.length)) {
      const r = document.createRange();
      r.setStart(node, at);
      r.setEnd(node, at + q.length);
      out.push(r);
    }
  }
  return out;
}

/** The range showing one match, if its entry is mounted. */
export function locateMatch(list: Element, rowId: string, match: FindMatch, query: string): Range | undefined {
  const q = query.toLowerCase();
  const row = list.querySelector(`[data-row-id="${CSS.escape(rowId)}"]`);
  if (!row || !q) return undefined;
  const parts = [...row.querySelectorAll(`[data-find-part="${CSS.escape(match.part)}"]`)];
  if (parts.length === 0) return undefined;
  const large = parts.find((p) => p.hasAttribute('data-find-large'));
  if (large) {
    // A virtualised output: find the line that holds the match's offset.
    let best: Element | undefined;
    for (const line of large.querySelectorAll('[data-offset]')) {
      if (Number(line.getAttribute('data-offset')) <= match.offset) best = line;
    }
    const ranges = best
      ? rangesIn(
          partTextNodes(best, () => true),
          q,
          1,
        )
      : [];
    return ranges[0];
  }
  const set = new Set(parts);
  const ranges = rangesIn(
    partTextNodes(row, (p) => set.has(p)),
    q,
    match.occurrence + 1,
  );
  return ranges[match.occurrence] ?? ranges[ranges.length - 1] ?? undefined;
}

/** Mark every visible match, and the current one apart. */
export function paintMatches(list: Element, query: string, current: Range | undefined): void {
  const api = registry();
  if (!api) return;
  const q = query.toLowerCase();
  if (!q) {
    clearMatches();
    return;
  }
  const ranges = rangesIn(
    partTextNodes(list, () => true),
    q,
    MAX_MARKS,
  );
  api.reg.set(ALL, new api.Highlight(...ranges));
  if (current) api.reg.set(CURRENT, new api.Highlight(current));
  else api.reg.delete(CURRENT);
}

export function clearMatches(): void {
  const api = registry();
  api?.reg.delete(ALL);
  api?.reg.delete(CURRENT);
}

/** Scroll `scroller` so the range sits comfortably in view (centred if it was outside). */
export function scrollRangeIntoView(scroller: Element, range: Range): void {
  const r = range.getBoundingClientRect();
  const box = scroller.getBoundingClientRect();
  const margin = 60;
  if (r.top >= box.top + margin && r.bottom <= box.bottom - margin) return;
  scroller.scrollTop += r.top - (box.top + box.height / 2);
}
