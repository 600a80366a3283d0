// Tool output shown in full. Ordinary output is one wrapped <pre>; big output (a 4 MB log, a
// huge file) is indexed a slice per frame and rendered as a virtual list of lines inside its
// own scroll box, so expanding it never freezes the window however large it is. Hidden and
// direction-changing characters show as markers; a big output marks only the lines on screen,
// so a 4 MB result is never scanned whole for them.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import { lineAt, lineIndexer, lineText, type LineIndex } from '../../lib/transcript/line-index';
import { stripTerminal } from '../../lib/tools/terminal-text';
import { useFind } from '../find/find-store';
import { visibleNodes } from '../common/visible-text';
import { formatCount } from '../../lib/count';
import { formatBytes } from '../../lib/format';

/** Past either limit the output is virtualised. */
const PLAIN_MAX_CHARS = 60_000;
const PLAIN_MAX_LINES = 800;
const LINE_HEIGHT = 18;
/** Marker elements per line of a big output (a hundred lines are mounted at once; the rest are plain marker text). */
const LINE_MARKER_SPANS = 8;
/** Characters indexed per frame while preparing a big output. */
const INDEX_BUDGET = 1_500_000;

export interface OutputTextProps {
  text: string;
  isError?: boolean;
  /** Element key for find in transcript. */
  findPart?: string;
  label?: string;
}

function isBig(text: string): boolean {
  if (text.length > PLAIN_MAX_CHARS) return true;
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) if (++lines > PLAIN_MAX_LINES) return true;
  return false;
}

export function OutputText({ text, isError, findPart, label }: OutputTextProps) {
  const big = useMemo(() => isBig(text), [text]);
  if (!big) {
    const shown = stripTerminal(text);
    return (
      <pre className={`tool-io${isError ? ' is-error' : ''}`} data-find-part={findPart} aria-label={label}>
        {shown ? visibleNodes(shown) : <span className="muted">(no output)</span>}
      </pre>
    );
  }
  return <BigOutput text={text} isError={isError} findPart={findPart} label={label} />;
}

function useLineIndex(text: string): LineIndex | undefined {
  const [state, setState] = useState<{ text: string; index: LineIndex } | undefined>(undefined);
  useEffect(() => {
    const ix = lineIndexer(text);
    let id = 0;
    const run = () => {
      if (ix.step(INDEX_BUDGET)) setState({ text, index: ix.result() });
      else id = requestAnimationFrame(run);
    };
    id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  }, [text]);
  return state?.text === text ? state.index : undefined;
}

function BigOutput({ text, isError, findPart, label }: OutputTextProps) {
  const index = useLineIndex(text);
  // Find's current match, when it is in this output: "seq:offset" so a repeat visit scrolls again.
  const reveal = useFind((s) => {
    const m = s.matches[s.current];
    return s.open && m && findPart && m.part === findPart ? `${s.seq}:${m.offset}` : undefined;
  });
  const revealOffset = reveal === undefined ? undefined : Number(reveal.slice(reveal.indexOf(':') + 1));
  const boxRef = useRef<HTMLDivElement>(null);
  const count = index?.count ?? 0;
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => boxRef.current,
    estimateSize: () => LINE_HEIGHT,
    overscan: 30,
  });
  useEffect(() => {
    if (!index || revealOffset === undefined) return;
    virtualizer.scrollToIndex(lineAt(index, revealOffset), { align: 'center' });
  }, [index, reveal, revealOffset, virtualizer]);

  const size = formatBytes(text.length, { unit: 'KB' });
  return (
    <div className={`tool-io big-output${isError ? ' is-error' : ''}`} aria-label={label}>
      <div className="big-output-bar">{index ? `${formatCount(count)} lines · ${size}` : `Preparing ${size} of output…`}</div>
      <div className="big-output-box" ref={boxRef} tabIndex={0} data-find-part={findPart} data-find-large="">
        <div className="big-output-inner" style={{ height: virtualizer.getTotalSize() }}>
          {index &&
            virtualizer.getVirtualItems().map((row) => (
              <div key={row.index} className="big-output-line" data-offset={index.starts[row.index]} style={{ transform: `translateY(${row.start}px)` }}>
                {visibleNodes(stripTerminal(lineText(text, index, row.index)), LINE_MARKER_SPANS) || ' '}
              </div>
            ))}
        </div>
      </div>
    </div>
  );
}
