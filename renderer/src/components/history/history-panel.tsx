// History: every past Claude session (from the CLI's own transcripts, so sessions run in a
// terminal appear too), grouped by project, searchable; opening one resumes it in a tab with
// its earlier conversation. A drawer from the left edge on a native <dialog> (focus stays in it,
// Esc closes it). Ctrl/Cmd+Shift+H or the clock button opens it (history-button.tsx).
import { HistoryHost } from '../remote/history-host';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { HistorySession } from '../../../../shared/history';
import type { AppError } from '../../../../shared/result';
import { focusComposer } from '../../lib/focus';
import { historyStore, useHistoryStore } from '../../store/history-store';
import { useClide } from '../../store/store';
import { openPastSession, refreshHistory, renamePastSession } from './history-actions';
import { displayPath, firstRows, flatten, groupByProject, messageCount, relativeTime } from './history-model';
import { HISTORY_KEY_LABEL } from './history-keys';
import { formatBytes } from '../../lib/format';
import { SearchProgressNote, SearchResults } from './search-results';
import './history.css';
import { makeVisible } from '../../../../shared/visible-chars';
import { HiddenCharsNote, VisibleText } from '../common/visible-text';
import { BranchGlyph } from '../worktree/git-glance';

/** Rows shown before "Show more" (a long history stays quick to open and to search). */
const PAGE = 200;
/** The drawer, a part loaded when History first opens (history-button.tsx shows it). */
export function HistoryDrawer() {
  const ref = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const setOpen = useHistoryStore((s) => s.setOpen);
  const sessions = useHistoryStore((s) => s.sessions);
  const loading = useHistoryStore((s) => s.loading);
  const listError = useHistoryStore((s) => s.error);
  const query = useHistoryStore((s) => s.query);
  const setQuery = useHistoryStore((s) => s.setQuery);
  const homeDir = useClide((s) => s.environment?.homeDir);
  const [limit, setLimit] = useState(PAGE);
  const openError = useHistoryStore((s) => s.openError);
  const setOpenError = historyStore.getState().openFailed;
  const [opening, setOpening] = useState<string | undefined>();
  /** After opening a session, typing goes to its composer rather than back to the History button. */
  const toComposer = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    searchRef.current?.focus();
    searchRef.current?.select();
    const cancel = (e: Event) => {
      e.preventDefault();
      setOpen(false);
    };
    dialog.addEventListener('cancel', cancel);
    void refreshHistory();
    return () => {
      dialog.removeEventListener('cancel', cancel);
      if (dialog.open) dialog.close();
      if (toComposer.current) requestAnimationFrame(focusComposer);
      else if (opener?.isConnected) opener.focus();
    };
  }, [setOpen]);

  const groups = useMemo(() => groupByProject(sessions ?? [], query), [sessions, query]);
  const total = useMemo(() => flatten(groups).length, [groups]);
  const shownGroups = useMemo(() => firstRows(groups, limit), [groups, limit]);
  const listedAt = useHistoryStore((s) => s.listedAt);

  const open = async (s: HistorySession) => {
    setOpening(s.sessionId);
    setOpenError(undefined);
    const r = await openPastSession(s);
    setOpening(undefined);
    if (r.ok) {
      toComposer.current = true;
      setOpen(false);
    } else setOpenError(r.error);
  };

  // Up and Down move between rows (and from the search box into the list), as in any list.
  const onListKey = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const rows = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('.history-open') ?? [])];
    if (rows.length === 0) return;
    const at = rows.indexOf(document.activeElement as HTMLButtonElement);
    e.preventDefault();
    if (at === -1) {
      if (e.key === 'ArrowDown') rows[0]?.focus();
      return;
    }
    if (e.key === 'ArrowUp' && at === 0) return searchRef.current?.focus();
    rows[Math.max(0, Math.min(rows.length - 1, at + (e.key === 'ArrowDown' ? 1 : -1)))]?.focus();
  };

  return (
    <dialog
      ref={ref}
      className="history-drawer"
      aria-labelledby={titleId}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) setOpen(false);
      }}
    >
      <div className="history-inner" onKeyDown={onListKey}>
        <header className="history-head">
          <h2 id={titleId}>History</h2>
          <span className="history-key" aria-hidden="true">
            {HISTORY_KEY_LABEL}
          </span>
          <button type="button" className="icon-button" aria-label="Close history" title="Close (Esc)" onClick={() => setOpen(false)}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="history-search">
          <input
            ref={searchRef}
            type="search"
            className="text-input"
            aria-label="Search sessions"
            placeholder="Search titles, folders and every message"
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setLimit(PAGE);
            }}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              const first = flatten(groups)[0];
              if (first) void open(first);
            }}
          />
        </div>
        {openError && (
          <div className="history-error" role="alert">
            <strong>Could not open that session.</strong> <VisibleText text={`${openError.message}${openError.hint ? ` ${openError.hint}` : ''}`} />
          </div>
        )}
        <div className="history-list" ref={listRef} aria-busy={loading || undefined}>
          {listError && (
            <div className="history-error" role="alert">
              <strong>Could not read the history.</strong> {listError.message}
              {listError.hint ? ` ${listError.hint}` : ''}{' '}
              <button type="button" className="btn btn-small" onClick={() => void refreshHistory()}>
                Try again
              </button>
            </div>
          )}
          {!sessions && loading && <p className="history-empty">Reading Claude's transcripts…</p>}
          {/* While a search is typed, what it finds in conversations shows below: never "no sessions" above it. */}
          {sessions && sessions.length === 0 && query.trim() === '' && (
            <p className="history-empty">No past sessions yet. Sessions you run with Claude Code, here or in a terminal, appear here.</p>
          )}
          {sessions && query.trim() !== '' && total === 0 && <p className="history-empty">No session titles match “{query}”.</p>}
          {shownGroups.map((g) => (
            <section
              key={`${g.location ?? ''}\0${g.cwd}`}
              className="history-group"
              aria-label={makeVisible(`${g.name}${g.location ? ` on ${g.location}` : ''}: ${g.sessions.length} sessions`)}
            >
              <h3 className="history-project" title={g.cwd ? makeVisible(g.location ? `${g.location}:${g.cwd}` : g.cwd) : undefined}>
                <span className="history-project-name">
                  <VisibleText text={g.name} />
                </span>
                {g.location && <HistoryHost location={g.location} />}
                {g.cwd && (
                  <span className="history-project-path">
                    <VisibleText text={g.location ? g.cwd : displayPath(g.cwd, homeDir)} />
                  </span>
                )}
              </h3>
              <ul className="history-rows">
                {g.sessions.map((s) => (
                  <HistoryRow key={s.sessionId} session={s} now={listedAt} busy={opening === s.sessionId} onOpen={() => void open(s)} />
                ))}
              </ul>
            </section>
          ))}
          {total > limit && (
            <button type="button" className="btn btn-small history-more" onClick={() => setLimit((n) => n + PAGE)}>
              Show more ({(total - limit).toLocaleString('en-US')} not shown)
            </button>
          )}
          <SearchResults
            query={query}
            homeDir={homeDir}
            now={listedAt}
            onOpened={() => {
              toComposer.current = true;
              setOpen(false);
            }}
          />
        </div>
        <footer className="history-foot">
          <span>{sessions ? `${total.toLocaleString('en-US')} of ${sessions.length.toLocaleString('en-US')} sessions` : ' '}</span>
          <SearchProgressNote />
          {loading && sessions && <span className="history-refreshing">Refreshing…</span>}
        </footer>
      </div>
    </dialog>
  );
}

function HistoryRow({ session: s, now, busy, onOpen }: { session: HistorySession; now: number; busy: boolean; onOpen(): void }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const when = new Date(s.lastActivity);
  const branch = s.worktree?.branch ?? (s.gitBranch && s.gitBranch !== 'HEAD' ? s.gitBranch : '');
  const meta = [
    relativeTime(s.lastActivity, now),
    messageCount(s.messageCount),
    s.worktree ? '' : branch,
    s.bytes >= 5 * 1024 * 1024 ? formatBytes(s.bytes) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  const tip = [
    s.title,
    s.firstPrompt && s.firstPrompt !== s.title ? `First prompt: ${s.firstPrompt}` : '',
    `Last activity: ${when.toLocaleString()}`,
    `Session ${s.sessionId}`,
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <li className="history-row" data-open={s.openIn ? true : undefined}>
      {editing ? (
        <RenameField
          initial={s.title}
          onDone={async (title) => {
            if (title === undefined || title === s.title) return setEditing(false);
            const r = await renamePastSession(s.sessionId, title);
            if (r.ok) {
              setEditing(false);
              setError(undefined);
            } else setError(r.error);
          }}
        />
      ) : (
        <button type="button" className="history-open" title={makeVisible(tip)} onClick={onOpen} disabled={busy}>
          <span className="history-title-line">
            <span className="history-title">
              <VisibleText text={s.title} />
            </span>
            {s.openIn && <span className="history-badge">open</span>}
            {s.worktree && (
              <span className="history-badge history-branch" title={makeVisible(`In a worktree of its own on ${s.worktree.branch} (from ${s.worktree.base})`)}>
                <BranchGlyph /> <VisibleText text={s.worktree.branch} />
              </span>
            )}
            {s.cutOff && (
              <span className="history-badge history-badge-warn" title="The last prompt got no reply">
                cut off
              </span>
            )}
          </span>
          <span className="history-meta">{busy ? 'Opening…' : <VisibleText text={meta} />}</span>
        </button>
      )}
      {!editing && (
        <button
          type="button"
          className="icon-button history-rename"
          aria-label={makeVisible(`Rename ${s.title}`)}
          title="Rename"
          onClick={() => setEditing(true)}
        >
          <span aria-hidden="true">✎</span>
        </button>
      )}
      {error && (
        <p className="history-row-error" role="alert">
          <VisibleText text={error.message} />
        </p>
      )}
    </li>
  );
}

function RenameField({ initial, onDone }: { initial: string; onDone(title: string | undefined): void | Promise<void> }) {
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  return (
    <>
      <input
        ref={ref}
        className="text-input history-rename-field"
        aria-label="Session title"
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void onDone(undefined)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            const t = value.trim();
            void onDone(t || undefined);
          } else if (e.key === 'Escape') {
            // Esc leaves the field, not the whole panel.
            e.preventDefault();
            e.stopPropagation();
            void onDone(undefined);
          }
        }}
      />
      {/* The title stays as typed; a hidden character in it is said below. */}
      <HiddenCharsNote text={value} />
    </>
  );
}
