// A fenced code block: highlighted in a worker, painted plain first and then swapped to
// highlighted lines a slice per frame (a 2,000-line block never holds the main thread), long
// blocks collapsed to their first lines, and a copy button. Code is what people run and paste:
// hidden and direction-changing characters show as markers ("Trojan Source" hides in code),
// while the copy button copies the code exactly as written.
import { memo, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { linesFromRuns, type HighlightRuns, type Segment } from '../../lib/transcript/highlight-runs';
import { cachedHighlight, highlightCode } from '../../workers/highlight-client';
import { useDisclosure } from './disclosure';
import { CopyButton } from './copy-button';
import { visibleNodes, VisibleText } from '../common/visible-text';
import { formatCount } from '../../lib/count';

/** Blocks longer than this show their first PREVIEW_LINES lines and an expander. */
const COLLAPSE_AT = 40;
const PREVIEW_LINES = 24;
/**
 * Lines per slice. Each slice is its own block, so swapping one slice from plain to highlighted
 * lays out that slice alone, never the whole block again (which made a 2,000-line block cost
 * seconds of layout).
 */
const SLICE = 40;

export interface CodeBlockProps {
  code: string;
  lang?: string;
  /** Key in the disclosure store (so a remounted block stays expanded); local state without one. */
  disclosure?: string;
  /** Label in the bar instead of the language. */
  title?: string;
  /** Leave it plain (its text is still streaming in). */
  plain?: boolean;
}

export function CodeBlock({ code, lang, disclosure, title, plain = false }: CodeBlockProps) {
  const lines = useMemo(() => splitCode(code), [code]);
  const long = lines.length > COLLAPSE_AT;
  const [localOpen, setLocalOpen] = useState(false);
  const [storedOpen, setStoredOpen] = useDisclosure(disclosure ?? '', false);
  const open = disclosure ? storedOpen : localOpen;
  const setOpen = disclosure ? setStoredOpen : setLocalOpen;
  const shown = long && !open ? PREVIEW_LINES : lines.length;
  const runs = useHighlight(code, lang, !plain);
  const segments = useMemo(() => (runs ? linesFromRuns(code, runs) : undefined), [code, runs]);
  const done = useProgress(segments ? shown : 0, segments);
  const state = !runs ? (runs === null ? 'plain' : 'pending') : done >= shown ? 'done' : 'partial';

  return (
    <div className="code-block" data-highlight={state}>
      <div className="code-block-bar">
        <span className="code-lang">
          <VisibleText text={title ?? lang ?? 'text'} />
        </span>
        <span className="code-lines">{lines.length > 1 ? `${formatCount(lines.length)} lines` : ''}</span>
        <CopyButton text={code} />
      </div>
      <pre className="code-pre">
        <code>
          <Slices lines={lines} segments={segments} shown={shown} done={segments ? done : 0} />
        </code>
      </pre>
      {long && (
        <button type="button" className="code-expander" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : `Show all ${formatCount(lines.length)} lines`}
        </button>
      )}
    </div>
  );
}

function splitCode(code: string): string[] {
  const lines = code.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** undefined while waiting, null when the code stays plain. */
function useHighlight(code: string, lang: string | undefined, enabled: boolean): HighlightRuns | undefined | null {
  const [result, setResult] = useState<{ code: string; lang?: string; runs: HighlightRuns | null } | undefined>(() => {
    const hit = cachedHighlight(code, lang);
    return hit === undefined ? undefined : { code, lang, runs: hit };
  });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void highlightCode(code, lang).then((runs) => {
      if (live) setResult({ code, lang, runs: runs ?? null });
    });
    return () => {
      live = false;
    };
  }, [code, lang, enabled]);
  return result && result.code === code && result.lang === lang ? result.runs : undefined;
}

/** How many highlighted lines to render: grows a slice per frame up to `target`. */
function useProgress(target: number, segments: Segment[][] | undefined): number {
  const [done, setDone] = useState({ segments, n: Math.min(target, SLICE) });
  const n = done.segments === segments ? done.n : Math.min(target, SLICE);
  useEffect(() => {
    if (!segments || n >= target) return;
    const id = requestAnimationFrame(() => setDone({ segments, n: Math.min(target, n + SLICE) }));
    return () => cancelAnimationFrame(id);
  }, [segments, n, target]);
  return n;
}

function Slices({ lines, segments, shown, done }: { lines: string[]; segments: Segment[][] | undefined; shown: number; done: number }) {
  const out = [];
  for (let from = 0; from < shown; from += SLICE) {
    const to = Math.min(shown, from + SLICE);
    out.push(
      segments && to <= done ? (
        <HighlightedSlice key={`h${from}`} segments={segments} from={from} to={to} />
      ) : (
        <PlainSlice key={`p${from}`} lines={lines} from={from} to={to} />
      ),
    );
  }
  return <>{out}</>;
}

const HighlightedSlice = memo(function HighlightedSlice({ segments, from, to }: { segments: Segment[][]; from: number; to: number }) {
  const out = [];
  for (let i = from; i < to; i++) {
    const line = segments[i] ?? [];
    out.push(
      <span key={i} className="code-line">
        {line.map((s, j) =>
          s.cls ? (
            <span key={j} className={classFor(s.cls)}>
              {visibleNodes(s.text)}
            </span>
          ) : (
            visibleNodes(s.text)
          ),
        )}
      </span>,
    );
  }
  return (
    <span className="code-slice" style={{ '--slice-lines': to - from } as CSSProperties}>
      {out}
    </span>
  );
});

const PlainSlice = memo(function PlainSlice({ lines, from, to }: { lines: string[]; from: number; to: number }) {
  const text = useMemo(() => lines.slice(from, to).join('\n'), [lines, from, to]);
  return (
    <span className="code-slice code-plain" style={{ '--slice-lines': to - from } as CSSProperties}>
      {visibleNodes(text)}
    </span>
  );
});

/** highlight.js scopes such as "title function_" become "hljs-title hljs-function_". */
function classFor(cls: string): string {
  return cls
    .split(' ')
    .filter(Boolean)
    .map((c) => (c.startsWith('hljs-') ? c : `hljs-${c}`))
    .join(' ');
}
