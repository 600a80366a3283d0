// Claude asks the person something (AskUserQuestion): every question with its header, each
// option with its description, single or multiple choice, and "Other" for an answer in the
// person's own words. Submit sends the answers; "Skip" tells Claude the person declined.
import { useId, useState, type KeyboardEvent } from 'react';
import { VisibleText } from '../common/visible-text';
import { PromptError, useAnswer, type CardProps } from '../permission/card-parts';
import { SubagentChip } from '../permission/subagent-chip';
import { inTextField, usePromptFocus } from '../permission/use-prompt-focus';
import { buildAnswers, DECLINED_MESSAGE, parseQuestions, type Pick, type Question } from './answers';
import '../../styles/answering.css';
import { makeVisible } from '../../../../shared/visible-chars';

export function QuestionCard({ sessionId, request, count }: CardProps) {
  const focus = usePromptFocus();
  const questions = parseQuestions(request.input);
  const [picks, setPicks] = useState<Array<Pick | undefined>>(() => questions.map(() => undefined));
  const [tried, setTried] = useState(false);
  const { busy, error, answer } = useAnswer(sessionId, request.requestId);
  const titleId = useId();
  const built = buildAnswers(questions, picks);
  const complete = 'answers' in built;

  const setPick = (i: number, pick: Pick) => setPicks((p) => p.map((v, j) => (j === i ? pick : v)));
  const submit = () => {
    setTried(true);
    if (!('answers' in built)) {
      focus.root.current?.querySelectorAll('fieldset')[built.missing]?.querySelector('input')?.focus();
      return;
    }
    void answer({ behavior: 'allow', updatedInput: { ...request.input, answers: built.answers } });
  };
  const decline = () => void answer({ behavior: 'deny', message: DECLINED_MESSAGE });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    if (focus.passThrough(e)) return;
    const target = e.target as HTMLElement;
    if (e.key === 'Escape') {
      e.preventDefault();
      if (focus.armed) decline();
      else focus.nudge();
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !(target instanceof HTMLButtonElement) && !(target instanceof HTMLTextAreaElement)) {
      e.preventDefault();
      if (focus.armed) submit();
      else focus.nudge();
    }
  };

  const title = questions.length === 1 ? 'Claude has a question' : `Claude has ${questions.length} questions`;
  return (
    <div {...focus.rootProps} role="dialog" aria-modal="false" aria-labelledby={titleId} className="prompt prompt-question" onKeyDown={onKeyDown}>
      <div className="prompt-head">
        <span className="prompt-icon prompt-icon-question" aria-hidden="true">
          ?
        </span>
        <h2 id={titleId} className="prompt-title">
          {title}
        </h2>
        <SubagentChip sessionId={sessionId} parentToolUseId={request.parentToolUseId} />
        {count > 1 && <span className="chip prompt-count">1 of {count}</span>}
      </div>
      <div className="prompt-body question-list">
        {questions.map((q, i) => (
          <QuestionField
            key={i}
            q={q}
            pick={picks[i]}
            disabled={busy}
            missing={tried && !complete && 'missing' in built && built.missing === i}
            onPick={(p) => setPick(i, p)}
          />
        ))}
      </div>
      <div className="prompt-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={submit}>
          Submit
          {focus.armed && (
            <kbd aria-hidden="true" className="key-hint">
              ⏎
            </kbd>
          )}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={decline}>
          Skip
          {focus.armed && (
            <kbd aria-hidden="true" className="key-hint">
              Esc
            </kbd>
          )}
        </button>
      </div>
      <div className={`prompt-hint${focus.nudged && !focus.armed ? ' is-nudged' : ''}`}>
        {focus.armed
          ? 'Enter submits · Esc skips (Claude is told you declined to answer)'
          : 'Press Tab to answer, or click an option. Nothing is sent without you.'}
      </div>
      <PromptError error={error} />
    </div>
  );
}

interface FieldProps {
  q: Question;
  pick: Pick | undefined;
  disabled: boolean;
  missing: boolean;
  onPick(p: Pick): void;
}

function QuestionField({ q, pick, disabled, missing, onPick }: FieldProps) {
  const name = useId();
  const labels = pick?.labels ?? [];
  const otherChosen = pick?.other !== undefined;
  const type = q.multiSelect ? 'checkbox' : 'radio';
  const choose = (label: string, on: boolean) => {
    if (!q.multiSelect) return onPick({ labels: [label] });
    const next = on ? [...labels, label] : labels.filter((l) => l !== label);
    onPick({ labels: next, other: pick?.other });
  };
  const chooseOther = (on: boolean, text = pick?.other ?? '') => {
    if (!q.multiSelect) return onPick({ labels: [], other: text });
    onPick({ labels, other: on ? text : undefined });
  };
  return (
    <fieldset className="question" data-missing={missing || undefined} aria-describedby={missing ? `${name}-missing` : undefined}>
      <legend>
        {q.header && <span className="chip question-header">{q.header}</span>}
        <span className="question-text">
          <VisibleText text={q.question} />
        </span>
        <span className="question-kind">{q.multiSelect ? 'Choose any' : 'Choose one'}</span>
      </legend>
      <div className="question-options">
        {q.options.map((o, j) => (
          <label key={j} className="question-option">
            <input type={type} name={name} checked={labels.includes(o.label)} disabled={disabled} onChange={(e) => choose(o.label, e.target.checked)} />
            <span className="qo-text">
              <span className="qo-label">
                <VisibleText text={o.label} />
              </span>
              {o.description && (
                <span className="qo-desc">
                  <VisibleText text={o.description} />
                </span>
              )}
            </span>
          </label>
        ))}
        <label className="question-option question-other">
          <input type={type} name={name} checked={otherChosen} disabled={disabled} onChange={(e) => chooseOther(e.target.checked)} aria-label="Other" />
          <span className="qo-text">
            <span className="qo-label">Other</span>
            <input
              type="text"
              className="prompt-why question-other-text"
              aria-label={makeVisible(`Your own answer to: ${q.question}`)}
              placeholder="Your own answer…"
              value={pick?.other ?? ''}
              disabled={disabled}
              maxLength={10_000}
              onChange={(e) => chooseOther(true, e.target.value)}
              onKeyDown={(e) => {
                // Typing here must never reach the card's shortcuts except Enter/Esc.
                if (inTextField(e) && e.key !== 'Enter' && e.key !== 'Escape') e.stopPropagation();
              }}
            />
          </span>
        </label>
      </div>
      {missing && (
        <div id={`${name}-missing`} className="question-missing" role="alert">
          Choose an answer here first.
        </div>
      )}
    </fieldset>
  );
}
