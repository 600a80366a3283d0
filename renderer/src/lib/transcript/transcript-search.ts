// Find in transcript searches the session's data, not the DOM: the list is virtualised, so most
// entries are not in the page, and collapsed cards (thinking, tool output, subagents, context)
// hide their text. Each entry is broken into parts; a part knows its key (the element that
// shows it carries `data-find-part`) and which collapsibles must open to reveal it.
import type { SessionView, ToolState, TranscriptItem } from '../../../../shared/transcript';
import { blocksOf, shownAsTeamCard } from '../../../../shared/transcript';
import { summarizeToolInput } from '../tools/tool-summary';

export interface SearchPart {
  key: string;
  text: string;
  /** Disclosure keys (without the session prefix) that must be open to show this part. */
  open: string[];
  /** What the text came from, to cache its lower-cased copy. */
  source: object;
}

export interface FindMatch {
  /** Position in the list of top-level rows. */
  row: number;
  part: string;
  /** Which occurrence within the part (0-based). */
  occurrence: number;
  /** Character offset within the part's text. */
  offset: number;
  open: string[];
}

export interface FindResult {
  matches: FindMatch[];
  total: number;
  /** More matches than `matches` holds. */
  capped: boolean;
}

function inputText(input: Record<string, unknown>): string {
  const out: string[] = [];
  for (const v of Object.values(input)) {
    if (typeof v === 'string') out.push(v);
    else if (v !== undefined && v !== null) {
      try {
        out.push(JSON.stringify(v, null, 1));
      } catch {
        /* not showable */
      }
    }
  }
  return out.join('\n');
}

function toolParts(
  v: SessionView,
  tool: { id: string; name: string; input: Record<string, unknown> },
  state: ToolState | undefined,
  open: string[],
  out: SearchPart[],
  depth: number,
): void {
  const card = `tool:${tool.id}`;
  const inside = [...open, card];
  const summary = summarizeToolInput(tool.name, tool.input);
  out.push({ key: `${card}:head`, text: `${tool.name} ${summary.text}`, open, source: tool });
  out.push({ key: `${card}:input`, text: inputText(tool.input), open: inside, source: tool.input });
  if (state?.result) out.push({ key: `${card}:output`, text: state.result.content, open: inside, source: state.result });
  const children = v.children?.[tool.id];
  if (children && depth < 8) {
    for (const pos of children) {
      const child = v.items[pos];
      if (child) itemParts(v, child, out, inside, depth + 1);
    }
  }
}

/** The searchable parts of one entry (and, for subagent cards, of everything nested in it). */
export function itemParts(v: SessionView, item: TranscriptItem, out: SearchPart[] = [], open: string[] = [], depth = 0): SearchPart[] {
  switch (item.type) {
    case 'user':
      out.push({ key: item.id, text: item.text, open: [...open, item.id], source: item });
      break;
    case 'assistant':
      blocksOf(item).forEach((b, i) => {
        const key = `${item.id}:${i}`;
        if (b.type === 'text') out.push({ key, text: b.text, open, source: b });
        else if (b.type === 'thinking') out.push({ key, text: b.text, open: [...open, key], source: b });
        else if (b.type === 'other') out.push({ key, text: `${b.label ?? ''}\n${b.text}`, open: [...open, key], source: b });
        // A call shown as its team message card is found there instead.
        else if (b.tool && !shownAsTeamCard(b)) toolParts(v, b.tool, b.tool, open, out, depth);
      });
      break;
    case 'context':
      out.push({ key: item.id, text: `${item.label}\n${item.text}`, open: [...open, item.id], source: item });
      break;
    case 'notice':
      out.push({ key: item.id, text: item.text, open, source: item });
      break;
    case 'turn-error':
      out.push({ key: item.id, text: [item.text, ...(item.errors ?? [])].filter(Boolean).join('\n'), open, source: item });
      break;
    case 'hook':
      out.push({ key: item.id, text: `Hook ${item.name} failed`, open, source: item });
      break;
    case 'compaction':
    case 'reset':
      break;
    default: {
      const text = (item as { text?: unknown; id: string }).text;
      if (typeof text === 'string') out.push({ key: (item as { id: string }).id, text, open, source: item });
    }
  }
  return out;
}

// Lower-cased copies, computed once per text object (a 4 MB result is lowered once, not per keystroke).
const lowered = new WeakMap<object, Map<string, string>>();

function lower(part: SearchPart): string {
  let byKey = lowered.get(part.source);
  if (!byKey) lowered.set(part.source, (byKey = new Map()));
  let l = byKey.get(part.key);
  if (l === undefined || l.length !== part.text.length) {
    l = part.text.toLowerCase();
    byKey.set(part.key, l);
  }
  return l;
}

/**
 * A search that can be run a slice at a time: `step(budgetMs)` searches rows until the budget
 * is spent and says whether it is finished. Case-insensitive.
 */
export function transcriptSearch(v: SessionView, rows: readonly number[], query: string, limit = 10_000) {
  const q = query.toLowerCase();
  const result: FindResult = { matches: [], total: 0, capped: false };
  let row = 0;
  return {
    result,
    step(budgetMs: number, now: () => number = () => performance.now()): boolean {
      if (!q) return true;
      const stop = now() + budgetMs;
      while (row < rows.length) {
        const pos = rows[row];
        const item = pos === undefined ? undefined : v.items[pos];
        if (item) {
          for (const part of itemParts(v, item)) {
            if (!part.text) continue;
            const hay = lower(part);
            let occurrence = 0;
            for (let at = hay.indexOf(q); at !== -1; at = hay.indexOf(q, at + q.length)) {
              result.total++;
              if (result.matches.length < limit) result.matches.push({ row, part: part.key, occurrence, offset: at, open: part.open });
              else result.capped = true;
              occurrence++;
            }
          }
        }
        row++;
        if ((row & 31) === 0 && now() > stop) return row >= rows.length;
      }
      return true;
    },
  };
}

/** Run a search to the end (tests, small sessions). */
export function findAll(v: SessionView, rows: readonly number[], query: string, limit?: number): FindResult {
  const s = transcriptSearch(v, rows, query, limit);
  s.step(Number.POSITIVE_INFINITY);
  return s.result;
}
