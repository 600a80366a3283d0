// What a tool card shows below its head: a peek while closed (a few lines of output, the first
// lines of a diff, an error) and the full body when open. One pair per kind of card.
import { useMemo, type ReactNode } from 'react';
import { bashResult, fetchInfo, readInfo, searchInfo, webSearchHits } from '../../lib/tools/tool-results';
import { preview, stripTerminal } from '../../lib/tools/terminal-text';
import { prettyJson } from '../../lib/tools/tool-summary';
import { safeLink } from '../../lib/safe-url';
import { makeVisible } from '../../../../shared/visible-chars';
import { visibleNodes, VisibleText } from '../common/visible-text';
import { AgentBody, AgentPeek } from './agent-body';
import { FileChangeBody, FileChangePeek } from './file-change-body';
import { MarkdownText } from './markdown';
import { OutputText } from './output-text';
import { QuestionBody, QuestionPeek } from './question-body';
import { taskEndNote } from '../../../../shared/tasks';
import type { TaskView } from '../../../../shared/transcript';
import type { BodyProps } from './card-types';
import { TodoList } from './todo-list';
import { formatCount } from '../../lib/count';

const PEEK_LINES = 4;

/** A few lines of output under a closed card; errors always show. */
function OutputPeek({ text, isError, lines = PEEK_LINES, part }: { text: string; isError: boolean; lines?: number; part?: string }) {
  const short = useMemo(() => preview(text, lines, 800), [text, lines]);
  if (!short.text.trim()) return null;
  return (
    <pre className={`tool-preview${isError ? ' is-error' : ''}`} data-find-part={part}>
      {visibleNodes(stripTerminal(short.text))}
      {(short.hiddenLines > 0 || short.truncatedChars > 0) && (
        <span className="tool-preview-more">
          {'\n'}
          {short.hiddenLines > 0 ? `… ${formatCount(short.hiddenLines)} more ${short.hiddenLines === 1 ? 'line' : 'lines'}` : '…'}
        </span>
      )}
    </pre>
  );
}

export function ToolPeek(p: BodyProps) {
  const r = p.state.result;
  const outPart = `tool:${p.tool.id}:output`;
  // A denial's result repeats the deny message, which the card already shows as its outcome.
  if (r && (p.state.permission === 'denied' || p.state.denial) && r.isError) return null;
  switch (p.kind) {
    case 'bash':
      return <BashPeek {...p} />;
    case 'edit':
    case 'write':
      return <FileChangePeek {...p} />;
    case 'agent':
      return <AgentPeek {...p} />;
    case 'question':
      return <QuestionPeek {...p} />;
    case 'todo':
      return null;
    case 'read':
    case 'fetch':
    case 'websearch':
      return r?.isError ? <OutputPeek text={r.content} isError part={outPart} /> : null;
    case 'search': {
      if (!r) return null;
      const results = r.isError ? r.content : (searchInfo(p.tool.name, r.structured).results ?? r.content);
      return <OutputPeek text={results} isError={r.isError} lines={3} part={outPart} />;
    }
    default:
      return r ? <OutputPeek text={r.content} isError={r.isError} lines={3} part={outPart} /> : null;
  }
}

export function ToolBody(p: BodyProps) {
  switch (p.kind) {
    case 'bash':
      return <BashBody {...p} />;
    case 'edit':
    case 'write':
      return <FileChangeBody {...p} />;
    case 'todo':
      return <TodoList input={p.tool.input} part={`tool:${p.tool.id}:input`} />;
    case 'agent':
      return <AgentBody {...p} />;
    case 'question':
      return <QuestionBody {...p} />;
    case 'read':
      return <ReadBody {...p} />;
    case 'search':
      return <SearchBody {...p} />;
    case 'fetch':
      return <FetchBody {...p} />;
    case 'websearch':
      return <WebSearchBody {...p} />;
    default:
      return <GenericBody {...p} />;
  }
}

/** A line the model wrote about the call ("List the files", a fetch prompt). */
function Description({ text }: { text: string }) {
  return (
    <div className="tool-description">
      <VisibleText text={text} />
    </div>
  );
}

function Section({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <div className="tool-section-label">{label}</div>
      {children}
    </>
  );
}

function ResultSection({ p, label = 'Output' }: { p: BodyProps; label?: string }) {
  const r = p.state.result;
  if (!r) return null;
  return (
    <Section label={r.isError ? 'Error' : label}>
      <OutputText text={r.content} isError={r.isError} findPart={`tool:${p.tool.id}:output`} />
    </Section>
  );
}

// ---- Bash -----------------------------------------------------------------------------------

function useBash(p: BodyProps) {
  const r = p.state.result;
  return useMemo(() => (r ? bashResult(r.content, r.isError, r.structured) : undefined), [r]);
}

function BashPeek(p: BodyProps) {
  const b = useBash(p);
  const description = typeof p.tool.input.description === 'string' ? p.tool.input.description : undefined;
  const r = p.state.result;
  // No copy of a 4 MB stdout just to peek at its first lines.
  const out = !b ? '' : !b.stderr ? b.stdout : b.stdout ? `${b.stdout}\n${b.stderr}` : b.stderr;
  return (
    <>
      {description && <Description text={description} />}
      {b?.backgroundTaskId && <TaskLine task={p.task} />}
      {r && out && <OutputPeek text={out} isError={r.isError} part={`tool:${p.tool.id}:output`} />}
    </>
  );
}

function TaskLine({ task }: { task: TaskView | undefined }) {
  if (!task) return <div className="tool-description">Running in the background.</div>;
  const note = taskEndNote(task);
  if (note) return <div className="tool-description">Background task · {note}</div>;
  const state = task.endedAt ? (task.status ?? 'ended') : 'running';
  return (
    <div className="tool-description">
      Background task · {state}
      {task.summary && task.endedAt ? visibleNodes(` · ${task.summary}`) : ''}
    </div>
  );
}

function BashBody(p: BodyProps) {
  const b = useBash(p);
  const command = typeof p.tool.input.command === 'string' ? p.tool.input.command : (p.streamingInput ?? prettyJson(p.tool.input));
  const description = typeof p.tool.input.description === 'string' ? p.tool.input.description : undefined;
  const r = p.state.result;
  return (
    <div className="tool-details">
      {description && <Description text={description} />}
      <pre className="tool-command" data-find-part={`tool:${p.tool.id}:input`}>
        <span className="prompt-sign" aria-hidden="true">
          ${' '}
        </span>
        <VisibleText text={command} />
      </pre>
      {b?.backgroundTaskId && <TaskLine task={p.task} />}
      {r && b && (
        <>
          {(b.stdout || !b.stderr) && (
            <Section label="Output">
              <OutputText text={b.stdout} isError={r.isError && !b.stderr} findPart={`tool:${p.tool.id}:output`} />
            </Section>
          )}
          {b.stderr && (
            <Section label="Standard error">
              <OutputText text={b.stderr} isError={r.isError} findPart={`tool:${p.tool.id}:stderr`} />
            </Section>
          )}
          {b.interpretation && <Description text={b.interpretation} />}
        </>
      )}
    </div>
  );
}

// ---- Read, Grep/Glob, WebFetch, WebSearch, anything else --------------------------------------

function ReadBody(p: BodyProps) {
  const info = readInfo(p.tool.input, p.state.result?.structured);
  return (
    <div className="tool-details">
      <div className="tool-path" data-find-part={`tool:${p.tool.id}:input`}>
        <VisibleText text={info.filePath ?? prettyJson(p.tool.input)} />
      </div>
      <ResultSection p={p} label="Content" />
    </div>
  );
}

function SearchBody(p: BodyProps) {
  const r = p.state.result;
  const info = r && !r.isError ? searchInfo(p.tool.name, r.structured) : undefined;
  return (
    <div className="tool-details">
      <pre className="tool-io tool-input" data-find-part={`tool:${p.tool.id}:input`}>
        <VisibleText text={prettyJson(p.tool.input)} />
      </pre>
      {r && (
        <Section label={r.isError ? 'Error' : 'Results'}>
          <OutputText text={info?.results ?? r.content} isError={r.isError} findPart={`tool:${p.tool.id}:output`} />
          {info?.truncated && <div className="tool-cut">Only the first results are listed.</div>}
        </Section>
      )}
    </div>
  );
}

function LinkLine({ url }: { url: string }) {
  const safe = safeLink(url);
  return safe ? (
    <a href={safe} target="_blank" rel="noopener noreferrer" title={makeVisible(safe)} className="tool-link">
      <VisibleText text={url} />
    </a>
  ) : (
    <span className="tool-link">
      <VisibleText text={url} />
    </span>
  );
}

function FetchBody(p: BodyProps) {
  const r = p.state.result;
  const f = fetchInfo(p.tool.input, r?.structured);
  return (
    <div className="tool-details">
      <div data-find-part={`tool:${p.tool.id}:input`}>
        {f.url && <LinkLine url={f.url} />}
        {f.prompt && <Description text={f.prompt} />}
      </div>
      {r && !r.isError && f.result !== undefined ? (
        <Section label="Result">
          <div className="tool-markdown" data-find-part={`tool:${p.tool.id}:output`}>
            <MarkdownText text={f.result} />
          </div>
        </Section>
      ) : (
        <ResultSection p={p} label="Result" />
      )}
    </div>
  );
}

function WebSearchBody(p: BodyProps) {
  const r = p.state.result;
  const hits = r ? webSearchHits(r.structured) : undefined;
  return (
    <div className="tool-details">
      {hits && hits.length > 0 ? (
        <ol className="search-hits" data-find-part={`tool:${p.tool.id}:output`}>
          {hits.map((h, i) => (
            <li key={i}>
              <span className="search-hit-title">
                <VisibleText text={h.title} />
              </span>
              <LinkLine url={h.url} />
            </li>
          ))}
        </ol>
      ) : (
        <ResultSection p={p} label="Results" />
      )}
    </div>
  );
}

function GenericBody(p: BodyProps) {
  const inputText = useMemo(() => p.streamingInput ?? prettyJson(p.tool.input), [p.streamingInput, p.tool.input]);
  return (
    <div className="tool-details">
      <Section label="Input">
        <pre className="tool-io tool-input" data-find-part={`tool:${p.tool.id}:input`}>
          <VisibleText text={inputText} />
        </pre>
      </Section>
      <ResultSection p={p} />
    </div>
  );
}
