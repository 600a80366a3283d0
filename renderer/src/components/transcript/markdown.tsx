// Assistant text as markdown, with model output treated as untrusted: no raw HTML (react-markdown
// turns it into plain text without rehype-raw), links only to http(s)/mailto, no remote images,
// code fence languages sanitised. Rendered chunks are cached by their text: a virtualised list
// mounts the same message again on every scroll past it, and a streaming reply re-renders only
// its last chunk, at most once per frame.
//
// Hidden and direction-changing characters (shared/visible-chars.ts) stay as they are in prose:
// they are part of the model's text, and a sentence is not a command, a path or a name (right-
// to-left writing needs its marks). Links are the exception: a link's text and its target show
// them, so "invoice<U+202E>fdp.exe" cannot pose as a PDF. Code, inline or fenced, marks them too:
// it names files and commands people run.
import { memo, useContext, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { fenceOnly, splitGrowing, type SplitState } from '../../lib/transcript/markdown-chunks';
import { drawStreamingNow, frameAfterTyping } from '../../lib/typing-first';
import { ParseBudget } from '../../lib/transcript/parse-budget';
import { useLazyPart } from '../../lib/lazy-part';
import { CodeBlock } from './code-block';
import { ChunkKey, LiveChunk } from './markdown-context';
import { cachedMarkdown, markdownFormatter, rememberMarkdown, requestMarkdown } from './markdown-queue';

export { CopyButton } from './copy-button';

function FenceChunk({ code, lang }: { code: string; lang?: string }) {
  const prefix = useContext(ChunkKey);
  const live = useContext(LiveChunk);
  return <CodeBlock code={code} lang={lang?.toLowerCase()} disclosure={prefix ? `${prefix}@0` : undefined} plain={live} />;
}

const MarkdownChunk = memo(function MarkdownChunk({ text, keep, eager, budget }: { text: string; keep: boolean; eager: boolean; budget?: ParseBudget }) {
  const fence = useMemo(() => fenceOnly(text), [text]);
  const [, setReady] = useState(0);
  const cached = fence ? undefined : cachedMarkdown(text);
  // Even a short chunk costs a parser set-up: only live text is parsed on the spot, once the
  // formatter has loaded.
  const formatter = useLazyPart(markdownFormatter, eager && !fence && !cached);
  const now = !fence && !cached && eager && formatter !== undefined;
  useEffect(() => {
    if (fence || cached || now) return;
    return requestMarkdown(text, () => setReady((n) => n + 1));
  }, [text, fence, cached, now]);
  if (fence) {
    return (
      <div className="md-chunk">
        <FenceChunk code={fence.code} lang={fence.lang} />
      </div>
    );
  }
  let el = cached;
  if (!el && now && formatter) {
    // The live chunk's parse is timed: its next one is spaced by what this one cost.
    el = budget ? budget.timed(() => formatter.parse(text)) : formatter.parse(text);
    if (keep) rememberMarkdown(text, el);
  }
  // Not parsed yet: the words at once, their formatting a moment later.
  return <div className="md-chunk">{el ?? <p className="md-pending">{text}</p>}</div>;
});

/** Markdown split into chunks so a streaming reply re-renders only its last chunk. */
export const MarkdownText = memo(function MarkdownText({
  text,
  streaming = false,
  cacheKey,
}: {
  text: string;
  streaming?: boolean;
  /** Disclosure prefix for code blocks inside (e.g. `${sessionId}|${itemId}:${block}`). */
  cacheKey?: string;
}) {
  // What the live chunk's parses cost, to space them (parse-budget.ts).
  const [budget] = useState(() => new ParseBudget());
  const shown = useFrameValue(text, streaming, budget);
  return <MarkdownBody text={shown} streaming={streaming} cacheKey={cacheKey} budget={budget} />;
});

const MarkdownBody = memo(function MarkdownBody({
  text,
  streaming,
  cacheKey,
  budget,
}: {
  text: string;
  streaming: boolean;
  cacheKey?: string;
  budget: ParseBudget;
}) {
  // State derived from the previous split (the documented adjust-while-rendering pattern).
  const [kept, setKept] = useState<SplitState>(() => splitGrowing(undefined, text));
  let split = kept;
  if (kept.text !== text) {
    split = splitGrowing(kept, text);
    setKept(split);
  }
  return (
    <div className={`md${streaming ? ' md-streaming' : ''}`}>
      <SettledChunks chunks={split.settled} cacheKey={cacheKey} eager={streaming} />
      <Chunk text={split.last} index={split.settled.length} cacheKey={cacheKey} live={streaming} eager={streaming} budget={streaming ? budget : undefined} />
    </div>
  );
});

/** The finished chunks of a reply: re-rendered only when another chunk finishes. */
const SettledChunks = memo(function SettledChunks({ chunks, cacheKey, eager }: { chunks: string[]; cacheKey?: string; eager: boolean }) {
  return (
    <>
      {chunks.map((c, i) => (
        <Chunk key={i} text={c} index={i} cacheKey={cacheKey} live={false} eager={eager} />
      ))}
    </>
  );
});

function Chunk({
  text,
  index,
  cacheKey,
  live,
  eager,
  budget,
}: {
  text: string;
  index: number;
  cacheKey?: string;
  live: boolean;
  eager: boolean;
  budget?: ParseBudget;
}) {
  return (
    <ChunkKey.Provider value={cacheKey ? `${cacheKey}#${index}` : undefined}>
      {/* A streaming reply's last chunk is still changing: not worth a cache entry. */}
      <LiveChunk.Provider value={live}>
        <MarkdownChunk text={text} keep={!live} eager={eager} budget={budget} />
      </LiveChunk.Provider>
    </ChunkKey.Provider>
  );
}

/**
 * While a block streams, follow `value` at most once per animation frame (and, for a live chunk
 * costly to parse, at most as often as its budget allows): several batches of deltas arriving
 * within one frame cost one markdown render, not one each. While nobody types,
 * a batch that comes after a frame without one is drawn in the render it arrives in; otherwise
 * the render happens inside the next frame callback (flushSync), so the text shown is never
 * more than a frame old, or two when a keystroke needs the frame (typing-first.ts).
 */
function useFrameValue<T>(value: T, throttle: boolean, budget: ParseBudget): T {
  const [shown, setShown] = useState(value);
  // Adjusting state while rendering (React's documented pattern): this render shows it.
  const now = throttle && shown !== value && budget.wait() === 0 && drawStreamingNow();
  if (now) setShown(value);
  const current = now ? value : shown;
  useEffect(() => {
    if (!throttle || current === value) return;
    const draw = () => frameAfterTyping(() => flushSync(() => setShown(value)));
    const wait = budget.wait();
    if (wait === 0) return draw();
    // A costly live chunk: its next parse waits its turn (parse-budget.ts), then a frame.
    let cancel: (() => void) | undefined;
    const timer = setTimeout(() => (cancel = draw()), wait);
    return () => {
      clearTimeout(timer);
      cancel?.();
    };
  }, [value, throttle, current, budget]);
  return throttle ? current : value;
}
