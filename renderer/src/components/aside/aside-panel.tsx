// Ask aside: a small panel beside one tab's transcript for questions about the session while
// Claude works (the terminal's /btw). Each question is answered by a separate call that sees
// the conversation but cannot use tools; the running turn goes on, and neither the question nor
// the answer enters the conversation. Questions and answers are listed in order, each with how
// far it has got (sent, being answered, the API being retried).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_ASIDE_CHARS, type Aside } from '../../../../shared/aside';
import type { AppError } from '../../../../shared/result';
import { formatClock } from '../../lib/format';
import { focusComposer } from '../../lib/focus';
import { useSessionField } from '../../store/hooks';
import { VisibleText } from '../common/visible-text';
import { answering } from '../composer/api-calls';
import { MarkdownText } from '../transcript/markdown';
import { keyLabel } from '../../lib/shortcuts';
import { askAside, closeAside, openAside } from './aside-actions';
import { stateText } from './aside-words';
import { useAside } from './aside-store';
import './aside.css';

const NO_ASIDES: Aside[] = [];

export function AsidePanel({ sessionId }: { sessionId: string }) {
  const open = useAside((s) => s.open[sessionId] === true);
  return open ? <Panel sessionId={sessionId} /> : null;
}

function Panel({ sessionId }: { sessionId: string }) {
  const titleId = useId();
  const asides = useSessionField(sessionId, (v) => v.asides ?? NO_ASIDES, NO_ASIDES);
  const list = useRef<HTMLOListElement>(null);
  const last = asides.at(-1);

  // The newest question and its answer stay in view as they come in.
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [asides.length, last?.state, last?.answer]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    e.preventDefault();
    closeAside(sessionId);
    focusComposer();
  };

  return (
    <aside className="aside-panel" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <header className="aside-head">
        <h2 id={titleId}>Ask aside</h2>
        <button
          type="button"
          className="icon-button aside-close"
          aria-label="Close the Ask aside panel"
          title="Close (Esc)"
          onClick={() => {
            closeAside(sessionId);
            focusComposer();
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <p className="aside-about muted">
        Claude answers from the conversation so far, without using tools, and keeps working meanwhile. Nothing here is added to the conversation.
      </p>
      {asides.length === 0 ? (
        <p className="aside-empty muted">Ask what Claude is doing, why it chose something, or what a file it read says.</p>
      ) : (
        <ol className="aside-list" ref={list} aria-label="Side questions">
          {asides.map((a) => (
            <AsideItem key={a.id} sessionId={sessionId} aside={a} />
          ))}
        </ol>
      )}
      <AskBox sessionId={sessionId} />
    </aside>
  );
}

function AsideItem({ sessionId, aside }: { sessionId: string; aside: Aside }) {
  const [error, setError] = useState<AppError | undefined>();
  const waiting = aside.state === 'asking' || aside.state === 'thinking' || aside.state === 'retrying';
  const cancel = async () => {
    const r = await answering.cancelAside(sessionId, aside.id);
    setError(r.ok ? undefined : r.error);
  };
  return (
    <li className={`aside-item is-${aside.state}`} aria-label={`Side question: ${aside.question.slice(0, 80)}`} aria-busy={waiting || undefined}>
      <div className="aside-q">
        <span className="aside-who">You</span> <span className="aside-time muted">{formatClock(aside.askedAt)}</span>
        <p>
          <VisibleText text={aside.question} />
        </p>
      </div>
      <div className="aside-a" role={aside.state === 'failed' ? 'alert' : undefined}>
        {aside.state === 'answered' && aside.answer !== undefined ? (
          aside.synthetic ? (
            <p className="aside-own">
              <span className="aside-who">Claude Code</span> <VisibleText text={aside.answer} />
            </p>
          ) : (
            <>
              <span className="aside-who">Claude</span>
              <MarkdownText text={aside.answer} cacheKey={`${sessionId}|aside:${aside.id}`} />
            </>
          )
        ) : (
          <p className="aside-state">
            {waiting && <span className="aside-spinner" aria-hidden="true" />}
            {stateText(aside)}
          </p>
        )}
        {(waiting || aside.state === 'failed') && (
          <div className="aside-actions">
            {waiting ? (
              <button type="button" className="link-button" onClick={() => void cancel()}>
                Cancel
              </button>
            ) : (
              <button type="button" className="link-button" onClick={() => void askAside(sessionId, aside.question).then(setError)}>
                Ask again
              </button>
            )}
          </div>
        )}
        {error && <p className="aside-error">{error.message}</p>}
      </div>
    </li>
  );
}

function AskBox({ sessionId }: { sessionId: string }) {
  const draft = useAside((s) => s.drafts[sessionId] ?? '');
  const setDraft = useAside((s) => s.setDraft);
  const focusTick = useAside((s) => s.focusTick[sessionId] ?? 0);
  const [error, setError] = useState<AppError | undefined>();
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const tooLong = draft.trim().length > MAX_ASIDE_CHARS;

  // Opening the panel (or asking for it again while open) puts the cursor here.
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
  }, [focusTick]);

  const ask = async () => {
    if (!draft.trim() || busy || tooLong) return;
    setBusy(true);
    setError(await askAside(sessionId, draft));
    setBusy(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      void ask();
    }
  };

  return (
    <form
      className="aside-form"
      onSubmit={(e) => {
        e.preventDefault();
        void ask();
      }}
    >
      <textarea
        ref={box}
        className="aside-input"
        aria-label="Ask aside"
        placeholder="Ask about this session… (Enter to ask)"
        rows={2}
        value={draft}
        onChange={(e) => setDraft(sessionId, e.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="aside-form-row">
        {(error || tooLong) && (
          <p className="aside-error" role="alert">
            {tooLong
              ? `A side question may have ${MAX_ASIDE_CHARS.toLocaleString('en')} characters; this one has ${draft.trim().length.toLocaleString('en')}.`
              : error?.message}
            {!tooLong && error?.hint ? ` ${error.hint}` : ''}
          </p>
        )}
        <span className="aside-spacer" />
        <button type="submit" className="btn btn-small btn-primary" disabled={!draft.trim() || busy || tooLong}>
          Ask
        </button>
      </div>
    </form>
  );
}

/** The toolbar under the message box: "Ask aside" opens the panel (and says how many answers are there). */
export function AsideButton({ sessionId }: { sessionId: string }) {
  const open = useAside((s) => s.open[sessionId] === true);
  const waiting = useSessionField(
    sessionId,
    (v) => (v.asides ?? NO_ASIDES).filter((a) => a.state === 'asking' || a.state === 'thinking' || a.state === 'retrying').length,
    0,
  );
  return (
    <button
      type="button"
      className="pick-trigger ctl-aside"
      aria-pressed={open}
      title={`Ask a question about the session without interrupting it (${keyLabel('/', { shift: true })}, or /btw in the message box)`}
      onClick={() => (open ? closeAside(sessionId) : openAside(sessionId))}
    >
      Ask aside{waiting > 0 && <span className="aside-count"> · {waiting} waiting</span>}
    </button>
  );
}
