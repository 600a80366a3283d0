// Markdown parsing is the costliest thing the transcript does (micromark handles a few MB/s at
// best), so it never runs on the path of a tab switch or a fling: a chunk that is not parsed
// yet shows as plain text at once and is parsed in small slices between frames, newest request
// first served in order, and dropped if its entry scrolled away before its turn. The formatter
// itself (react-markdown and its plugins, a sixth of the app's JavaScript) is a part loaded on
// demand: until it is here, text shows plain, as it does while waiting for its turn.
import type { ReactElement } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { warmUpOnce } from './warm-up';

export const markdownFormatter = lazyPart('the markdown formatter', () => import('./markdown-render'), { soon: true });

/** Warm the parser while the window is idle (its first run costs several times a later one). */
export function warmUpMarkdown(): void {
  markdownFormatter.load().then(
    (f) => warmUpOnce(f.parse),
    () => undefined, // shown plain; nothing to warm
  );
}

const CACHE_ENTRIES = 3000;
const cache = new Map<string, ReactElement>();
const waiting = new Map<string, Set<() => void>>();
let scheduled = false;
/** Work per slice: enough to make progress, short enough to keep frames coming. */
const SLICE_MS = 8;
/** While the person scrolls, frames come first: parsing waits until the list has been still this long. */
const QUIET_MS = 120;
let lastScroll = 0;

/** The transcript reports scrolling, so a fling never waits on a parse. */
export function noteScrolling(): void {
  lastScroll = performance.now();
}

export function cachedMarkdown(text: string): ReactElement | undefined {
  const hit = cache.get(text);
  if (hit) {
    cache.delete(text);
    cache.set(text, hit);
  }
  return hit;
}

/**
 * Drop every formatted text: after a tab closed, the entries it kept here (up to the cap, which a
 * long session fills) would otherwise hold its memory for as long as the window lives (R13).
 * The open tabs format what they show again as it comes into view.
 */
export function forgetMarkdown(): void {
  cache.clear();
}

export function rememberMarkdown(text: string, el: ReactElement): void {
  cache.set(text, el);
  if (cache.size > CACHE_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

function runSlice(): void {
  scheduled = false;
  const render = markdownFormatter.loaded()?.parse;
  if (!render) {
    // Not here yet: go on once it is (a formatter that fails to load leaves the text plain).
    markdownFormatter.load().then(schedule, () => undefined);
    return;
  }
  const quiet = performance.now() - lastScroll;
  if (quiet < QUIET_MS) {
    scheduled = true;
    setTimeout(() => requestAnimationFrame(() => setTimeout(runSlice, 0)), QUIET_MS - quiet);
    return;
  }
  const stop = performance.now() + SLICE_MS;
  for (const [text, listeners] of waiting) {
    if (performance.now() > stop) break;
    waiting.delete(text);
    if (!cache.has(text)) rememberMarkdown(text, render(text));
    for (const l of listeners) l();
  }
  if (waiting.size > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  // After the coming frame has been painted: a new task, so input and frames go first.
  requestAnimationFrame(() => setTimeout(runSlice, 0));
}

/** Ask for `text` to be parsed soon; `done` runs once it is in the cache. Returns a cancel. */
export function requestMarkdown(text: string, done: () => void): () => void {
  let set = waiting.get(text);
  if (!set) waiting.set(text, (set = new Set()));
  set.add(done);
  schedule();
  return () => {
    const s = waiting.get(text);
    s?.delete(done);
    if (s && s.size === 0) waiting.delete(text);
  };
}
