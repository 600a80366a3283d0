// The transcript: a virtualised list of the session's top-level entries (a subagent's own
// messages live inside its card), then what is happening now and any prompt waiting for the
// person. Mounted DOM stays bounded by the viewport however long the session grows; the view
// follows the bottom while Claude writes unless the person scrolled up.
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { estimateItemHeight } from '../../lib/transcript/row-estimate';
import { forgetTopLevelRows, topLevelRows } from '../../lib/transcript/top-level-rows';
import { useSessionField } from '../../store/hooks';
import { clideStore, useClide } from '../../store/store';
import { DEFAULT_TRANSCRIPT_TEXT_SIZE } from '../../../../shared/text-size';
import { FindBar, type FindTarget } from '../find/find-bar';
import { PermissionPrompt } from '../permission/pending-prompt';
import { EmptyState } from './empty-state';
import { ItemLite } from './item-lite';
import { lazyPart, useLazyPart } from '../../lib/lazy-part';
import { forgetMarkdown, noteScrolling, warmUpMarkdown } from './markdown-queue';
import { TranscriptToolbar } from './transcript-toolbar';
import { TurnTail } from './turn-tail';
import { useStickToBottom } from './use-stick-to-bottom';
import { useReveal } from './reveal';
import { useWalkKeys, type WalkTarget } from './use-walk-keys';
import '../../styles/tool-cards.css';
import '../../styles/find.css';
import '../../styles/highlight.css';

const NO_ROWS: number[] = [];

/**
 * The full entries (messages, tool cards, diffs, markdown, code) are a part of their own: until
 * it has loaded, entries show as their light stand-ins (item-lite.tsx), as they do for the first
 * frame of every opening anyway, so the first screen paints without it.
 */
const rowsPart = lazyPart("the transcript's entries", () => import('./items'), { soon: true });

/** Where each tab was left: restored when the person comes back to it. */
interface ScrollMemory {
  stuck: boolean;
  offset: number;
  /**
   * The row sizes measured so far, copied only when a pane is built again: a kept pane is hidden
   * and shown many times (each hide runs this effect's cleanup) and never reads them, and
   * copying 10k measurements on every tab switch is time the switch does not have.
   */
  measurements: () => VirtualItem[];
  /** The text scale they were measured at: at another, they are not used. */
  scale: number;
}
const memory = new Map<string, ScrollMemory>();

/** The transcript's rows: the positions of its top-level entries (top-level-rows.ts). */
export function useRows(sessionId: string): number[] {
  return useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? topLevelRows(sessionId, v.items) : NO_ROWS;
  });
}

/** The entry a row shows. Not a subscription: an entry stays at its position for good. */
function entryAt(sessionId: string, pos: number | undefined) {
  return pos === undefined ? undefined : clideStore.getState().sessions[sessionId]?.items[pos];
}

export function Transcript({ sessionId }: { sessionId: string }) {
  // Settings > Transcript text size, against the window's own 14 px: every size in the
  // transcript's styles is multiplied by it (--transcript-scale, styles/transcript.css).
  const scale = useClide((s) => s.settings?.transcriptTextSize ?? DEFAULT_TRANSCRIPT_TEXT_SIZE) / DEFAULT_TRANSCRIPT_TEXT_SIZE;
  const [saved] = useState(() => memory.get(sessionId));
  const [initialMeasurements] = useState(() => (saved?.scale === scale ? saved.measurements() : undefined));
  const { scrollerRef, contentRef, away, jump, unstick, stuck } = useStickToBottom({
    initiallyStuck: saved?.stuck ?? true,
    initialOffset: saved?.offset,
  });
  const rows = useRows(sessionId);
  const rowsModule = useLazyPart(rowsPart);
  const ItemRow = rowsModule?.ItemRow;
  // A new tab keeps its start screen when all it holds is the "newer CLI than tested" line.
  const fresh = useSessionField(sessionId, (v) => v.items.every((i) => i.type === 'notice' && i.code === 'cli-version'), true);
  const listRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const [margin, setMargin] = useState(28);

  // Keyed by the entry's id, so measured sizes follow the entry if another history (a snapshot
  // after a reconnect) is shown in its place.
  const getItemKey = useCallback((i: number) => entryAt(sessionId, rows[i])?.id ?? i, [rows, sessionId]);
  // The list re-reads every guess after each measurement it takes (tens of thousands of calls
  // while flinging through a long session): guesses are kept by position, as entries only append.
  // Kept at the default text size; each is scaled as it is handed out.
  const [guesses] = useState(() => ({ rows: [] as readonly number[], first: undefined as string | undefined, sizes: [] as number[] }));
  const estimateSize = useCallback(
    (i: number) => {
      if (guesses.rows !== rows) {
        // Another history (its first entry differs) guesses afresh.
        const first = entryAt(sessionId, rows[0])?.id;
        const last = guesses.sizes.length - 1;
        if (rows.length < guesses.sizes.length || rows[last] !== guesses.rows[last] || first !== guesses.first) guesses.sizes = [];
        guesses.rows = rows;
        guesses.first = first;
      }
      const known = guesses.sizes[i];
      if (known !== undefined) return known * scale;
      const size = estimateItemHeight(entryAt(sessionId, rows[i]));
      guesses.sizes[i] = size;
      return size * scale;
    },
    [rows, sessionId, guesses, scale],
  );
  const [initialOffset] = useState(() => {
    if (saved && !saved.stuck) return saved.offset;
    // Start at the bottom so the first render mounts the last entries, not the first ones.
    let total = 0;
    for (let i = 0; i < rows.length; i++) total += estimateSize(i);
    return Math.max(0, total + margin - window.innerHeight);
  });

  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; rows re-render through the store
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize,
    getItemKey,
    overscan: 4,
    scrollMargin: margin,
    initialOffset,
    initialMeasurementsCache: initialMeasurements,
    useFlushSync: false,
  });

  useLayoutEffect(() => {
    const top = listRef.current?.offsetTop;
    if (top !== undefined && top !== margin) setMargin(top);
  }, [rows.length, margin, scale]);

  // A new text size: every row is measured again. A view at the bottom stays there (the stick-to-bottom observer pins it as rows change); one
  // scrolled up keeps the entry at its top there (aligned to the top: the list then holds that
  // entry in place while the rows around it are measured).
  const measuredAt = useRef(scale);
  const keptAtTop = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    if (measuredAt.current === scale) return;
    const el = scrollerRef.current;
    // (A kept pane hidden by <Activity> runs this when it is shown again.) A second change while the list still moves to the entry of the first (a key held or pressed twice)
    // keeps that entry: the rows on screen are not where they will end up yet.
    const settling = virtualizer.isScrolling ? keptAtTop.current : undefined;
    const top = el && !stuck.current ? (settling ?? virtualizer.getVirtualItems().find((r) => r.end > el.scrollTop)?.index) : undefined;
    keptAtTop.current = top;
    // The sizes measured so far, scaled, stand in until then: closer than the estimates.
    const ratio = scale / measuredAt.current;
    measuredAt.current = scale;
    const sizes = [...virtualizer.itemSizeCache];
    virtualizer.measure();
    for (const [key, size] of sizes) virtualizer.itemSizeCache.set(key, size * ratio);
    // The list goes on moving there as the rows around it are measured, and as it grows: it is
    // as tall as it was until the next render, so the first move may stop short.
    if (top !== undefined) virtualizer.scrollToIndex(top, { align: 'start' });
  }, [scale, virtualizer, scrollerRef, stuck]);

  useEffect(warmUpMarkdown, []);

  // Remember where this tab was left.
  useEffect(() => {
    const el = scrollerRef.current;
    return () => {
      // A closed tab leaves nothing behind: its place, its row list, the text it formatted (R13).
      if (!clideStore.getState().sessions[sessionId]) {
        memory.delete(sessionId);
        forgetTopLevelRows(sessionId);
        forgetMarkdown();
        return;
      }
      // The latest value is the point: where the person left the tab.
      memory.set(sessionId, {
        // eslint-disable-next-line react-hooks/exhaustive-deps
        stuck: stuck.current,
        offset: el?.scrollTop ?? 0,
        measurements: () => virtualizer.measurementsCache.slice(),
        scale: measuredAt.current,
      });
    };
  }, [sessionId, scrollerRef, stuck, virtualizer]);

  const findTarget = useMemo<FindTarget>(
    () => ({
      rows: () => rows,
      rowId: (row) => entryAt(sessionId, rows[row])?.id,
      list: () => listRef.current,
      scroller: () => scrollerRef.current,
      showRow: (row) => {
        unstick();
        virtualizer.scrollToIndex(row, { align: 'center' });
      },
    }),
    [rows, sessionId, scrollerRef, unstick, virtualizer],
  );
  // A search hit opened from History lands on its message.
  useReveal(sessionId, rows, findTarget.list, findTarget.showRow);
  const walkTarget = useMemo<WalkTarget>(
    () => ({
      count: rows.length,
      list: () => listRef.current,
      showRow: (row) => {
        unstick();
        virtualizer.scrollToIndex(row, { align: 'auto' });
      },
    }),
    [rows.length, unstick, virtualizer],
  );
  useWalkKeys(walkTarget);

  const visible = virtualizer.getVirtualItems();
  // While the person flings the list, entries that come into view show a light stand-in; entries
  // already shown in full stay so. Once scrolling settles, everything is shown in full. Following
  // the bottom (a reply streaming in) is never a fling.
  const scrolling = virtualizer.isScrolling && away;
  // Opening a tab paints its entries as stand-ins first and in full from the next frame, so a
  // long tab shows its words at once instead of after every card and table has been built.
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setSettled(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const [modes, setModes] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  let full = modes;
  const next = new Map<string, boolean>();
  const ready = settled && ItemRow !== undefined;
  for (const row of visible) next.set(String(row.key), ready && (!scrolling || (modes.get(String(row.key)) ?? false)));
  if (next.size !== modes.size || [...next].some(([k, v]) => modes.get(k) !== v)) {
    full = next;
    setModes(next);
  }
  return (
    <section className="transcript-wrap" aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Transcript
      </h2>
      {/* In the Tab order: whenever it scrolls, a keyboard must be able to scroll it, also when
          nothing in it can take focus (a tab loading its earlier conversation, a short window). */}
      <div className="transcript-scroller" ref={scrollerRef} tabIndex={0} onScroll={noteScrolling}>
        <div className="transcript-column" ref={contentRef} style={{ '--transcript-scale': scale } as CSSProperties}>
          {fresh && <EmptyState sessionId={sessionId} />}
          {/* A log that is not live: a reply streaming in is not read out piece by piece. What
              needs saying (a prompt, a finished turn, an error) goes to the window's announcer. */}
          <div
            ref={listRef}
            role="log"
            aria-live="off"
            aria-label="Transcript"
            className="transcript"
            style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
          >
            {visible.map((row) =>
              full.get(String(row.key)) && ItemRow ? (
                <div
                  key={row.key}
                  data-index={row.index}
                  data-row-id={row.key}
                  ref={virtualizer.measureElement}
                  className="transcript-row"
                  style={{ transform: `translateY(${row.start - margin}px)` }}
                >
                  <ItemRow sessionId={sessionId} pos={rows[row.index] ?? -1} prevPos={row.index > 0 ? rows[row.index - 1] : undefined} />
                </div>
              ) : (
                <div
                  key={row.key}
                  data-index={row.index}
                  className="transcript-row is-lite"
                  style={{ transform: `translateY(${row.start - margin}px)`, height: row.size }}
                >
                  <ItemLite sessionId={sessionId} pos={rows[row.index] ?? -1} />
                </div>
              ),
            )}
          </div>
          <TurnTail sessionId={sessionId} />
          <PermissionPrompt sessionId={sessionId} />
        </div>
      </div>
      <TranscriptToolbar sessionId={sessionId} />
      <FindBar sessionId={sessionId} target={findTarget} />
      {away && (
        <button type="button" className="jump-latest" onClick={jump}>
          <span aria-hidden="true">↓</span> Jump to latest
        </button>
      )}
    </section>
  );
}
