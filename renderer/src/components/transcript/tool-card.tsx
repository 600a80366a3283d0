// One card per tool call, joined with its result, its permission outcome and the background
// task it started. The head says what it is in one line; the body depends on the tool (see
// tool-bodies.tsx). Open/closed state lives in the disclosure store so it survives the card
// scrolling out of the virtualised list and back.
import { memo, useMemo } from 'react';
import { taskOf, type BlockView, type TaskView, type ToolState } from '../../../../shared/transcript';
import { toolHead, type CardKind } from '../../lib/tools/tool-head';
import { useClide } from '../../store/store';
import { isTurnRunning } from '../../store/selectors';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';
import { useFindMark } from '../find/find-store';
import { disclosureKey, expandsTo, useDisclosure } from './disclosure';
import { ToolBody, ToolPeek } from './tool-bodies';
import { ToolApp } from '../mcp-app/tool-app';
import type { Phase, RowComponent } from './card-types';

const phaseLabel: Record<Phase, string> = {
  preparing: 'Preparing…',
  waiting: 'Waiting for you',
  running: 'Running…',
  done: 'Done',
  error: 'Error',
  stopped: 'No result',
};

const permissionLabel = { allowed: 'Allowed', denied: 'Denied', cancelled: 'Cancelled', withdrawn: 'Not answered' } as const;

const NO_STATE: ToolState = {};
const RUNNING_TASK = new Set(['pending', 'running', 'paused']);

export interface ToolCardProps {
  sessionId: string;
  block: BlockView;
  row: RowComponent;
}

export function usePhase(sessionId: string, block: BlockView, state: ToolState, task: TaskView | undefined): Phase {
  const id = block.tool?.id ?? '';
  const awaiting = useClide((s) => s.sessions[sessionId]?.pending.some((p) => p.toolUseId === id) ?? false);
  const running = useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? isTurnRunning(v) : false;
  });
  // A background task (an async subagent, a backgrounded command) outlives its tool result.
  if (task && !task.endedAt && RUNNING_TASK.has(task.status ?? 'running') && running) return 'running';
  // Refused: the outcome badge says so; its error result is the refusal, not a failure.
  if (state.result?.isError && (state.denial || state.permission === 'denied')) return 'stopped';
  if (state.result) return state.result.isError ? 'error' : 'done';
  if (awaiting) return 'waiting';
  if (block.streaming) return 'preparing';
  if (state.denial || state.permission === 'denied' || state.permission === 'cancelled' || state.permission === 'withdrawn') return 'stopped';
  return running ? 'running' : 'stopped';
}

/** Cards whose content is the point (a checklist, a live subagent) start open. */
function defaultOpen(kind: CardKind, phase: Phase): boolean {
  if (kind === 'todo') return true;
  if (kind === 'agent') return phase === 'running' || phase === 'preparing' || phase === 'waiting';
  return false;
}

export const ToolCard = memo(function ToolCard({ sessionId, block, row }: ToolCardProps) {
  const fallbackName = block.label ?? 'tool';
  const tool = useMemo(() => block.tool ?? { id: '', name: fallbackName, input: {} }, [block.tool, fallbackName]);
  // What became of the call lives on the call itself (shared/transcript.ts).
  const state: ToolState = block.tool ?? NO_STATE;
  const task = useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? taskOf(v, tool.id) : undefined;
  });
  const phase = usePhase(sessionId, block, state, task);
  const streamingInput = block.streaming ? block.text : undefined;
  const head = useMemo(() => toolHead(tool, state, streamingInput), [tool, state, streamingInput]);
  const key = disclosureKey(sessionId, `tool:${tool.id}`);
  const [open, setOpen] = useDisclosure(key, defaultOpen(head.kind, phase));
  const marked = useFindMark(key) && !open;
  const outcome = state.permission ? permissionLabel[state.permission] : state.denial ? 'Denied' : undefined;
  const outcomeClass = state.permission ?? (state.denial ? 'denied' : undefined);
  const denialText = state.permissionMessage ?? state.denial?.message;
  const label = makeVisible(head.server ? `${head.server} · ${head.title}` : head.title);
  // A team message this call sent has its own card, which says the same and shows delivery.
  if (state.teamCard) return null;

  return (
    // A group, not a region: a session holds hundreds of tool cards, and regions are landmarks.
    <div
      role="group"
      className="tool-card"
      aria-label={`Tool: ${label}`}
      data-kind={head.kind}
      data-phase={phase}
      data-outcome={outcomeClass}
      data-find-mark={marked || undefined}
    >
      <button
        type="button"
        className="tool-head"
        aria-expanded={open}
        aria-description={open ? undefined : expandsTo.tool[head.kind]}
        onClick={() => setOpen(!open)}
        data-find-part={`tool:${tool.id}:head`}
      >
        <span className="chevron" aria-hidden="true" />
        {head.server && (
          <span className="tool-server">
            <VisibleText text={head.server} />
          </span>
        )}
        <span className="tool-name">
          <VisibleText text={head.title} />
        </span>
        {head.summary && (
          <span className={`tool-summary is-${head.summaryKind}`} title={makeVisible(head.summary)}>
            <VisibleText text={head.summary} />
            {head.more && <span className="tool-more"> …</span>}
          </span>
        )}
        <span className="tool-spacer" />
        {head.meta.map((m) => (
          <span key={m.text} className={`tool-meta tone-${m.tone}`}>
            <VisibleText text={m.text} />
          </span>
        ))}
        {marked && <span className="find-mark-badge">match</span>}
        {outcome && <span className={`badge badge-${outcomeClass}`}>{outcome}</span>}
        {!(outcome && phase === 'stopped') && (
          <span className={`tool-phase phase-${phase}`}>
            <span className="phase-dot" aria-hidden="true" />
            {phaseLabel[phase]}
          </span>
        )}
      </button>
      {denialText && (
        <div className="tool-outcome-message">
          <VisibleText text={denialText} />
        </div>
      )}
      {open ? (
        <ToolBody sessionId={sessionId} kind={head.kind} tool={tool} state={state} task={task} streamingInput={streamingInput} phase={phase} row={row} />
      ) : (
        <ToolPeek sessionId={sessionId} kind={head.kind} tool={tool} state={state} task={task} phase={phase} onOpen={() => setOpen(true)} row={row} />
      )}
      {/* An MCP tool's own UI (MCP Apps): shown open or closed, since it is the tool's view. */}
      {head.server && <ToolApp sessionId={sessionId} tool={tool} state={state} />}
    </div>
  );
});
