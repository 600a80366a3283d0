// The lines of one file's diff, virtualised (a 20,000-line diff mounts what is on screen):
// unified or side by side, word-level marks on rewritten lines, a header per hunk with its
// actions, and review comments after the line they end on. A line's + button starts a
// comment; Shift+click on another line of the same side makes it a range.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useMemo, useRef, type ReactNode } from 'react';
import { visibleNodes } from '../common/visible-text';
import type { ReviewDraft } from './changes-store';
import { CommentBox, CommentForm } from './comment-box';
import { diffRows, inRange, refOf, type Cell, type CommentDraft, type DiffRow } from './diff-rows';
import { lazyMarks, type Marks, type PatchHunk } from './patch-lines';

export interface DiffLinesProps {
  sessionId: string;
  path: string;
  hunks: PatchHunk[];
  layout: 'unified' | 'split';
  comments: ReviewDraft[];
  /** Comments can be made here (the diff against the base). */
  commentable: boolean;
  draft: CommentDraft | undefined;
  onDraft(draft: CommentDraft | undefined): void;
  hunkActions(hunk: PatchHunk): ReactNode;
}

const ROW = 20;
const mark = { add: '+', del: '−', context: ' ', note: '\\' } as const;

function estimate(row: DiffRow | undefined): number {
  if (!row) return ROW;
  if (row.kind === 'hunk') return 30;
  if (row.kind === 'comment') return 76;
  if (row.kind === 'draft') return 132;
  return ROW;
}

export function DiffLines(p: DiffLinesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const { rows, elsewhere } = useMemo(
    () => diffRows({ hunks: p.hunks, layout: p.layout, comments: p.comments, draft: p.draft }),
    [p.hunks, p.layout, p.comments, p.draft],
  );
  // Word marks are worked out when a line is first shown, one rewritten run at a time.
  const marks = useMemo(() => {
    const byHunk = new Map<number, (at: number) => Marks | undefined>();
    return (hunk: number, at: number): Marks | undefined => {
      let m = byHunk.get(hunk);
      if (!m) {
        m = lazyMarks(p.hunks[hunk]?.lines ?? []);
        byHunk.set(hunk, m);
      }
      return m(at);
    };
  }, [p.hunks]);
  // The list works out every row's place again whenever getItemKey is a new function: kept
  // while the rows stay, a 20,000-line diff is walked once, not on every render.
  const getItemKey = useCallback((i: number) => rows[i]?.key ?? i, [rows]);
  const estimateSize = useCallback((i: number) => estimate(rows[i]), [rows]);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    // A first guess at the viewport, so the first render already mounts rows (no empty frame).
    initialRect: { width: 800, height: 800 },
    overscan: 12,
  });
  const pick = (cell: Cell, e: { shiftKey: boolean }) => {
    const ref = refOf(cell.line);
    if (!ref) return;
    const d = p.draft;
    if (e.shiftKey && d && d.side === ref.side) p.onDraft({ side: d.side, start: Math.min(d.start, ref.no), end: Math.max(d.end, ref.no) });
    else p.onDraft({ side: ref.side, start: ref.no, end: ref.no });
  };
  const cellProps = { commentable: p.commentable, draft: p.draft, comments: p.comments, onPick: pick };

  return (
    <div className="cd-scroll" ref={scroller}>
      {elsewhere.length > 0 && (
        <div className="cd-elsewhere">
          <p className="muted">Comments on lines that are no longer in this diff:</p>
          {elsewhere.map((c) => (
            <CommentBox key={c.id} sessionId={p.sessionId} comment={c} />
          ))}
        </div>
      )}
      <div className={`cd-lines is-${p.layout}`} style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          return (
            <div key={v.key} ref={virtualizer.measureElement} data-index={v.index} className="cd-slot" style={{ transform: `translateY(${v.start}px)` }}>
              {row.kind === 'hunk' ? (
                <div className="cd-hunk">
                  <span className="cd-hunk-range mono">{row.hunk.range}</span>
                  {row.hunk.section && <span className="cd-hunk-section mono">{visibleNodes(row.hunk.section)}</span>}
                  <span className="cd-hunk-actions">{p.hunkActions(row.hunk)}</span>
                </div>
              ) : row.kind === 'line' ? (
                <div className={`cd-row cd-${row.cell.line.kind}`} data-commented={inRange(refOf(row.cell.line), p.draft) || undefined}>
                  <LineCells cell={row.cell} marks={marks(row.hunk, row.cell.at)} numbers="both" {...cellProps} />
                </div>
              ) : row.kind === 'pair' ? (
                <div className="cd-row cd-pair">
                  <Half cell={row.left} side="old" marks={row.left && marks(row.hunk, row.left.at)} {...cellProps} />
                  <Half cell={row.right} side="new" marks={row.right && marks(row.hunk, row.right.at)} {...cellProps} />
                </div>
              ) : row.kind === 'comment' ? (
                <CommentBox sessionId={p.sessionId} comment={row.comment} />
              ) : (
                <CommentForm sessionId={p.sessionId} path={p.path} draft={row} onDone={() => p.onDraft(undefined)} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

interface CellProps {
  commentable: boolean;
  draft: CommentDraft | undefined;
  comments: ReviewDraft[];
  onPick(cell: Cell, e: { shiftKey: boolean }): void;
}

function Half({ cell, side, marks, ...rest }: CellProps & { cell: Cell | undefined; side: 'old' | 'new'; marks: Marks | undefined }) {
  if (!cell) return <div className="cd-half is-empty" aria-hidden="true" />;
  // A context line shows on both sides; only its new side takes comments.
  const own = side === 'old' ? cell.line.kind === 'del' || cell.line.kind === 'note' : cell.line.kind !== 'del';
  const kind = cell.line.kind === 'context' || cell.line.kind === 'note' ? cell.line.kind : side === 'old' ? 'del' : 'add';
  return (
    <div className={`cd-half cd-${kind}`} data-commented={(own && inRange(refOf(cell.line), rest.draft)) || undefined}>
      <LineCells cell={cell} marks={marks} numbers={side} {...rest} commentable={rest.commentable && own} />
    </div>
  );
}

const LineCells = memo(function LineCells({
  cell,
  marks,
  numbers,
  commentable,
  comments,
  onPick,
}: CellProps & { cell: Cell; marks: Marks | undefined; numbers: 'both' | 'old' | 'new' }) {
  const { line } = cell;
  const ref = refOf(line);
  const has = ref !== undefined && comments.some((c) => c.side === ref.side && ref.no >= c.startLine && ref.no <= c.endLine);
  return (
    <>
      {commentable && ref ? (
        <button
          type="button"
          className="cd-comment-add"
          data-has={has || undefined}
          aria-label={ref.side === 'old' ? `Comment on removed line ${ref.no}` : `Comment on line ${ref.no}`}
          title="Comment on this line (Shift+click another line to comment on the range)"
          onClick={(e) => onPick(cell, e)}
        >
          +
        </button>
      ) : (
        <span className="cd-comment-add is-none" aria-hidden="true" />
      )}
      {numbers !== 'new' && <span className="cd-no">{line.oldNo ?? ''}</span>}
      {numbers !== 'old' && <span className="cd-no">{line.newNo ?? ''}</span>}
      <span className="cd-mark" aria-label={line.kind === 'add' ? 'added' : line.kind === 'del' ? 'removed' : undefined}>
        {mark[line.kind]}
      </span>
      <span className="cd-text">{marked(line.text, marks)}</span>
    </>
  );
});

/** The line's text with the rewritten words in <mark>, hidden characters shown as markers. */
function marked(text: string, marks: Marks | undefined): ReactNode {
  if (!marks || marks.length === 0) return visibleNodes(text);
  const out: ReactNode[] = [];
  let at = 0;
  marks.forEach(([from, to], i) => {
    if (from > at) out.push(<span key={`t${i}`}>{visibleNodes(text.slice(at, from))}</span>);
    out.push(
      <mark key={`m${i}`} className="cd-word">
        {visibleNodes(text.slice(from, to))}
      </mark>,
    );
    at = to;
  });
  if (at < text.length) out.push(<span key="rest">{visibleNodes(text.slice(at))}</span>);
  return out;
}
