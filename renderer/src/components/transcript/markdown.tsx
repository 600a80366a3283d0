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
import { createContext, memo, useContext, useEffect, useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { fenceOnly, splitGrowing, type SplitState } from '../../lib/transcript/markdown-chunks';
import { safeLanguage, safeLink } from '../../lib/safe-url';
import { frameAfterTyping } from '../../lib/typing-first';
import { hasInvisible, hiddenInUrl, makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';
import { CodeBlock } from './code-block';
import { cachedMarkdown, rememberMarkdown, requestMarkdown } from './markdown-queue';
import { warmUpOnce } from './warm-up';

export { CopyButton } from './copy-button';

type HastNode = NonNullable<ExtraProps['node']>;
type HastChild = HastNode['children'][number];

function textOf(node: HastNode | HastChild): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((c) => textOf(c as HastChild)).join('');
  return '';
}

/** Where this markdown lives, so an expanded code block stays expanded after a remount. */
const ChunkKey = createContext<string | undefined>(undefined);
/** This chunk is still being written: its code is highlighted once it is complete, not on every delta. */
const LiveChunk = createContext(false);

function FencedCode({ node }: { node: HastNode | undefined }) {
  const prefix = useContext(ChunkKey);
  const live = useContext(LiveChunk);
  const code = node?.children.find((c): c is HastNode => c.type === 'element' && c.tagName === 'code');
  const classes = code?.properties.className;
  const lang = safeLanguage(Array.isArray(classes) ? classes.join(' ') : typeof classes === 'string' ? classes : undefined);
  const text = (code ? textOf(code) : node ? textOf(node) : '').replace(/\n$/, '');
  const at = node?.position?.start.offset;
  return <CodeBlock code={text} lang={lang?.toLowerCase()} disclosure={prefix && at !== undefined ? `${prefix}@${at}` : undefined} plain={live} />;
}

/** A link's words: as written, unless they hide characters, then its plain text with markers. */
function linkText(node: HastNode | undefined, children: ReactNode): ReactNode {
  const text = node ? textOf(node) : '';
  return hasInvisible(text) ? <VisibleText text={text} /> : children;
}

/** Beside a link whose target hides characters: the target as read, with its markers. */
function LinkTarget({ url }: { url: string }) {
  return (
    <span className="link-target">
      {' '}
      (<VisibleText text={url} />)
    </span>
  );
}

const components: Components = {
  a: ({ href, children, title, node }) => {
    const safe = safeLink(href);
    const shown = linkText(node, children);
    if (!safe) return <span className="md-link-text">{shown}</span>;
    // A target that hides characters says so beside the link, marked.
    const hidden = hiddenInUrl(safe);
    return (
      <>
        <a href={safe} target="_blank" rel="noopener noreferrer" title={makeVisible(title ?? safe)}>
          {shown}
        </a>
        {hidden && <LinkTarget url={hidden} />}
      </>
    );
  },
  // Never load a remote image (it would reveal the reader and may track them): show a link instead.
  img: ({ src, alt }) => {
    const safe = safeLink(typeof src === 'string' ? src : undefined);
    const label = <VisibleText text={`Image: ${alt || 'untitled'}`} />;
    return safe ? (
      <a className="md-image" href={safe} target="_blank" rel="noopener noreferrer" title={safe}>
        {label}
      </a>
    ) : (
      <span className="md-image">{label}</span>
    );
  },
  pre: ({ node }) => <FencedCode node={node} />,
  // Inline code names a file or a command: marked like a code block.
  code: ({ children }) => <code className="md-code">{typeof children === 'string' ? <VisibleText text={children} /> : children}</code>,
  table: ({ children }) => (
    <div className="md-table-wrap">
      <table>{children}</table>
    </div>
  ),
  input: ({ checked, type }) =>
    type === 'checkbox' ? <span className={`md-check${checked ? ' is-checked' : ''}`} role="img" aria-label={checked ? 'done' : 'not done'} /> : null,
};

const plugins = [remarkGfm];

// ---- rendered chunks ---------------------------------------------------------------------------

// The synchronous Markdown is a plain function of its props (no hooks), so its element tree can
// be kept and handed to React again.
const parse = (text: string): ReactElement => Markdown({ children: text, remarkPlugins: plugins, components });

function FenceChunk({ code, lang }: { code: string; lang?: string }) {
  const prefix = useContext(ChunkKey);
  const live = useContext(LiveChunk);
  return <CodeBlock code={code} lang={lang?.toLowerCase()} disclosure={prefix ? `${prefix}@0` : undefined} plain={live} />;
}

/** Warm the parser while the window is idle (its first run costs several times a later one). */
export function warmUpMarkdown(): void {
  warmUpOnce(parse);
}

const MarkdownChunk = memo(function MarkdownChunk({ text, keep, eager }: { text: string; keep: boolean; eager: boolean }) {
  const fence = useMemo(() => fenceOnly(text), [text]);
  const [, setReady] = useState(0);
  const cached = fence ? undefined : cachedMarkdown(text);
  // Even a short chunk costs a parser set-up: only live text is parsed on the spot.
  const now = !fence && !cached && eager;
  useEffect(() => {
    if (fence || cached || now) return;
    return requestMarkdown(text, parse, () => setReady((n) => n + 1));
  }, [text, fence, cached, now]);
  if (fence) {
    return (
      <div className="md-chunk">
        <FenceChunk code={fence.code} lang={fence.lang} />
      </div>
    );
  }
  let el = cached;
  if (!el && now) {
    el = parse(text);
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
  const shown = useFrameValue(text, streaming);
  return <MarkdownBody text={shown} streaming={streaming} cacheKey={cacheKey} />;
});

const MarkdownBody = memo(function MarkdownBody({ text, streaming, cacheKey }: { text: string; streaming: boolean; cacheKey?: string }) {
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
      <Chunk text={split.last} index={split.settled.length} cacheKey={cacheKey} live={streaming} eager={streaming} />
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

function Chunk({ text, index, cacheKey, live, eager }: { text: string; index: number; cacheKey?: string; live: boolean; eager: boolean }) {
  return (
    <ChunkKey.Provider value={cacheKey ? `${cacheKey}#${index}` : undefined}>
      {/* A streaming reply's last chunk is still changing: not worth a cache entry. */}
      <LiveChunk.Provider value={live}>
        <MarkdownChunk text={text} keep={!live} eager={eager} />
      </LiveChunk.Provider>
    </ChunkKey.Provider>
  );
}

/**
 * While a block streams, follow `value` at most once per animation frame: several batches of
 * deltas arriving within one frame cost one markdown render, not one each. The render happens
 * inside the frame callback (flushSync), so the text shown is never more than a frame old, or
 * two when a keystroke needs the frame (typing-first.ts).
 */
function useFrameValue<T>(value: T, throttle: boolean): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (!throttle) return;
    return frameAfterTyping(() => flushSync(() => setShown(value)));
  }, [value, throttle]);
  return throttle ? shown : value;
}
