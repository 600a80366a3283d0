// A tool call waiting for the person, inline at the end of the transcript. Focus moves here
// when it appears so the keyboard can reach it, but that automatic focus is not consent:
// Enter allows and Esc denies only after the person chose the prompt themselves (clicked it,
// or moved focus onto it). A stray Enter meant for the composer never allows anything, and
// nothing but a person answers a prompt: there is no timeout.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PermissionDecision } from '../../../../shared/ipc';
import type { PermissionRequest } from '../../../../shared/events';
import type { AppError } from '../../../../shared/result';
import { useActions } from '../../actions-context';
import { shownByWindow } from '../../app-actions';
import { focusComposer } from '../../lib/focus';
import { useSessionField } from '../../store/hooks';
import { VisibleText } from '../common/visible-text';
import { FullInput, WhatWillHappen } from './prompt-details';

export function PermissionPrompt({ sessionId }: { sessionId: string }) {
  const request = useSessionField(sessionId, (v) => v.pending[0], undefined);
  const count = useSessionField(sessionId, (v) => v.pending.length, 0);
  const requestId = request?.requestId;
  useEffect(() => {
    // The prompt closed (answered, withdrawn) and took focus with it: give it back to the composer.
    if (requestId === undefined && (document.activeElement === document.body || document.activeElement === null)) focusComposer();
  }, [requestId]);
  if (!request) return null;
  return <PromptCard key={request.requestId} sessionId={sessionId} request={request} count={count} />;
}

interface PromptCardProps {
  sessionId: string;
  request: PermissionRequest;
  count: number;
}

function PromptCard({ sessionId, request, count }: PromptCardProps) {
  const actions = useActions();
  const root = useRef<HTMLDivElement>(null);
  const allowButton = useRef<HTMLButtonElement>(null);
  const [armed, setArmed] = useState(false);
  const [nudged, setNudged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const [reason, setReason] = useState('');
  const titleId = useId();
  const descId = useId();

  useEffect(() => {
    root.current?.focus();
  }, []);

  const answer = async (decision: PermissionDecision) => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    const r = await actions.respond(sessionId, request.requestId, decision);
    if (!r.ok) {
      setBusy(false);
      setError(r.error);
    }
  };
  const allow = () => void answer({ behavior: 'allow' });
  const deny = () => {
    const message = reason.trim();
    void answer(message ? { behavior: 'deny', message } : { behavior: 'deny' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement;
    const inField = target instanceof HTMLInputElement;
    if (e.key === 'Escape') {
      e.preventDefault();
      if (armed || inField) deny();
      else setNudged(true);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      if (inField) {
        e.preventDefault();
        deny();
        return;
      }
      // A focused button or disclosure answers Enter itself: it was reached on purpose.
      if (target !== root.current) return;
      e.preventDefault();
      if (armed) allow();
      else setNudged(true);
      return;
    }
    if (e.key === 'Tab' && !e.shiftKey && target === root.current) {
      // "Press Tab to choose": straight to the answer buttons, past the input details.
      e.preventDefault();
      allowButton.current?.focus();
      return;
    }
    if (!armed && target === root.current && e.key.length === 1) {
      // Typing meant for the composer: hand focus back so the keystroke lands there.
      focusComposer();
    }
  };

  const description = request.description ?? request.title;
  const toolDescription = typeof request.input.description === 'string' ? request.input.description : undefined;

  return (
    <div
      ref={root}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={descId}
      className="prompt"
      data-armed={armed || undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onPointerDown={() => setArmed(true)}
      onFocus={(e) => {
        // Focus on a control inside (Tab, click) is deliberate; the automatic focus on the card
        // itself, or the window regaining focus, is not.
        if (e.target !== root.current) setArmed(true);
      }}
    >
      <div className="prompt-head">
        <span className="prompt-icon" aria-hidden="true">
          ?
        </span>
        <h2 id={titleId} className="prompt-title">
          Allow {request.displayName}?
        </h2>
        {request.mcpServer && <span className="chip">MCP · {request.mcpServer}</span>}
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
        <button ref={allowButton} type="button" className="btn btn-primary" disabled={busy} onClick={allow}>
          Allow
          {armed && (
            <kbd aria-hidden="true" className="key-hint">
              ⏎
            </kbd>
          )}
        </button>
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
      <div className={`prompt-hint${nudged && !armed ? ' is-nudged' : ''}`}>
        {armed ? 'Enter allows · Esc denies' : 'Press Tab to choose an answer, or click a button. Nothing is allowed without you.'}
      </div>
      {error && !shownByWindow(error) && (
        <div className="prompt-error">
          {error.message}
          {error.hint ? ` ${error.hint}` : ''}
        </div>
      )}
    </div>
  );
}
