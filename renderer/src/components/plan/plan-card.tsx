// Claude finished planning and asks to start working (ExitPlanMode). The plan is shown as
// written; "Approve" lets Claude start, in the mode the person picks (sent as a setMode
// permission update with the allow, so no edit can slip in before the mode changes);
// "Keep planning" is a deny that carries what Claude should change.
import { useId, useState, type KeyboardEvent } from 'react';
import { permissionModeLabel } from '../../lib/format';
import { VisibleText } from '../common/visible-text';
import { PromptError, useAnswer, type CardProps } from '../permission/card-parts';
import { SubagentChip } from '../permission/subagent-chip';
import { usePromptFocus } from '../permission/use-prompt-focus';
import { MarkdownText } from '../transcript/markdown';
import '../../styles/answering.css';

/** The modes a plan can be carried out in; the first is what "Approve" picks by default. */
export const planModes = [
  { mode: 'acceptEdits', label: 'Accept edits', hint: 'Claude edits files without asking; commands still ask.' },
  { mode: 'default', label: 'Default mode', hint: 'Claude asks before each edit and command.' },
] as const;

export const KEEP_PLANNING = 'The user wants to keep planning and has not approved the plan. Do not start implementing yet.';

export function keepPlanningMessage(feedback: string): string {
  const f = feedback.trim();
  return f ? `${KEEP_PLANNING} What to change:\n${f}` : KEEP_PLANNING;
}

export function PlanCard({ sessionId, request, count }: CardProps) {
  const focus = usePromptFocus();
  const { busy, error, answer } = useAnswer(sessionId, request.requestId);
  const [mode, setMode] = useState<string>(planModes[0].mode);
  const [feedback, setFeedback] = useState('');
  const titleId = useId();
  const modeId = useId();
  const plan = typeof request.input.plan === 'string' ? request.input.plan : undefined;
  const file = typeof request.input.planFilePath === 'string' ? request.input.planFilePath : undefined;

  const approve = () => void answer({ behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode, destination: 'session' }] });
  const keepPlanning = () => void answer({ behavior: 'deny', message: keepPlanningMessage(feedback) });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (focus.passThrough(e)) return;
    const target = e.target as HTMLElement;
    if (e.key === 'Escape' && !(target instanceof HTMLTextAreaElement)) {
      // Esc never approves and never sends a half-written note: it only points at the choices.
      e.preventDefault();
      focus.nudge();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && target === focus.root.current) {
      e.preventDefault();
      if (focus.armed && !request.defaultToNo) approve();
      else focus.nudge();
    }
  };

  return (
    <div {...focus.rootProps} role="dialog" aria-modal="false" aria-labelledby={titleId} className="prompt prompt-plan-card" onKeyDown={onKeyDown}>
      <div className="prompt-head">
        <span className="prompt-icon prompt-icon-plan" aria-hidden="true">
          ✓
        </span>
        <h2 id={titleId} className="prompt-title">
          Approve Claude’s plan?
        </h2>
        <SubagentChip sessionId={sessionId} parentToolUseId={request.parentToolUseId} />
        {count > 1 && <span className="chip prompt-count">1 of {count}</span>}
      </div>
      <div className="prompt-desc">
        <p>Claude has finished planning and wants to start working.</p>
        {file && (
          <p className="muted plan-file">
            Saved as <code>{<VisibleText text={file} />}</code>
          </p>
        )}
      </div>
      <div className="prompt-body">
        {plan ? (
          <div className="prompt-plan plan-text" aria-label="The plan">
            <MarkdownText text={plan} />
          </div>
        ) : (
          <p className="muted">Claude did not write a plan down; it describes it in the conversation above.</p>
        )}
      </div>
      <div className="prompt-actions plan-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={approve}>
          Approve
          {focus.armed && !request.defaultToNo && (
            <kbd aria-hidden="true" className="key-hint">
              ⏎
            </kbd>
          )}
        </button>
        <label className="plan-mode" htmlFor={modeId}>
          and continue in
        </label>
        <select id={modeId} value={mode} disabled={busy} onChange={(e) => setMode(e.target.value)}>
          {planModes.map((m) => (
            <option key={m.mode} value={m.mode} title={m.hint}>
              {m.label}
            </option>
          ))}
        </select>
        <span className="muted plan-mode-hint">{planModes.find((m) => m.mode === mode)?.hint}</span>
      </div>
      <div className="prompt-actions plan-feedback">
        <textarea
          className="prompt-why plan-feedback-text"
          aria-label="What should Claude change?"
          placeholder="What should Claude change? (optional, sent with Keep planning)"
          rows={2}
          value={feedback}
          disabled={busy}
          maxLength={20_000}
          onChange={(e) => setFeedback(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              keepPlanning();
            }
          }}
        />
        <button type="button" className="btn" disabled={busy} onClick={keepPlanning}>
          Keep planning
        </button>
      </div>
      <div className={`prompt-hint${focus.nudged && !focus.armed ? ' is-nudged' : ''}`}>
        {focus.armed
          ? `Enter approves and continues in ${permissionModeLabel(mode)} · Keep planning sends your note to Claude`
          : 'Press Tab to choose, or click a button. Nothing is approved without you.'}
      </div>
      <PromptError error={error} />
    </div>
  );
}
