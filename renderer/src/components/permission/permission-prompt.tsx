// A tool call waiting for the person, inline at the end of the transcript. Prompts queue in the
// order the CLI asked; the first is shown with "1 of N". Claude's questions (AskUserQuestion)
// and plan approvals (ExitPlanMode) arrive the same way and get their own cards, as do an MCP
// server's requests for input and the dialogs Claude Code asks.
//
// Focus moves here when a prompt appears so the keyboard can reach it, but that automatic focus
// is not consent: Enter allows, A always allows and Esc denies only after the person chose the
// prompt themselves (use-prompt-focus.ts). A stray Enter meant for the composer never allows
// anything, and nothing but a person answers a prompt: there is no timeout.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { VisibleText } from '../common/visible-text';
import { DialogCard } from '../dialogs/dialog-card';
import { ElicitationCard } from '../elicitation/elicitation-card';
import { PlanCard } from '../plan/plan-card';
import { parseQuestions } from '../question/answers';
import { QuestionCard } from '../question/question-card';
import { AlwaysAllow, useAlwaysAllow } from './always-allow';
import { PromptError, useAnswer, type CardProps } from './card-parts';
import { FullInput, WhatWillHappen } from './prompt-details';
import { SubagentChip } from './subagent-chip';
import { usePromptFocus } from './use-prompt-focus';

/** The card for the first waiting prompt (pending-prompt.tsx decides whether there is one). */
export function PromptFor(props: CardProps) {
  const { request } = props;
  // Not tool calls: an MCP server's request for input, a dialog Claude Code asks.
  if (request.elicitation) return <ElicitationCard {...props} />;
  if (request.dialog) return <DialogCard {...props} />;
  // Questions the card cannot read fall back to the plain prompt, which shows the input whole.
  if (request.toolName === 'AskUserQuestion' && parseQuestions(request.input).length > 0) return <QuestionCard {...props} />;
  if (request.toolName === 'ExitPlanMode') return <PlanCard {...props} />;
  return <PromptCard {...props} />;
}

function PromptCard({ sessionId, request, count }: CardProps) {
  const focus = usePromptFocus();
  const allowButton = useRef<HTMLButtonElement>(null);
  const { busy, error, answer } = useAnswer(sessionId, request.requestId);
  const [reason, setReason] = useState('');
  const always = useAlwaysAllow(request);
  const titleId = useId();
  const descId = useId();
  const { armed } = focus;
  // An ask marked "default to no" is never answered Allow by a key on the card itself.
  const enterAllows = armed && !request.defaultToNo;

  const allow = () => void answer({ behavior: 'allow' });
  const alwaysAllow = () => {
    const updatedPermissions = always.chosen();
    if (updatedPermissions.length === 0) return;
    void answer({ behavior: 'allow', updatedPermissions });
  };
  const deny = () => {
    const message = reason.trim();
    void answer(message ? { behavior: 'deny', message } : { behavior: 'deny' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement;
    const inReason = target instanceof HTMLInputElement && target.type === 'text';
    const inControl = inReason || target instanceof HTMLSelectElement;
    if (e.key === 'Escape') {
      e.preventDefault();
      if (armed || inReason) deny();
      else focus.nudge();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      if (inReason) {
        e.preventDefault();
        deny();
        return;
      }
      // A focused button, disclosure or field answers Enter itself: it was reached on purpose.
      if (target !== focus.root.current) return;
      e.preventDefault();
      if (enterAllows) allow();
      else focus.nudge();
      return;
    }
    if (e.key === 'Tab' && !e.shiftKey && target === focus.root.current) {
      // "Press Tab to choose": straight to the answer buttons, past the input details.
      e.preventDefault();
      allowButton.current?.focus();
      return;
    }
    if ((e.key === 'a' || e.key === 'A') && armed && !inControl && always.offered) {
      e.preventDefault();
      alwaysAllow();
      return;
    }
    focus.passThrough(e);
  };

  const description = request.description ?? request.title;
  const toolDescription = typeof request.input.description === 'string' ? request.input.description : undefined;

  return (
    <div {...focus.rootProps} role="dialog" aria-modal="false" aria-labelledby={titleId} aria-describedby={descId} className="prompt" onKeyDown={onKeyDown}>
      <div className="prompt-head">
        <span className="prompt-icon" aria-hidden="true">
          ?
        </span>
        <h2 id={titleId} className="prompt-title">
          Allow <VisibleText text={request.displayName} />?
        </h2>
        <SubagentChip sessionId={sessionId} parentToolUseId={request.parentToolUseId} />
        {request.mcpServer && (
          <span className="chip">
            <span>
              MCP · <VisibleText text={request.mcpServer} />
            </span>
          </span>
        )}
        {count > 1 && <span className="chip prompt-count">1 of {count}</span>}
      </div>
      <div id={descId} className="prompt-desc">
        {description && (
          <p>
            <VisibleText text={description} />
          </p>
        )}
        {toolDescription && toolDescription !== description && (
          <p>
            <VisibleText text={toolDescription} />
          </p>
        )}
        {request.decisionReason && (
          <p className="prompt-reason">
            <span className="muted">Why you are asked: </span>
            <VisibleText text={request.decisionReason} />
          </p>
        )}
        {request.blockedPath && (
          <p className="prompt-reason">
            <span className="muted">Outside the allowed folders: </span>
            <code>
              <VisibleText text={request.blockedPath} />
            </code>
          </p>
        )}
      </div>
      <div className="prompt-body">
        <WhatWillHappen request={request} />
        <FullInput input={request.input} />
      </div>
      <div className="prompt-actions">
        <button ref={allowButton} type="button" className="btn btn-primary" disabled={busy} onClick={allow} data-prompt-start>
          Allow
          {enterAllows && (
            <kbd aria-hidden="true" className="key-hint">
              ⏎
            </kbd>
          )}
        </button>
        {always.offered && (
          <button type="button" className="btn" disabled={busy || !always.any} onClick={alwaysAllow} aria-describedby={always.panelId}>
            Always allow
            {armed && (
              <kbd aria-hidden="true" className="key-hint">
                A
              </kbd>
            )}
          </button>
        )}
        <button type="button" className="btn" disabled={busy} onClick={deny}>
          Deny
          {armed && (
            <kbd aria-hidden="true" className="key-hint">
              Esc
            </kbd>
          )}
        </button>
        <input
          className="prompt-why"
          type="text"
          aria-label="Tell Claude why"
          placeholder="Tell Claude why (optional, sent with Deny)"
          value={reason}
          disabled={busy}
          maxLength={10_000}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {always.offered && <AlwaysAllow state={always} disabled={busy} />}
      <div className={`prompt-hint${focus.nudged && !armed ? ' is-nudged' : ''}`}>
        {armed
          ? request.defaultToNo
            ? 'Choose Allow with the mouse or Tab, then Space · Esc denies'
            : `Enter allows${always.offered ? ' · A always allows' : ''} · Esc denies`
          : 'Press Tab to choose an answer, or click a button. Nothing is allowed without you.'}
      </div>
      <PromptError error={error} />
    </div>
  );
}
