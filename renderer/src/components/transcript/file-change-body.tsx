// Edit, MultiEdit and Write: a real diff (the CLI's patch, or one computed from the strings
// while the call is pending), or for a new file its content.
import { useMemo } from 'react';
import { countDiffLines } from '../../lib/tools/line-diff';
import { fileChange, languageForPath } from '../../lib/tools/tool-results';
import { VisibleText } from '../common/visible-text';
import { CodeBlock } from './code-block';
import { disclosureKey } from './disclosure';
import { DiffView } from './diff-view';
import { OutputText } from './output-text';
import type { BodyProps } from './card-types';

/** Lines of a diff shown while the card is closed. */
const PEEK_DIFF_LINES = 20;

function useChange(p: BodyProps) {
  const r = p.state.result;
  return useMemo(() => fileChange(p.tool.name, p.tool.input, r && !r.isError ? r.structured : undefined), [p.tool.name, p.tool.input, r]);
}

export function FileChangePeek(p: BodyProps) {
  const change = useChange(p);
  const r = p.state.result;
  if (p.streamingInput !== undefined) return null;
  if (r?.isError) return <OutputText text={r.content} isError findPart={`tool:${p.tool.id}:output`} />;
  if (p.kind === 'write' && change.created) {
    return <ContentPreview sessionId={p.sessionId} id={p.tool.id} path={change.filePath} content={change.content ?? ''} />;
  }
  return (
    <div className="tool-diff">
      <DiffView hunks={change.hunks} numbered={change.numbered} limit={PEEK_DIFF_LINES} onShowAll={p.onOpen} findPart={`tool:${p.tool.id}:input`} />
    </div>
  );
}

export function FileChangeBody(p: BodyProps) {
  const change = useChange(p);
  const r = p.state.result;
  return (
    <div className="tool-details">
      {change.filePath && (
        <div className="tool-path">
          <VisibleText text={change.filePath} />
          {change.userModified && <span className="muted"> · edited by you before it was applied</span>}
        </div>
      )}
      {r?.isError && <OutputText text={r.content} isError findPart={`tool:${p.tool.id}:output`} />}
      {p.streamingInput !== undefined ? (
        <pre className="tool-io tool-input">
          <VisibleText text={p.streamingInput} />
        </pre>
      ) : p.kind === 'write' && change.created ? (
        <ContentPreview sessionId={p.sessionId} id={p.tool.id} path={change.filePath} content={change.content ?? ''} full />
      ) : (
        <div className="tool-diff">
          <DiffView hunks={change.hunks} numbered={change.numbered} findPart={`tool:${p.tool.id}:input`} />
        </div>
      )}
      {!r?.isError && countDiffLines(change.hunks) === 0 && p.kind === 'edit' && <div className="muted">No changes.</div>}
    </div>
  );
}

function ContentPreview({ sessionId, id, path, content, full }: { sessionId: string; id: string; path?: string; content: string; full?: boolean }) {
  return (
    <div className="tool-content" data-find-part={`tool:${id}:input`}>
      <CodeBlock
        code={content}
        lang={languageForPath(path)}
        title={path ? path.split(/[\\/]/).pop() : undefined}
        disclosure={disclosureKey(sessionId, `tool:${id}:content${full ? ':full' : ''}`)}
      />
    </div>
  );
}
