// History's full-text hits: every message of every past session that has the words typed,
// with the match highlighted, the session's title, when and where. Opening one resumes the
// session at that message. Also says how far the index has got while it builds.
import { Fragment, useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import type { SearchHit, SearchProgress } from '../../../../shared/search';
import { folderName } from '../../lib/format';
import { displayPath, relativeTime } from './history-model';
import { openSearchHit, searchHistory } from './search-actions';
import { useSearchStore } from './search-store';
import './search-results.css';

/** Wait this long after the last keystroke before asking (a query per pause, not per key). */
const DEBOUNCE_MS = 150;

interface Found {
  query: string;
  hits: SearchHit[];
  next?: string;
}

export function SearchResults({ query, homeDir, now, onOpened }: { query: string; homeDir: string | undefined; now: number; onOpened(): void }) {
  const [found, setFound] = useState<Found | undefined>();
  const [error, setError] = useState<AppError | undefined>();
  const [busy, setBusy] = useState(false);
  const [opening, setOpening] = useState<number | undefined>();
  const trimmed = query.trim();

  useEffect(() => {
    if (!trimmed) return;
    let live = true;
    const timer = setTimeout(() => {
      setBusy(true);
      void searchHistory(query).then((r) => {
        if (!live) return;
        setBusy(false);
        if (r.ok) {
          setFound({ query, hits: r.value.hits ?? [], next: r.value.next });
          setError(undefined);
        } else setError(r.error);
      });
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, trimmed]);

  if (!trimmed) return null;
  const hits = found && found.query === query ? found.hits : (found?.hits ?? []);

  const more = async () => {
    if (!found?.next) return;
    setBusy(true);
    const r = await searchHistory(found.query, found.next);
    setBusy(false);
    if (r.ok) setFound({ query: found.query, hits: [...found.hits, ...(r.value.hits ?? [])], next: r.value.next });
    else setError(r.error);
  };

  const open = async (hit: SearchHit, i: number) => {
    setOpening(i);
    const r = await openSearchHit(hit, found?.query ?? query);
    setOpening(undefined);
    if (r.ok) onOpened();
    else setError(r.error);
  };

  return (
    <section className="search-results" aria-label="Matches in conversations" aria-busy={busy || undefined}>
      <h3 className="history-project search-results-head">
        <span className="history-project-name">In conversations</span>
        <span className="history-project-path">
          {found
            ? hits.length > 0
              ? `${hits.length}${found.next ? '+' : ''} ${hits.length === 1 && !found.next ? 'message' : 'messages'}`
              : busy
                ? 'searching…'
                : 'no messages match'
            : 'searching…'}
        </span>
      </h3>
      {error && (
        <p className="history-row-error" role="alert">
          {error.message}
        </p>
      )}
      <ul className="history-rows">
        {hits.map((h, i) => (
          <li key={`${h.sessionId}:${h.uuid ?? ''}:${h.field}:${i}`} className="history-row search-hit">
            <button
              type="button"
              className="history-open search-hit-open"
              disabled={opening === i}
              onClick={() => void open(h, i)}
              title={`${h.title}\n${new Date(h.at).toLocaleString()}${h.cwd ? `\n${displayPath(h.cwd, homeDir)}` : ''}`}
            >
              <span className="search-hit-snippet">
                <Marked text={h.snippet} ranges={h.ranges} />
              </span>
              <span className="history-meta">
                {opening === i
                  ? 'Opening…'
                  : [whose(h), h.title, h.at ? relativeTime(h.at, now) : '', h.cwd ? folderName(h.cwd) : ''].filter(Boolean).join(' · ')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {found?.next && (
        <button type="button" className="btn btn-small history-more" disabled={busy} onClick={() => void more()}>
          More messages
        </button>
      )}
    </section>
  );
}

/** How far the index has got, while it builds, or why search cannot run. */
export function SearchProgressNote() {
  const progress = useSearchStore((s) => s.progress);
  const text = progressText(progress);
  return text ? (
    <span className="search-progress" role="status">
      {text}
    </span>
  ) : null;
}

export function progressText(p: SearchProgress | undefined): string | undefined {
  if (!p?.state) return undefined;
  if (p.state === 'unavailable') return p.message ?? 'Search in conversations is not available.';
  if (p.state === 'indexing') return `Indexing conversations… ${p.filesDone.toLocaleString('en-US')} of ${p.filesTotal.toLocaleString('en-US')} files`;
  return p.message;
}

function whose(h: SearchHit): string {
  const label = {
    prompt: 'You',
    reply: 'Claude',
    thinking: 'Thinking',
    'tool-input': h.tool ?? 'Tool',
    'tool-output': `${h.tool ?? 'Tool'} output`,
    title: 'Title',
  }[h.field];
  return h.subagent ? `Subagent · ${label}` : label;
}

/** The snippet with its matched words in <mark> (text only: nothing in a snippet is markup). */
function Marked({ text, ranges }: { text: string; ranges: ReadonlyArray<readonly [number, number]> }) {
  const parts: Array<{ s: string; hit: boolean }> = [];
  let at = 0;
  for (const [a, b] of ranges) {
    if (a < at || b > text.length) continue;
    if (a > at) parts.push({ s: text.slice(at, a), hit: false });
    parts.push({ s: text.slice(a, b), hit: true });
    at = b;
  }
  if (at < text.length) parts.push({ s: text.slice(at), hit: false });
  return <>{parts.map((p, i) => (p.hit ? <mark key={i}>{p.s}</mark> : <Fragment key={i}>{p.s}</Fragment>))}</>;
}
