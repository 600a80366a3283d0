// A fenced code block: highlighted in a worker, painted plain first and then swapped to
// highlighted lines a slice per frame (a 2,000-line block never holds the main thread), long
// blocks collapsed to their first lines, and a copy button.
import { memo, useEffect, useMemo, useState } from 'react';
import { linesFromRuns, type HighlightRuns, type Segment } from '../../lib/highlight-runs';
import { cachedHighlight, highlightCode } from '../../workers/highlight-client';
import { useDisclosure } from './disclosure';
import { CopyButton } from './copy-button';

/** Blocks longer than this show their first PREVIEW_LINES lines and an expander. */
const COLLAPSE_AT = 40;
const PREVIEW_LINES = 24;
/** Highlighted lines added per frame. */
const SLICE = 250;

export interface CodeBlockProps {
  code: string;
  lang?: string;
  /** Key in the disclosure store (so a remounted block stays expanded); local state without one. */
  disclosure?: string;
  /** Label in the bar instead of the language. */
  title?: string;
}

export function CodeBlock({ code, lang, disclosure, title }: CodeBlockProps) {
  const lines = useMemo(() => splitCode(code), [code]);
  const long = lines.length > COLLAPSE_AT;
  const [localOpen, setLocalOpen] = useState(false);
  const [storedOpen, setStoredOpen] = useDisclosure(disclosure ?? '', false);
  const open = disclosure ? storedOpen : localOpen;
  const setOpen = disclosure ? setStoredOpen : setLocalOpen;
  const shown = long && !open ? PREVIEW_LINES : lines.length;
  const runs = useHighlight(code, lang);
  const segments = useMemo(() => (runs ? linesFromRuns(code, runs) : undefined), [code, runs]);
  const done = useProgress(segments ? shown : 0, segments);
  const state = !runs ? (runs === null ? 'plain' : 'pending') : done >= shown ? 'done' : 'partial';

  return (
    <div className="code-block" data-highlight={state}>
      <div className="code-block-bar">
        <span className="code-lang">{title ?? lang ?? 'text'}</span>
        <span className="code-lines">{lines.length > 1 ? `${lines.length.toLocaleString('en-US')} lines` : ''}</span>
        <CopyButton text={code} />
      </div>
      <pre className="code-pre">
        <code>
          {segments && <HighlightedLines segments={segments} count={Math.min(done, shown)} />}
          {(segments ? Math.min(done, shown) : 0) < shown && <PlainLines lines={lines} from={segments ? Math.min(done, shown) : 0} to={shown} />}
        </code>
      </pre>
      {long && (
        <button type="button" className="code-expander" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : `Show all ${lines.length.toLocaleString('en-US')} lines`}
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
function useHighlight(code: string, lang: string | undefined): HighlightRuns | undefined | null {
  const [result, setResult] = useState<{ code: string; lang?: string; runs: HighlightRuns | null } | undefined>(() => {
    const hit = cachedHighlight(code, lang);
    return hit === undefined ? undefined : { code, lang, runs: hit };
  });
  useEffect(() => {
    let live = true;
    void highlightCode(code, lang).then((runs) => {
      if (live) setResult({ code, lang, runs: runs ?? null });
    });
    return () => {
      live = false;
    };
  }, [code, lang]);
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

function HighlightedLines({ segments, count }: { segments: Segment[][]; count: number }) {
  const slices: number[] = [];
  for (let i = 0; i < count; i += SLICE) slices.push(i);
  return (
    <>
      {slices.map((from) => (
        <HighlightedSlice key={from} segments={segments} from={from} to={Math.min(count, from + SLICE)} />
      ))}
    </>
  );
}

const HighlightedSlice = memo(function HighlightedSlice({ segments, from, to }: { segments: Segment[][]; from: number; to: number }) {
  const out = [];
  for (let i = from; i < to; i++) {
    const line = segments[i] ?? [];
    out.push(
      <span key={i} className="code-line">
        {line.map((s, j) => (s.cls ? <span key={j} className={classFor(s.cls)}>{s.text}</span> : s.text))}
        {'\n'}
      </span>,
    );
  }
  return <>{out}</>;
});

function PlainLines({ lines, from, to }: { lines: string[]; from: number; to: number }) {
  const text = useMemo(() => lines.slice(from, to).join('\n') + '\n', [lines, from, to]);
  return <span className="code-plain">{text}</span>;
}

/** highlight.js scopes such as "title function_" become "hljs-title hljs-function_". */
function classFor(cls: string): string {
  return cls
    .split(' ')
    .filter(Boolean)
    .map((c) => (c.startsWith('hljs-') ? c : `hljs-${c}`))
    .join(' ');
}
