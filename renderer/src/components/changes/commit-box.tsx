// Commit from the Changes panel: a message (Claude can draft it), then "Commit staged" or
// "Commit all". The repository's own hooks run; what they print is shown under the panel's
// header, a refusing hook's output with the reason.
import { useEffect, useRef, useState } from 'react';
import { HiddenCharsNote } from '../common/visible-text';
import { commit } from './changes-actions';
import { usePanel } from './changes-store';
import { askClaude, COMMIT_PROMPT, type DraftRequest } from './claude-draft';

export function CommitBox({ sessionId, canDraft }: { sessionId: string; canDraft: boolean }) {
  const files = usePanel(sessionId, (p) => p.changes?.files);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [drafting, setDrafting] = useState<DraftRequest | undefined>();
  const [note, setNote] = useState<string | undefined>();
  const pending = useRef<DraftRequest | undefined>(undefined);
  useEffect(() => () => pending.current?.cancel(), []);
  const staged = files?.filter((f) => f.staged).length ?? 0;
  const uncommitted = files?.filter((f) => f.staged || f.unstaged || f.untracked || f.kind === 'conflicted').length ?? 0;
  const ok = message.trim() !== '' && !busy;

  const run = async (all: boolean) => {
    setBusy(true);
    setNote(undefined);
    const r = await commit(sessionId, message.trim(), all);
    setBusy(false);
    if (r.ok) setMessage('');
  };

  const draft = async () => {
    setNote(undefined);
    const r = await askClaude(sessionId, COMMIT_PROMPT);
    if (!r.ok) return setNote(`Claude could not be asked: ${r.error.message}`);
    pending.current = r.value;
    setDrafting(r.value);
    const text = await r.value.reply;
    pending.current = undefined;
    setDrafting(undefined);
    if (text) setMessage(text);
    else setNote('Claude did not reply with a message.');
  };

  if (uncommitted === 0) return null;
  return (
    <form
      className="cc-commit"
      aria-label="Commit"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) void run(staged === 0);
      }}
    >
      <textarea
        className="text-input cc-message"
        aria-label="Commit message"
        placeholder="Commit message"
        rows={3}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && ok) {
            e.preventDefault();
            void run(staged === 0);
          }
        }}
      />
      <HiddenCharsNote text={message} />
      <div className="cc-commit-actions">
        {canDraft && (
          <button
            type="button"
            className="link-button"
            disabled={drafting !== undefined}
            onClick={() => void draft()}
            title="Ask this session to write the message"
          >
            {drafting ? 'Claude is writing…' : 'Draft with Claude'}
          </button>
        )}
        {drafting && (
          <button type="button" className="link-button" onClick={() => drafting.cancel()}>
            Stop waiting
          </button>
        )}
        <span className="cc-spacer" />
        {staged > 0 && (
          <button type="button" className="btn btn-small" disabled={!ok} onClick={() => void run(true)} title="Stage everything, then commit">
            Commit all
          </button>
        )}
        <button type="submit" className="btn btn-small btn-primary" disabled={!ok}>
          {busy ? 'Committing…' : staged > 0 ? `Commit ${staged} staged` : `Commit all ${uncommitted}`}
        </button>
      </div>
      {note && (
        <p className="cc-note" role="status">
          {note}
        </p>
      )}
    </form>
  );
}
