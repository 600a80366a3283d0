import { memo, useMemo, useState } from 'react';
import type { BlockView, ToolState } from '../../../../shared/transcript';
import { preview, stripTerminal } from '../../lib/terminal-text';
import { firstLine, partialKeyField, prettyJson, summarizeToolInput } from '../../lib/tool-summary';
import { useClide } from '../../store/store';
import { isTurnRunning } from '../../store/selectors';
import { VisibleText } from '../common/visible-text';

const PREVIEW_LINES = 3;
/** Past this, the expanded output says how much it leaves out instead of freezing the window. */
const FULL_OUTPUT_CAP = 200_000;

type Phase = 'preparing' | 'waiting' | 'running' | 'done' | 'error' | 'stopped';

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

interface ToolCardProps {
  sessionId: string;
  block: BlockView;
}

export const ToolCard = memo(function ToolCard({ sessionId, block }: ToolCardProps) {
  const tool = block.tool ?? { id: '', name: block.label ?? 'tool', input: {} };
  const state = useClide((s) => s.sessions[sessionId]?.tools[tool.id] ?? NO_STATE);
  const awaiting = useClide((s) => s.sessions[sessionId]?.pending.some((p) => p.toolUseId === tool.id) ?? false);
  const running = useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? isTurnRunning(v) : false;
  });
  const [open, setOpen] = useState(false);

  const name = tool.displayName ?? tool.name;
  const summary = useMemo(() => {
    if (block.streaming) return { text: partialKeyField(block.text) ?? '', kind: 'text' as const };
    return summarizeToolInput(tool.name, tool.input);
  }, [block.streaming, block.text, tool.name, tool.input]);
  const { line, more } = firstLine(summary.text);

  let phase: Phase;
  if (state.result) phase = state.result.isError ? 'error' : 'done';
  else if (awaiting) phase = 'waiting';
  else if (block.streaming) phase = 'preparing';
  else if (state.permission === 'denied' || state.permission === 'cancelled' || state.permission === 'withdrawn') phase = 'stopped';
  else phase = running ? 'running' : 'stopped';

  const outcome = state.permission ? permissionLabel[state.permission] : undefined;
  const resultText = state.result?.content ?? '';
  const short = useMemo(() => (resultText ? preview(resultText, PREVIEW_LINES, 600) : undefined), [resultText]);
  // A denial's result repeats the deny message; show it once, as the outcome.
  const showPreview = short && short.text.trim() !== '' && state.permission !== 'denied';

  return (
    <section className="tool-card" aria-label={`Tool: ${name}`} data-phase={phase} data-outcome={state.permission}>
      <button type="button" className="tool-head" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <span className="chevron" aria-hidden="true" />
        <span className="tool-name">{name}</span>
        {line && (
          <span className={`tool-summary${summary.kind === 'json' ? ' is-json' : ''}`} title={summary.text}>
            <VisibleText text={line} />
            {more && <span className="tool-more"> …</span>}
          </span>
        )}
        <span className="tool-spacer" />
        {outcome && (
          <span className={`badge badge-${state.permission}`}>{outcome}</span>
        )}
        {!(outcome && phase === 'stopped') && (
          <span className={`tool-phase phase-${phase}`}>
            <span className="phase-dot" aria-hidden="true" />
            {phaseLabel[phase]}
          </span>
        )}
      </button>
      {state.permissionMessage && (
        <div className="tool-outcome-message">
          <VisibleText text={state.permissionMessage} />
        </div>
      )}
      {!open && showPreview && (
        <pre className={`tool-preview${state.result?.isError ? ' is-error' : ''}`}>
          {stripTerminal(short.text)}
          {(short.hiddenLines > 0 || short.truncatedChars > 0) && (
            <span className="tool-preview-more">
              {'\n'}
              {short.hiddenLines > 0 ? `… ${short.hiddenLines} more ${short.hiddenLines === 1 ? 'line' : 'lines'}` : '…'}
            </span>
          )}
        </pre>
      )}
      {open && <ToolDetails input={tool.input} streamingText={block.streaming ? block.text : undefined} result={state.result} />}
    </section>
  );
});

function ToolDetails({ input, streamingText, result }: { input: Record<string, unknown>; streamingText?: string; result: ToolState['result'] }) {
  const inputText = useMemo(() => streamingText ?? prettyJson(input), [input, streamingText]);
  const output = useMemo(() => {
    if (!result) return undefined;
    const capped = result.content.length > FULL_OUTPUT_CAP ? result.content.slice(0, FULL_OUTPUT_CAP) : result.content;
    return { text: stripTerminal(capped), cut: result.content.length - capped.length };
  }, [result]);
  return (
    <div className="tool-details">
      <div className="tool-section-label">Input</div>
      <pre className="tool-io">
        <VisibleText text={inputText} />
      </pre>
      {output && (
        <>
          <div className="tool-section-label">{result?.isError ? 'Error' : 'Output'}</div>
          <pre className={`tool-io${result?.isError ? ' is-error' : ''}`}>
            {output.text || <span className="muted">(no output)</span>}
          </pre>
          {output.cut > 0 && (
            <div className="tool-cut">
              {output.cut.toLocaleString()} more characters are not shown here ({(output.cut / 1024).toFixed(0)} KB).
            </div>
          )}
        </>
      )}
    </div>
  );
}
