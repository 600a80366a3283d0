// A unified diff with +/− gutters and line numbers, cut after `limit` lines with a way to see
// the rest.
import { memo } from 'react';
import { countDiffLines, type DiffHunk, type DiffLine } from '../../lib/tools/line-diff';
import { VisibleText } from '../common/visible-text';
import { formatCount } from '../../lib/count';

export interface DiffViewProps {
  hunks: DiffHunk[];
  numbered: boolean;
  /** Lines shown before "Show all"; undefined shows everything. */
  limit?: number;
  onShowAll?: () => void;
  findPart?: string;
}

/** Even "everything" stops here: a diff of a huge file is for an editor, not a transcript. */
const FULL_CAP = 5000;

const mark = { add: '+', del: '−', context: ' ', note: '\\' } as const;

export const DiffView = memo(function DiffView({ hunks, numbered, limit, onShowAll, findPart }: DiffViewProps) {
  const total = countDiffLines(hunks);
  let budget = limit ?? FULL_CAP;
  const shown: Array<{ hunk: DiffHunk; lines: DiffLine[]; index: number }> = [];
  hunks.forEach((hunk, index) => {
    if (budget <= 0) return;
    const lines = hunk.lines.length > budget ? hunk.lines.slice(0, budget) : hunk.lines;
    budget -= lines.length;
    shown.push({ hunk, lines, index });
  });
  const hidden = total - shown.reduce((n, s) => n + s.lines.length, 0);
  if (hunks.length === 0) return <div className="diff-empty">No changes.</div>;
  return (
    <div className={`diff${numbered ? ' is-numbered' : ''}`} data-find-part={findPart}>
      <table className="diff-table">
        {shown.map(({ hunk, lines, index }) => (
          <tbody key={index}>
            {index > 0 && (
              <tr className="diff-sep" aria-hidden="true">
                <td colSpan={numbered ? 4 : 2}>{numbered ? `@@ −${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@` : '⋯'}</td>
              </tr>
            )}
            {lines.map((l, i) => (
              <tr key={i} className={`diff-line diff-${l.kind}`}>
                {numbered && <td className="diff-no">{l.oldNo ?? ''}</td>}
                {numbered && <td className="diff-no">{l.newNo ?? ''}</td>}
                <td className="diff-mark" aria-label={l.kind === 'add' ? 'added' : l.kind === 'del' ? 'removed' : undefined}>
                  {mark[l.kind]}
                </td>
                <td className="diff-text">
                  <VisibleText text={l.text} />
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
      {hidden > 0 && limit === undefined && <div className="diff-cut">{formatCount(hidden)} more lines are not shown.</div>}
      {hidden > 0 && limit !== undefined && (
        <button type="button" className="diff-more" onClick={onShowAll}>
          Show all {formatCount(total)} lines ({formatCount(hidden)} more)
        </button>
      )}
    </div>
  );
});
