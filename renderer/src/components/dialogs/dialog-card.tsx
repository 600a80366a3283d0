// A dialog Claude Code asks clide to show (request_user_dialog), inline like a prompt. Today
// the one kind clide declares: the model's safeguards stopped a reply, and Claude Code offers
// to send the message again to the fallback model, or to stop so the person can change it.
// Esc closes it without a choice, which lets Claude Code take its default.
import { useId, type KeyboardEvent } from 'react';
import type { DialogAnswer, UserDialog } from '../../../../shared/dialogs';
import { safeLink } from '../../lib/safe-url';
import { modelDisplayName } from '../../lib/model-name';
import { useSessionField } from '../../store/hooks';
import { VisibleText } from '../common/visible-text';
import { answering } from '../composer/api-calls';
import { PromptError, useSend, type CardProps } from '../permission/card-parts';
import { usePromptFocus } from '../permission/use-prompt-focus';

export function DialogCard({ sessionId, request, count }: CardProps) {
  const dialog = request.dialog!;
  const focus = usePromptFocus();
  const { busy, error, answer } = useSend((a: DialogAnswer) => answering.answerPrompt(sessionId, request.requestId, { dialog: a }));
  const models = useSessionField(sessionId, (v) => v.info.models, undefined);
  const titleId = useId();
  const descId = useId();
  const choose = (choice: string) => void answer({ answer: 'choice', choice });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      if (focus.armed) void answer({ answer: 'cancel' });
      else focus.nudge();
      return;
    }
    focus.passThrough(e);
  };

  return (
    <div
      {...focus.rootProps}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descId}
      className="prompt prompt-dialog"
      onKeyDown={onKeyDown}
    >
      <div className="prompt-head">
        <span className="prompt-icon" aria-hidden="true">
          !
        </span>
        <h2 id={titleId} className="prompt-title">
          {title(dialog, models)}
        </h2>
        {dialog.category && <span className="chip">{dialog.category}</span>}
        {count > 1 && <span className="chip prompt-count">1 of {count}</span>}
      </div>
      <div id={descId} className="prompt-desc">
        <Body dialog={dialog} models={models} />
      </div>
      <div className="prompt-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => choose('retry')}>
          Retry with {name(dialog.fallbackModel, models)}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => choose('edit')}>
          Stop and edit my message
        </button>
      </div>
      <div className={`prompt-hint${focus.nudged && !focus.armed ? ' is-nudged' : ''}`}>
        {focus.armed ? 'Esc closes it and lets Claude Code decide' : 'Press Tab to choose an answer, or click a button.'}
      </div>
      <PromptError error={error} />
    </div>
  );
}

type Models = Parameters<typeof modelDisplayName>[1];

function name(model: string, models: Models): string {
  return modelDisplayName(model, models) ?? model;
}

function title(dialog: UserDialog, models: Models): string {
  return `${name(dialog.originalModel, models)} would not answer this`;
}

function Body({ dialog, models }: { dialog: UserDialog; models: Models }) {
  const more = safeLink(dialog.learnMoreUrl);
  return (
    <>
      <p>
        The model’s safeguards stopped its reply. Claude Code can send your message again to {name(dialog.fallbackModel, models)}, or stop here so you can
        change the message.
      </p>
      {dialog.guidance && (
        <p>
          <VisibleText text={dialog.guidance} />
        </p>
      )}
      {dialog.notice && (
        <p className="muted">
          <VisibleText text={dialog.notice} />{' '}
          {more && (
            <a href={more} target="_blank" rel="noopener noreferrer">
              Learn more
            </a>
          )}
        </p>
      )}
    </>
  );
}
