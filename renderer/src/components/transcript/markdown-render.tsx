// The markdown formatter proper: react-markdown with GFM and clide's components, loaded as a
// part of its own (markdown-queue.ts), so the first screen does not wait for it. Model output is
// untrusted: see markdown.tsx for what is allowed and why.
import { useContext, type ReactElement, type ReactNode } from 'react';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeLanguage, safeLink } from '../../lib/safe-url';
import { hasInvisible, hiddenInUrl, makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';
import { CodeBlock } from './code-block';
import { ChunkKey, LiveChunk } from './markdown-context';

type HastNode = NonNullable<ExtraProps['node']>;
type HastChild = HastNode['children'][number];

function textOf(node: HastNode | HastChild): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((c) => textOf(c as HastChild)).join('');
  return '';
}

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

// The synchronous Markdown is a plain function of its props (no hooks), so its element tree can
// be kept and handed to React again.
export const parse = (text: string): ReactElement => Markdown({ children: text, remarkPlugins: plugins, components });
