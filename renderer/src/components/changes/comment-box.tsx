// A review comment under the lines it is about: written in place (Ctrl/Cmd+Enter adds it, Esc
// cancels), then shown with Edit and Delete until "Send review" sends every comment at once.
import { useEffect, useRef, useState } from 'react';
import { HiddenCharsNote, VisibleText } from '../common/visible-text';
import { addComment, editComment, removeComment } from './changes-actions';
import type { ReviewDraft } from './changes-store';
import { lineLabel } from './diff-rows';

function Editor({
  initial,
  label,
  submit,
  onSubmit,
  onCancel,
}: {
  initial: string;
  label: string;
  submit: string;
  onSubmit(text: string): void;
  onCancel(): void;
}) {
  const [text, setText] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  const ok = text.trim() !== '';
  return (
    <form
      className="cd-comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (ok) onSubmit(text.trim());
      }}
    >
      <textarea
        ref={ref}
        className="text-input cd-comment-text"
        aria-label={label}
        rows={3}
        value={text}
        placeholder="What should Claude change here?"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            // Esc leaves the comment, not the whole panel.
            e.preventDefault();
            e.stopPropagation();
            onCancel();
          } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && ok) {
            e.preventDefault();
            onSubmit(text.trim());
          }
        }}
      />
      <HiddenCharsNote text={text} />
      <div className="cd-comment-actions">
        <button type="button" className="btn btn-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-small btn-primary" disabled={!ok}>
          {submit}
        </button>
      </div>
    </form>
  );
}

export function CommentForm({
  sessionId,
  path,
  draft,
  onDone,
}: {
  sessionId: string;
  path: string;
  draft: { side: 'old' | 'new'; start: number; end: number };
  onDone(): void;
}) {
  return (
    <div className="cd-comment is-new">
      <div className="cd-comment-head">{lineLabel(draft)}</div>
      <Editor
        initial=""
        label={`Comment on ${lineLabel(draft).toLowerCase()}`}
        submit="Add comment"
        onCancel={onDone}
        onSubmit={(text) => {
          addComment(sessionId, { path, side: draft.side, startLine: draft.start, endLine: draft.end, text });
          onDone();
        }}
      />
    </div>
  );
}

export function CommentBox({ sessionId, comment: c }: { sessionId: string; comment: ReviewDraft }) {
  const [editing, setEditing] = useState(false);
  const where = lineLabel({ side: c.side, start: c.startLine, end: c.endLine });
  return (
    <div className="cd-comment" aria-label={`Comment on ${where.toLowerCase()}`} role="group">
      <div className="cd-comment-head">
        <span>{where}</span>
        {!editing && (
          <span className="cd-comment-tools">
            <button type="button" className="link-button" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" className="link-button" onClick={() => removeComment(sessionId, c.id)}>
              Delete
            </button>
          </span>
        )}
      </div>
      {editing ? (
        <Editor
          initial={c.text}
          label={`Edit the comment on ${where.toLowerCase()}`}
          submit="Save"
          onCancel={() => setEditing(false)}
          onSubmit={(text) => {
            editComment(sessionId, c.id, text);
            setEditing(false);
          }}
        />
      ) : (
        <p className="cd-comment-body">
          <VisibleText text={c.text} />
        </p>
      )}
    </div>
  );
}
