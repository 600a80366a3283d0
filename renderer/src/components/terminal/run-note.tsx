// What the terminal panel says about Run: a committed .clide/run to allow before it runs, shown
// exactly as it is (it comes from the repository, not from the person; allowed once per content,
// the core checks the nonce), or why Run did not start (no run command, a remote session).
import { useEffect, useId, useRef, useState } from 'react';
import { VisibleText } from '../common/visible-text';
import { allowRun, dismissRunNote } from './terminal-actions';
import type { RunNote } from './terminal-store';

export function RunNoteView({ sessionId, note }: { sessionId: string; note: RunNote }) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const asking = 'ask' in note;
  useEffect(() => {
    // Keys go to the question: Run it is one Tab away, never the default.
    if (asking) cancel.current?.focus();
  }, [asking]);

  if ('error' in note) {
    return (
      <div className="terminal-run-note" role="alert">
        <p>
          {note.error.message}
          {note.error.hint ? ` ${note.error.hint}` : ''}
        </p>
        <button type="button" className="btn btn-small" onClick={() => dismissRunNote(sessionId)}>
          Dismiss
        </button>
      </div>
    );
  }
  const { file, content, hash } = note.ask;
  return (
    <div className="terminal-run-note" role="alertdialog" aria-labelledby={titleId}>
      <p id={titleId}>
        <strong>Run this repository’s run file?</strong>
      </p>
      <p>
        The repository has a committed{' '}
        <span className="mono">
          <VisibleText text={file} />
        </span>
        . It comes from the repository, not from you: it would run as you, in this session’s folder. This is exactly what it runs:
      </p>
      <pre className="terminal-run-file mono" aria-label="The run file" tabIndex={0}>
        <VisibleText text={content} />
      </pre>
      <p className="muted">Your answer is remembered for this content; a changed file asks again.</p>
      <div className="terminal-run-actions">
        <button ref={cancel} type="button" className="btn btn-small" disabled={busy} onClick={() => dismissRunNote(sessionId)}>
          Not now
        </button>
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void allowRun(sessionId, hash).finally(() => setBusy(false));
          }}
        >
          Run it
        </button>
      </div>
    </div>
  );
}
