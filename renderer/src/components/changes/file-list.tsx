// The Changes panel's list of files, grouped (conflicts, not committed, committed on the
// branch), virtualised so 500 files cost what a screenful costs. Each row: what happened to the
// file, its name, its +/− counts and how many comments it has. Up and Down move through it.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { formatCount } from '../../lib/count';
import { VisibleText } from '../common/visible-text';
import { selectFile } from './changes-actions';
import { usePanel } from './changes-store';
import { kindOf, listRows, sectionsOf, splitPath, whereOf } from './file-groups';

const ROW = 26;
const SECTION = 30;

export function FileList({ sessionId, branch }: { sessionId: string; branch?: string }) {
  const files = usePanel(sessionId, (p) => p.changes?.files);
  const selected = usePanel(sessionId, (p) => p.selected);
  const comments = usePanel(sessionId, (p) => p.comments);
  // The first, quick list has no line counts yet: the rows show them when they come.
  const counted = usePanel(sessionId, (p) => p.changes?.counted !== false);
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useMemo(() => listRows(sectionsOf(files ?? [], branch)), [files, branch]);
  const commentCount = useMemo(() => {
    const n = new Map<string, number>();
    for (const c of comments) n.set(c.path, (n.get(c.path) ?? 0) + 1);
    return n;
  }, [comments]);
  // Kept while the rows stay: a new getItemKey makes the list place every row again.
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const estimateSize = useCallback((i: number) => (rows[i]?.kind === 'section' ? SECTION : ROW), [rows]);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    // A first guess at the viewport, so the first render already mounts rows (no empty frame).
    initialRect: { width: 260, height: 700 },
    overscan: 10,
  });
  const selectedAt = rows.findIndex((r) => r.kind === 'file' && r.file.path === selected);
  useEffect(() => {
    if (selectedAt >= 0) virtualizer.scrollToIndex(selectedAt, { align: 'auto' });
  }, [selectedAt, virtualizer]);

  const move = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const step = e.key === 'ArrowDown' ? 1 : -1;
    for (let i = selectedAt + step; i >= 0 && i < rows.length; i += step) {
      const r = rows[i];
      if (r?.kind === 'file') {
        selectFile(sessionId, r.file.path);
        requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-path="${CSS.escape(r.file.path)}"]`)?.focus());
        return;
      }
    }
  };

  return (
    <div className="cf-scroll" ref={scroller} onKeyDown={move}>
      <div className="cf-list" role="list" aria-label="Changed files" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          const style = { transform: `translateY(${v.start}px)`, height: v.size };
          if (row.kind === 'section') {
            return (
              <div key={v.key} className="cf-section" style={style} role="presentation">
                <span className="cf-section-title">
                  <VisibleText text={row.section.title} />
                </span>
                <span className="cf-section-count">{formatCount(row.section.files.length)}</span>
              </div>
            );
          }
          const f = row.file;
          const { dir, name } = splitPath(f.path);
          const { letter, word } = kindOf(f);
          const n = commentCount.get(f.path) ?? 0;
          const on = f.path === selected;
          return (
            <div key={v.key} role="listitem" className="cf-item" style={style}>
              <button
                type="button"
                className="cf-row"
                data-path={f.path}
                aria-current={on || undefined}
                tabIndex={on || (selectedAt < 0 && v.index === 1) ? 0 : -1}
                title={`${f.path}${f.oldPath ? ` (from ${f.oldPath})` : ''}: ${word}, ${whereOf(f)}`}
                onClick={() => selectFile(sessionId, f.path)}
              >
                <span className={`cf-kind is-${f.kind}`} aria-label={word}>
                  {letter}
                </span>
                <span className="cf-name">
                  <span className="cf-base">
                    <VisibleText text={name} />
                  </span>
                  {dir && (
                    <span className="cf-dir">
                      <VisibleText text={dir} />
                    </span>
                  )}
                </span>
                {n > 0 && (
                  <span className="cf-comments" aria-label={`${n} ${n === 1 ? 'comment' : 'comments'}`}>
                    {n}
                  </span>
                )}
                {!counted ? null : f.binary ? (
                  <span className="cf-counts muted">bin</span>
                ) : (
                  <span className="cf-counts">
                    <span className="cd-plus">+{formatCount(f.added)}</span>
                    <span className="cd-minus">−{formatCount(f.removed)}</span>
                  </span>
                )}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}
