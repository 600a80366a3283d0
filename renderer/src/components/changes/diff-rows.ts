// The rows of one file's diff in the Changes panel, unified or side by side: a header per hunk,
// the lines, and after the line a comment ends on, that comment (or the one being written).
// Pure, so the layout (where a comment lands, what pairs with what) is tested without a page.
import type { DiffLine } from '../../lib/tools/line-diff';
import type { ReviewDraft } from './changes-store';
import { splitRows, type PatchHunk } from './patch-lines';

/** A place a comment can point at: a line on one side of the diff. */
export interface LineRef {
  side: 'old' | 'new';
  no: number;
}

export interface Cell {
  line: DiffLine;
  /** Position in the hunk's lines (word marks are kept by it). */
  at: number;
}

export type DiffRow =
  | { kind: 'hunk'; key: string; hunk: PatchHunk }
  | { kind: 'line'; key: string; hunk: number; cell: Cell }
  | { kind: 'pair'; key: string; hunk: number; left?: Cell; right?: Cell }
  | { kind: 'comment'; key: string; comment: ReviewDraft }
  | { kind: 'draft'; key: string; side: 'old' | 'new'; start: number; end: number };

export interface CommentDraft {
  side: 'old' | 'new';
  start: number;
  end: number;
}

/** The line a comment on this cell names: the new side, except for a removed line. */
export function refOf(line: DiffLine): LineRef | undefined {
  if (line.kind === 'del') return line.oldNo === undefined ? undefined : { side: 'old', no: line.oldNo };
  if (line.kind === 'add' || line.kind === 'context') return line.newNo === undefined ? undefined : { side: 'new', no: line.newNo };
  return undefined;
}

function endsAt(c: { side: 'old' | 'new'; end: number }, cells: ReadonlyArray<Cell | undefined>): boolean {
  return cells.some((cell) => {
    const r = cell && refOf(cell.line);
    return r !== undefined && r.side === c.side && r.no === c.end;
  });
}

export interface RowsInput {
  hunks: readonly PatchHunk[];
  layout: 'unified' | 'split';
  comments: readonly ReviewDraft[];
  draft?: CommentDraft;
}

/** The rows, and the comments whose line is not in this diff any more (shown above it). */
export function diffRows({ hunks, layout, comments, draft }: RowsInput): { rows: DiffRow[]; elsewhere: ReviewDraft[] } {
  const rows: DiffRow[] = [];
  const placed = new Set<string>();
  const after = (cells: ReadonlyArray<Cell | undefined>) => {
    for (const c of comments) {
      if (placed.has(c.id) || !endsAt({ side: c.side, end: c.endLine }, cells)) continue;
      placed.add(c.id);
      rows.push({ kind: 'comment', key: `comment:${c.id}`, comment: c });
    }
    if (draft && !placed.has('draft') && endsAt(draft, cells)) {
      placed.add('draft');
      rows.push({ kind: 'draft', key: 'draft', side: draft.side, start: draft.start, end: draft.end });
    }
  };
  for (const hunk of hunks) {
    rows.push({ kind: 'hunk', key: `hunk:${hunk.index}`, hunk });
    if (layout === 'unified') {
      hunk.lines.forEach((line, at) => {
        const cell = { line, at };
        rows.push({ kind: 'line', key: `${hunk.index}:${at}`, hunk: hunk.index, cell });
        after([cell]);
      });
    } else {
      for (const r of splitRows(hunk.lines)) {
        const left = r.left && { line: r.left.line, at: r.left.at };
        const right = r.right && { line: r.right.line, at: r.right.at };
        rows.push({ kind: 'pair', key: `${hunk.index}:${left?.at ?? ''}:${right?.at ?? ''}`, hunk: hunk.index, left, right });
        // A context line sits on both sides: one cell is enough to find its comments.
        after(left && right && left.at === right.at ? [right] : [left, right]);
      }
    }
  }
  return { rows, elsewhere: comments.filter((c) => !placed.has(c.id)) };
}

/** Whether a line lies inside a comment range (to tint the lines being commented on). */
export function inRange(ref: LineRef | undefined, range: { side: 'old' | 'new'; start: number; end: number } | undefined): boolean {
  return ref !== undefined && range !== undefined && ref.side === range.side && ref.no >= range.start && ref.no <= range.end;
}

/** "Line 12", "Lines 12–14", with "(removed)" for the base side. */
export function lineLabel(c: { side: 'old' | 'new'; start: number; end: number }): string {
  const where = c.end > c.start ? `Lines ${c.start}–${c.end}` : `Line ${c.start}`;
  return c.side === 'old' ? `${where} (removed)` : where;
}
