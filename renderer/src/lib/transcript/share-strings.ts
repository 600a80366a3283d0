// A session's data reaches the window as JSON (or as a structured clone in the desktop app), and
// every string in it arrives as a copy of its own, even where the host held one string twice.
// Three kinds of repetition are common enough to cost a long session megabytes:
//   - a tool's structured result repeats its text result or its input (a command's stdout is
//     its result text; a written file's content is in its input and in the result);
//   - short words repeat on every entry ("assistant", "tool_use", "allowed", tool names);
//   - context the CLI injects repeats word for word (the same skill or reminder, turn after
//     turn): it is shared across the session, which costs a hash of that text only.
// They are made one string again as a batch arrives, before it enters the store. Only equal
// strings are swapped, so what any reader sees is unchanged. Other long strings are shared only
// within one tool call, never across a session: that would cost a hash of all its text to save
// little (replies rarely repeat).
// One more copy cannot be shared, only dropped: a search's list of file names that is its text
// result again, line by line. The card then shows the text result (searchInfo falls back to it).
import type { AppEvent } from '../../../../shared/ipc';
import { blocksOf, type SessionView, type TranscriptItem } from '../../../../shared/transcript';

/** Strings up to this long are shared across the batch. */
const SHORT = 24;

type Table = Map<string, string>;

/** Each string in `value` (objects and arrays, walked in place) that `swap` finds a copy of. */
function walk(value: unknown, swap: (s: string) => string | undefined): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  const o = value as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const v = o[k];
    if (typeof v === 'string') {
      // Equal strings compare equal (===) whatever their storage: assign the copy found.
      const same = swap(v);
      if (same !== undefined) o[k] = same;
    } else if (v !== null && typeof v === 'object') walk(v, swap);
  }
}

/** The equal string `table` already holds, or undefined (and `s` is held from now on). */
function earlierCopy(table: Table, s: string): string | undefined {
  const seen = table.get(s);
  if (seen === undefined) table.set(s, s);
  return seen;
}

function shortCopy(short: Table): (s: string) => string | undefined {
  return (s) => (s.length > SHORT ? undefined : earlierCopy(short, s));
}

/** The strings of one tool call's input and text result, for its structured result to share. */
function tableOf(content: string, input: unknown): Table {
  const t: Table = new Map([[content, content]]);
  walk(input, (s) => {
    if (s.length > SHORT && !t.has(s)) t.set(s, s);
    return undefined;
  });
  return t;
}

function shareResult(result: { content: string; structured?: unknown } | undefined, input: unknown): void {
  if (!result || result.structured === null || typeof result.structured !== 'object') return;
  const s = result.structured as { filenames?: unknown };
  if (Array.isArray(s.filenames) && s.filenames.join('\n') === result.content && !Object.isFrozen(result)) {
    // A copy without it, not `delete`: an object with a property deleted turns into a hash
    // table, several times its size.
    const { filenames: _dropped, ...rest } = s;
    result.structured = rest;
  }
  const own = tableOf(result.content, input);
  walk(result.structured, (s) => own.get(s));
}

function shareView(view: SessionView, short: Table): void {
  const injected: Table = new Map();
  for (const item of view.items) {
    // Frozen objects are left as they are (as walk does): assigning to them would throw.
    if (item.type === 'context' && !Object.isFrozen(item)) item.text = earlierCopy(injected, item.text) ?? item.text;
    if (item.type !== 'assistant') continue;
    for (const b of blocksOf(item)) if (b.tool) shareResult(b.tool.result, b.tool.input);
  }
  // What arrived before its call (a rare handful) is shared the same way.
  for (const early of Object.values(view.tools ?? {})) shareResult(early.result, undefined);
  walk(view.items, shortCopy(short));
  if (view.tools) walk(view.tools, shortCopy(short));
  compactEntries(view.items);
}

/**
 * Each entry made again as an object just its size. JSON.parse builds the entries of one list
 * along the shapes of the ones before them, so after the first entry with six fields (a notice,
 * injected context) every entry has room for six: 8 bytes unused in most entries, 55 kB in a
 * 10,000-entry tab (R13). A copy made by spreading has the room its fields need.
 */
function compactEntries(items: TranscriptItem[]): void {
  if (Object.isFrozen(items)) return;
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (!Object.isFrozen(item)) items[i] = { ...item };
  }
}

/** Make repeated strings of an arriving batch one string each (in place); returns the batch. */
export function shareStrings<T extends readonly AppEvent[]>(batch: T): T {
  let short: Table | undefined;
  for (const e of batch) {
    if (e.type === 'session-created') shareView(e.session.view, (short ??= new Map()));
    else if (e.type === 'session-events')
      for (const ev of e.events) if (ev.kind === 'tool-result') shareResult(ev as { content: string; structured?: unknown }, undefined);
  }
  return batch;
}

/** The same for the sessions of a snapshot. */
export function shareViews(views: readonly SessionView[]): void {
  const short: Table = new Map();
  for (const v of views) shareView(v, short);
}
