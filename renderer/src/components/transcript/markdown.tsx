// Assistant text as markdown, with model output treated as untrusted: no raw HTML (react-markdown
// turns it into plain text without rehype-raw), links only to http(s)/mailto, no remote images,
// code fence languages sanitised.
import { memo, useMemo, useState, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { splitMarkdown } from '../../lib/markdown-chunks';
import { safeLanguage, safeLink } from '../../lib/safe-url';

type HastNode = NonNullable<ExtraProps['node']>;
type HastChild = HastNode['children'][number];

function textOf(node: HastNode | HastChild): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((c) => textOf(c as HastChild)).join('');
  return '';
}

function CodeBlock({ node }: { node: HastNode | undefined }) {
  const code = node?.children.find((c): c is HastNode => c.type === 'element' && c.tagName === 'code');
  const classes = code?.properties.className;
  const lang = safeLanguage(Array.isArray(classes) ? classes.join(' ') : typeof classes === 'string' ? classes : undefined);
  const text = (code ? textOf(code) : node ? textOf(node) : '').replace(/\n$/, '');
  return (
    <div className="code-block">
      <div className="code-block-bar">
        <span className="code-lang">{lang ?? 'text'}</span>
        <CopyButton text={text} />
      </div>
      <pre>
        <code>{text}</code>
      </pre>
    </div>
  );
}

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <button type="button" className="copy-button" onClick={copy} onBlur={() => setState('idle')}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </button>
  );
}

const components: Components = {
  a: ({ href, children, title }) => {
    const safe = safeLink(href);
    if (!safe) return <span className="md-link-text">{children}</span>;
    return (
      <a href={safe} target="_blank" rel="noopener noreferrer" title={title ?? safe}>
        {children}
      </a>
    );
  },
  // Never load a remote image (it would reveal the reader and may track them): show a link instead.
  img: ({ src, alt }) => {
    const safe = safeLink(typeof src === 'string' ? src : undefined);
    const label = `Image: ${alt || 'untitled'}`;
    return safe ? (
      <a className="md-image" href={safe} target="_blank" rel="noopener noreferrer" title={safe}>
        {label}
      </a>
    ) : (
      <span className="md-image">{label}</span>
    );
  },
  pre: ({ node }) => <CodeBlock node={node} />,
  code: ({ children }) => <code className="md-code">{children}</code>,
  table: ({ children }) => (
    <div className="md-table-wrap">
      <table>{children}</table>
    </div>
  ),
};

const plugins = [remarkGfm];

const MarkdownChunk = memo(function MarkdownChunk({ text }: { text: string }) {
  return (
    <div className="md-chunk">
      <Markdown remarkPlugins={plugins} components={components}>
        {text}
      </Markdown>
    </div>
  );
});

/** Markdown split into chunks so a streaming reply re-renders only its last chunk. */
export const MarkdownText = memo(function MarkdownText({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const chunks = useMemo(() => splitMarkdown(text), [text]);
  let body: ReactNode = chunks.map((c, i) => <MarkdownChunk key={i} text={c} />);
  if (chunks.length === 0) body = null;
  return <div className={`md${streaming ? ' md-streaming' : ''}`}>{body}</div>;
});
