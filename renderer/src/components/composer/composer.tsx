// The message box. Enter sends, Shift+Enter adds a line; Esc stops a running turn. A message
// that fails to send comes back into the box with the reason, so nothing typed is lost.
import { useCallback, useState, type KeyboardEvent } from 'react';
import type { AppError } from '../../../../shared/result';
import { useActions } from '../../actions-context';
import { shownByWindow } from '../../app-actions';
import { registerComposer } from '../../lib/focus';
import { useSessionField } from '../../store/hooks';
import { canSend, isTurnRunning } from '../../store/selectors';
import { clideStore, useClide } from '../../store/store';

const PLACEHOLDER = 'Message Claude… (Enter to send, Shift+Enter for a new line)';

export function Composer({ sessionId }: { sessionId: string }) {
  const actions = useActions();
  const draft = useClide((s) => s.drafts[sessionId] ?? '');
  const setDraft = useClide((s) => s.setDraft);
  const status = useSessionField(sessionId, (v) => v.status, 'starting');
  const failure = useSessionField(sessionId, (v) => v.failure, undefined);
  const [error, setError] = useState<AppError | undefined>();
  const [stopping, setStopping] = useState(false);

  const running = isTurnRunning({ status });
  const open = canSend({ status });
  const ref = useCallback((el: HTMLTextAreaElement | null) => {
    registerComposer(el);
    el?.focus();
  }, []);

  const send = async () => {
    const text = draft;
    if (!text.trim() || !open) return;
    setError(undefined);
    setDraft(sessionId, '');
    const r = await actions.send(sessionId, text);
    if (!r.ok) {
      setError(r.error);
      // Put the text back unless the person already started a new one.
      if (!clideStore.getState().drafts[sessionId]) setDraft(sessionId, text);
    }
  };

  const stop = async () => {
    setStopping(true);
    const r = await actions.interrupt(sessionId);
    setStopping(false);
    if (!r.ok) setError(r.error);
  };

  const resume = async () => {
    setError(undefined);
    const r = await actions.restart(sessionId);
    if (!r.ok) setError(r.error);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing text uses Enter to pick a candidate, not to send.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      void send();
    } else if (e.key === 'Escape' && running) {
      e.preventDefault();
      void stop();
    }
  };

  return (
    <div className="composer-wrap">
      {!open && !(status === 'failed' && failure?.resumable) && (
        <div className="composer-closed">
          <span>
            {status === 'failed'
              ? `This session cannot continue${failure ? `: ${failure.error.message}` : '.'}`
              : 'This session has ended.'}
          </span>
          {status === 'ended' && (
            <button type="button" className="btn btn-small" onClick={() => void resume()}>
              Resume
            </button>
          )}
          {/* A resumable failure offers Resume in the banner above; never name two buttons alike. */}
          {status === 'failed' && (
            <button type="button" className="btn btn-small" onClick={() => void resume()}>
              Try again
            </button>
          )}
        </div>
      )}
      <form
        className="composer"
        data-disabled={!open || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <textarea
          ref={ref}
          className="composer-input"
          aria-label="Message Claude"
          placeholder={open ? PLACEHOLDER : status === 'failed' ? 'Resume the session to continue.' : 'This session has ended.'}
          rows={1}
          value={draft}
          disabled={!open}
          spellCheck
          onChange={(e) => {
            setDraft(sessionId, e.target.value);
            if (error) setError(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="composer-buttons">
          {running && (
            <button type="button" className="btn btn-stop" onClick={() => void stop()} disabled={stopping} title="Stop the running turn (Esc)">
              <span className="stop-square" aria-hidden="true" />
              Stop
            </button>
          )}
          <button type="submit" className="btn btn-send" aria-label="Send" title="Send (Enter)" disabled={!open || !draft.trim()}>
            <span aria-hidden="true">↑</span>
          </button>
        </div>
      </form>
      {error && !shownByWindow(error) && (
        <div className="composer-error" role="status">
          {error.message}
          {error.hint ? ` ${error.hint}` : ''}
        </div>
      )}
    </div>
  );
}
