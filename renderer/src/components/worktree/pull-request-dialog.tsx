// "Create pull request": a title and description (Claude can draft both), then the branch is
// pushed and the pull request opened against the base with the GitHub CLI; its address comes back.
import { useEffect, useId, useRef, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import { getApi } from '../../api';
import { guarded } from '../../lib/guarded';
import { safeLink } from '../../lib/safe-url';
import { useSessionField } from '../../store/hooks';
import { HiddenCharsNote, VisibleText } from '../common/visible-text';
import { askClaude, prPrompt, titleAndBody, type DraftRequest } from '../changes/claude-draft';
import { Modal } from '../common/modal';
import { ErrorText } from './error-text';

/** "clide/fix-login-2" -> "Fix login": a first title to edit. */
export function titleFromBranch(branch: string): string {
  const words = branch
    .replace(/^clide\//, '')
    .replace(/-\d+$/, '')
    .replace(/[-_/]+/g, ' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : branch;
}

export function PullRequestDialog({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const titleId = useId();
  const info = useSessionField(sessionId, (v) => v.worktree?.info, undefined);
  const live = useSessionField(sessionId, (v) => v.status !== 'ended' && v.status !== 'failed', false);
  const [title, setTitle] = useState(() => (info ? titleFromBranch(info.branch) : ''));
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const [url, setUrl] = useState<string | undefined>();
  const [drafting, setDrafting] = useState<DraftRequest | undefined>();
  const pending = useRef<DraftRequest | undefined>(undefined);
  useEffect(() => () => pending.current?.cancel(), []);
  if (!info) return null;

  const create = async () => {
    setBusy(true);
    setError(undefined);
    const r = await guarded(() => getApi().worktree.createPr({ id: sessionId, title: title.trim(), body }));
    setBusy(false);
    if (r.ok) setUrl(r.value.url);
    else setError(r.error);
  };
  const draft = async () => {
    setError(undefined);
    const r = await askClaude(sessionId, prPrompt(info.branch, info.base));
    if (!r.ok) return setError(r.error);
    pending.current = r.value;
    setDrafting(r.value);
    const text = await r.value.reply;
    pending.current = undefined;
    setDrafting(undefined);
    if (!text) return setError({ kind: 'internal', message: 'Claude did not reply with a draft.' });
    const d = titleAndBody(text);
    if (d.title) setTitle(d.title);
    setBody(d.body);
  };
  const link = url ? safeLink(url) : undefined;

  return (
    <Modal labelledBy={titleId} onClose={onClose} className="wt-dialog">
      <h2 id={titleId} className="modal-title">
        Pull request: <VisibleText text={info.branch} /> → <VisibleText text={info.base} />
      </h2>
      {url ? (
        <>
          <p className="wt-ok" role="status">
            The pull request is open:{' '}
            {link ? (
              <a href={link} target="_blank" rel="noopener noreferrer">
                <VisibleText text={url} />
              </a>
            ) : (
              <VisibleText text={url} />
            )}
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (title.trim() && !busy) void create();
          }}
        >
          <p className="wt-lead muted">The branch is pushed to its remote, then the pull request is opened with the GitHub CLI.</p>
          <label className="field">
            <span className="field-label">Title</span>
            <input className="text-input" value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} />
            <HiddenCharsNote text={title} />
          </label>
          <label className="field">
            <span className="field-label">Description</span>
            <textarea
              className="text-input wt-body"
              rows={8}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              placeholder="What changed and why (Markdown)"
            />
            <HiddenCharsNote text={body} />
          </label>
          {live && (
            <button type="button" className="link-button" disabled={drafting !== undefined} onClick={() => void draft()}>
              {drafting ? 'Claude is writing…' : 'Draft with Claude'}
            </button>
          )}
          {error && <ErrorText error={error} />}
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || !title.trim()}>
              {busy ? 'Pushing…' : 'Push and open the pull request'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
