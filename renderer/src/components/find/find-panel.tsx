// The open find bar (find-bar.tsx wires its keys): searches the session's data a slice per
// frame, counts the matches, marks collapsed parts that hold one, and on next/previous opens
// what hides the match, scrolls its entry into the virtualised list and marks it in the page.
// Loaded when find first opens.
import { useEffect, useRef, type RefObject } from 'react';
import { transcriptSearch, type FindMatch } from '../../lib/transcript/transcript-search';
import { useClide } from '../../store/store';
import { disclosureKey, setDisclosure } from '../transcript/disclosure';
import { clearMatches, locateMatch, paintMatches, scrollRangeIntoView } from './find-dom';
import { closeFind, findStore, setFindQuery, setFindResults, stepFind, useFind } from './find-store';
import type { FindTarget } from './find-bar';
import { formatCount } from '../../lib/count';

const SEARCH_SLICE_MS = 8;
const DEBOUNCE_MS = 120;

function firstVisibleRow(target: FindTarget): number {
  const scroller = target.scroller();
  const list = target.list();
  if (!scroller || !list) return 0;
  const top = scroller.getBoundingClientRect().top;
  for (const el of list.querySelectorAll<HTMLElement>('[data-index]')) {
    if (el.getBoundingClientRect().bottom > top) return Number(el.dataset.index ?? 0);
  }
  return 0;
}

/** Runs the search whenever the query or the session's data changes. */
function useSearch(sessionId: string, target: FindTarget) {
  const open = useFind((s) => s.open && s.sessionId === sessionId);
  const query = useFind((s) => s.query);
  const view = useClide((s) => (open ? s.sessions[sessionId] : undefined));
  const previous = useRef<{ query: string; match?: FindMatch }>({ query: '' });
  useEffect(() => {
    if (!open || !view) return;
    if (!query) {
      setFindResults([], 0, false, -1, new Set());
      return;
    }
    let frame = 0;
    const timer = setTimeout(() => {
      const search = transcriptSearch(view, target.rows(), query);
      const run = () => {
        if (!search.step(SEARCH_SLICE_MS)) {
          frame = requestAnimationFrame(run);
          return;
        }
        const { matches, total, capped } = search.result;
        const marks = new Set<string>();
        for (const m of matches) for (const k of m.open) marks.add(disclosureKey(sessionId, k));
        // New data for the same query keeps the current match; a new query starts from the view.
        const prev = previous.current;
        if (prev.query === query && prev.match) {
          const same = matches.findIndex((m) => m.part === prev.match?.part && m.occurrence === prev.match.occurrence);
          if (same !== -1) {
            setFindResults(matches, total, capped, same, marks, false);
            return;
          }
        }
        const from = prev.query === query && prev.match ? prev.match.row : firstVisibleRow(target);
        const first = matches.findIndex((m) => m.row >= from);
        setFindResults(matches, total, capped, first === -1 ? 0 : first, marks);
      };
      run();
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [open, query, view, sessionId, target]);

  // Remember the current match so a re-run on new data keeps it.
  useEffect(
    () =>
      findStore.subscribe((s) => {
        previous.current = { query: s.query, match: s.matches[s.current] };
      }),
    [],
  );
}

/** Reveals the current match and keeps every visible match marked as the list changes. */
function useMarks(sessionId: string, target: FindTarget) {
  const open = useFind((s) => s.open && s.sessionId === sessionId);
  const seq = useFind((s) => s.seq);
  useEffect(() => {
    const list = target.list();
    if (!open || !list) {
      clearMatches();
      return;
    }
    // Read the store at each paint: new data may have moved the matches since this effect ran.
    const locate = () => {
      const s = findStore.getState();
      const m = s.matches[s.current];
      const rowId = m ? target.rowId(m.row) : undefined;
      return m && rowId ? locateMatch(list, rowId, m, s.query) : undefined;
    };
    const match = findStore.getState().matches[findStore.getState().current];
    let frame = 0;
    let tries = 0;
    const paint = () => paintMatches(list, findStore.getState().query, locate());
    if (match) {
      for (const k of match.open) setDisclosure(disclosureKey(sessionId, k), true);
      target.showRow(match.row);
      // The list settles over a few frames (rows mount, get measured, the scroll corrects).
      const reveal = () => {
        const range = locate();
        const scroller = target.scroller();
        if (range && scroller && tries > 1) {
          scrollRangeIntoView(scroller, range);
          paint();
          return;
        }
        if (tries++ < 30) frame = requestAnimationFrame(reveal);
        else paint();
      };
      frame = requestAnimationFrame(reveal);
    } else {
      paint();
    }
    let queued = false;
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => {
        queued = false;
        paint();
      });
    });
    observer.observe(list, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [open, seq, sessionId, target]);
  useEffect(() => () => clearMatches(), []);
}

export function FindPanel({ sessionId, target, inputRef }: { sessionId: string; target: FindTarget; inputRef: RefObject<HTMLInputElement | null> }) {
  const query = useFind((s) => s.query);
  const total = useFind((s) => s.total);
  const current = useFind((s) => s.current);
  const capped = useFind((s) => s.capped);
  const searching = useFind((s) => s.searching);
  useSearch(sessionId, target);
  useMarks(sessionId, target);
  const count = !query ? '' : searching ? 'Searching…' : total === 0 ? 'No matches' : `${current + 1} of ${formatCount(total)}${capped ? '+' : ''}`;
  return (
    <div className="find-bar" role="search" aria-label="Find in transcript">
      <input
        ref={inputRef}
        className="find-input"
        type="search"
        aria-label="Find in transcript"
        placeholder="Find in transcript"
        value={query}
        autoFocus
        spellCheck={false}
        onChange={(e) => setFindQuery(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            stepFind(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            closeFind();
          }
        }}
      />
      <span className="find-count" aria-live="polite">
        {count}
      </span>
      <button type="button" className="find-button" aria-label="Previous match" disabled={total === 0} onClick={() => stepFind(-1)}>
        ↑
      </button>
      <button type="button" className="find-button" aria-label="Next match" disabled={total === 0} onClick={() => stepFind(1)}>
        ↓
      </button>
      <button type="button" className="find-button" aria-label="Close find" onClick={closeFind}>
        ×
      </button>
    </div>
  );
}
