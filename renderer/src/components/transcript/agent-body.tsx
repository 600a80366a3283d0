// An Agent/Task card: the subagent's own messages nested under it (by parent_tool_use_id),
// live while it runs, with its prompt, progress and final answer.
import { useMemo } from 'react';
import { taskEndNote } from '../../../../shared/tasks';
import type { TaskView } from '../../../../shared/transcript';
import { formatDuration, formatTokens } from '../../lib/format';
import { agentInfo } from '../../lib/tools/tool-results';
import { preview } from '../../lib/tools/terminal-text';
import { useClide } from '../../store/store';
import { disclosureKey, useDisclosure } from './disclosure';
import { MarkdownText } from './markdown';
import { VisibleText } from '../common/visible-text';
import type { BodyProps } from './card-types';
import { formatCount } from '../../lib/count';

/** A long-running subagent shows its latest messages; earlier ones on request. */
const RECENT_CHILDREN = 40;
const NO_CHILDREN: number[] = [];

/** The positions of the subagent's messages in the session's items. */
function useChildren(sessionId: string, toolId: string): number[] {
  return useClide((s) => s.sessions[sessionId]?.children?.[toolId] ?? NO_CHILDREN);
}

function progress(task: TaskView | undefined, info: ReturnType<typeof agentInfo>, now: boolean): string {
  const note = task && taskEndNote(task);
  const parts: string[] = note ? [note] : [];
  const uses = task?.usage?.toolUses ?? info.toolUses;
  const tokens = task?.usage?.totalTokens ?? info.totalTokens;
  const ms = task?.usage?.durationMs ?? info.durationMs;
  if (uses !== undefined) parts.push(`${uses} ${uses === 1 ? 'tool use' : 'tool uses'}`);
  if (tokens) parts.push(`${formatTokens(tokens)} tokens`);
  if (ms) parts.push(formatDuration(ms));
  if (now && task?.lastToolName) parts.push(`now: ${task.lastToolName}`);
  return parts.join(' · ');
}

export function AgentPeek(p: BodyProps) {
  const r = p.state.result;
  const info = useMemo(() => agentInfo(p.tool.input, r?.structured), [p.tool.input, r]);
  const children = useChildren(p.sessionId, p.tool.id);
  const answer = info.answer ?? (p.task?.endedAt ? p.task.summary : undefined);
  const short = useMemo(() => (answer ? preview(answer, 4, 600) : undefined), [answer]);
  const line = progress(p.task, info, p.phase === 'running');
  return (
    <div className="agent-peek">
      <div className="tool-description">
        {line ? <VisibleText text={line} /> : children.length ? `${children.length} ${children.length === 1 ? 'message' : 'messages'}` : ''}
      </div>
      {r?.isError ? (
        <pre className="tool-preview is-error">
          <VisibleText text={r.content} />
        </pre>
      ) : (
        short?.text && (
          <div className="agent-answer-peek" data-find-part={`tool:${p.tool.id}:output`}>
            <MarkdownText text={short.text + (short.hiddenLines > 0 || short.truncatedChars > 0 ? ' …' : '')} />
          </div>
        )
      )}
    </div>
  );
}

export function AgentBody(p: BodyProps) {
  const r = p.state.result;
  const info = useMemo(() => agentInfo(p.tool.input, r?.structured), [p.tool.input, r]);
  const children = useChildren(p.sessionId, p.tool.id);
  const [promptOpen, setPromptOpen] = useDisclosure(disclosureKey(p.sessionId, `tool:${p.tool.id}:prompt`));
  const [all, setAll] = useDisclosure(disclosureKey(p.sessionId, `tool:${p.tool.id}:all`));
  const hidden = all ? 0 : Math.max(0, children.length - RECENT_CHILDREN);
  const shown = hidden ? children.slice(hidden) : children;
  const answer = info.answer ?? (p.task?.endedAt ? p.task.summary : undefined);
  const line = progress(p.task, info, p.phase === 'running');
  const Row = p.row;

  return (
    <div className="agent-body">
      {info.prompt && (
        <div className="agent-prompt">
          <button type="button" className="disclosure-toggle" aria-expanded={promptOpen} onClick={() => setPromptOpen(!promptOpen)}>
            <span className="chevron" aria-hidden="true" />
            <span>Prompt</span>
          </button>
          {promptOpen && (
            <pre className="context-body" data-find-part={`tool:${p.tool.id}:input`}>
              <VisibleText text={info.prompt} />
            </pre>
          )}
        </div>
      )}
      {line && (
        <div className="tool-description">
          <VisibleText text={line} />
        </div>
      )}
      {children.length > 0 && (
        <div className="agent-children" role="group" aria-label="Subagent messages">
          {hidden > 0 && (
            <button type="button" className="agent-earlier" onClick={() => setAll(true)}>
              Show {formatCount(hidden)} earlier {hidden === 1 ? 'message' : 'messages'}
            </button>
          )}
          {shown.map((pos, i) => (
            <Row key={pos} sessionId={p.sessionId} pos={pos} prevPos={i > 0 ? shown[i - 1] : undefined} nested />
          ))}
        </div>
      )}
      {r?.isError && (
        <pre className="tool-io is-error">
          <VisibleText text={r.content} />
        </pre>
      )}
      {!r?.isError && answer && (
        <div className="agent-answer" data-find-part={`tool:${p.tool.id}:output`}>
          <div className="tool-section-label">Result</div>
          <MarkdownText text={answer} cacheKey={disclosureKey(p.sessionId, `tool:${p.tool.id}:answer`)} />
        </div>
      )}
    </div>
  );
}
