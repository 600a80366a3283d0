// Actions on one of the person's messages in the transcript: "Retry" for a prompt that was cut
// off (always shown), and on hover or focus "Fork from here" (a new tab with the conversation
// before this message, the message back in the composer to edit) and, where Claude edited files
// after it, "Rewind files to here" (after a confirmation that lists the files).
import { useId, useState } from 'react';
import { isIdleStatus, type RewindResult } from '../../../../shared/events';
import type { AppError } from '../../../../shared/result';
import { blocksOf, type TranscriptItem } from '../../../../shared/transcript';
import { useClide } from '../../store/store';
import { Modal } from '../common/modal';
import { forkAt, resend, rewindFiles } from './history-actions';
import { displayPath } from './history-model';
import './history.css';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';

/** Tools whose calls change files on disk (what a checkpoint can undo). */
const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);
/** The code of the notice the main process adds after a prompt that got no reply. */
const CUT_OFF_CODE = 'turn-cut-off';

interface Landmarks {
  /** Position of the last item with a file-editing tool call (-1: none). */
  lastEdit: number;
  /** The last user message, when a cut-off notice follows it. */
  cutOffUserId: string | undefined;
}

// One backward scan per items array (the array is replaced on every change, so the cache key is exact).
const landmarkCache = new WeakMap<TranscriptItem[], Landmarks>();

export function landmarks(items: TranscriptItem[]): Landmarks {
  const hit = landmarkCache.get(items);
  if (hit) return hit;
  let lastEdit = -1;
  let cutOffUserId: string | undefined;
  let sawCutOff = false;
  let lastUserDone = false;
  for (let i = items.length - 1; i >= 0 && (lastEdit < 0 || !lastUserDone); i--) {
    const item = items[i]!;
    if (lastEdit < 0 && item.type === 'assistant' && blocksOf(item).some((b) => b.type === 'tool_use' && b.tool && EDIT_TOOLS.has(b.tool.name))) lastEdit = i;
    if (!lastUserDone) {
      if (item.type === 'notice' && item.code === CUT_OFF_CODE) sawCutOff = true;
      else if (item.type === 'user') {
        lastUserDone = true;
        if (sawCutOff) cutOffUserId = item.id;
      }
    }
  }
  const result = { lastEdit, cutOffUserId };
  landmarkCache.set(items, result);
  return result;
}

function hasEditsAfter(items: TranscriptItem[], pos: number): boolean {
  return items[pos] !== undefined && landmarks(items).lastEdit > pos;
}

type Item = Extract<TranscriptItem, { type: 'user' }>;

/** `pos`: the message's position in the session's items. */
export function MessageActions({ sessionId, item, pos }: { sessionId: string; item: Item; pos: number }) {
  const saved = useClide((s) => Boolean(s.sessions[sessionId]?.info.claudeSessionId));
  const status = useClide((s) => s.sessions[sessionId]?.status);
  const edits = useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? hasEditsAfter(v.items, pos) : false;
  });
  const cutOff = useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? landmarks(v.items).cutOffUserId === item.id : false;
  });
  const [busy, setBusy] = useState<'fork' | 'rewind' | 'retry' | undefined>();
  const [error, setError] = useState<AppError | undefined>();
  const [done, setDone] = useState<string | undefined>();
  const [confirm, setConfirm] = useState<RewindResult | undefined>();

  // A tab with no process (not started, parked) starts it to rewind.
  const live = isIdleStatus(status) || status === 'working' || status === 'waiting';
  const working = status === 'working' || status === 'waiting';
  const canRetry = cutOff && (isIdleStatus(status) || status === 'starting');
  if (!saved && !cutOff) return null;

  const run = async <T,>(kind: 'fork' | 'rewind' | 'retry', f: () => Promise<{ ok: true; value: T } | { ok: false; error: AppError }>) => {
    setBusy(kind);
    setError(undefined);
    setDone(undefined);
    const r = await f();
    setBusy(undefined);
    if (!r.ok) setError(r.error);
    return r.ok ? r.value : undefined;
  };

  const preview = async () => {
    const r = await run('rewind', () => rewindFiles(sessionId, item.id, true));
    if (!r) return;
    if (!r.canRewind) setError({ kind: 'invalid-input', message: r.error ?? 'There is nothing to rewind to at this message.' });
    else if (r.filesChanged.length === 0) setDone('The files are already as they were at this message.');
    else setConfirm(r);
  };

  const rewind = async () => {
    setConfirm(undefined);
    const r = await run('rewind', () => rewindFiles(sessionId, item.id, false));
    if (!r) return;
    if (!r.canRewind) setError({ kind: 'invalid-input', message: r.error ?? 'The files could not be rewound.' });
    else setDone(`Restored ${r.filesChanged.length} ${r.filesChanged.length === 1 ? 'file' : 'files'} to how they were before this message.`);
  };

  return (
    <div className="msg-actions" data-pinned={canRetry || error || done ? true : undefined}>
      {cutOff && (
        <button
          type="button"
          className="btn btn-small btn-primary msg-retry"
          disabled={!canRetry || busy !== undefined}
          title={canRetry ? 'Send this prompt again' : 'Wait for the session to be ready'}
          onClick={() => void run('retry', () => resend(sessionId, item.text))}
        >
          {busy === 'retry' ? 'Sending…' : 'Retry'}
        </button>
      )}
      {saved && (
        <button
          type="button"
          className="msg-action"
          disabled={busy !== undefined}
          title="Open a new tab with the conversation up to just before this message, and this message ready to edit"
          onClick={() => void run('fork', () => forkAt(sessionId, item.id))}
        >
          {busy === 'fork' ? 'Forking…' : 'Fork from here'}
        </button>
      )}
      {saved && edits && (
        <button
          type="button"
          className="msg-action"
          disabled={busy !== undefined || !live || working}
          title={
            !live
              ? 'Resume the session to rewind files'
              : working
                ? 'Wait for Claude to finish (or stop it) before rewinding files'
                : 'Put the files Claude changed after this message back the way they were'
          }
          onClick={() => void preview()}
        >
          {busy === 'rewind' ? 'Checking…' : 'Rewind files to here'}
        </button>
      )}
      {error && (
        <span className="msg-action-error" role="alert">
          {error.message}
          {error.hint ? ` ${error.hint}` : ''}
        </span>
      )}
      {done && (
        <span className="msg-action-done" role="status">
          {done}
        </span>
      )}
      {confirm && <RewindConfirm sessionId={sessionId} result={confirm} onCancel={() => setConfirm(undefined)} onConfirm={() => void rewind()} />}
    </div>
  );
}

function RewindConfirm({ sessionId, result, onCancel, onConfirm }: { sessionId: string; result: RewindResult; onCancel(): void; onConfirm(): void }) {
  const cwd = useClide((s) => s.sessions[sessionId]?.cwd);
  const titleId = useId();
  const descId = useId();
  const shown = (f: string) => (cwd && f.startsWith(`${cwd}/`) ? f.slice(cwd.length + 1) : displayPath(f, undefined));
  const n = result.filesChanged.length;
  return (
    <Modal labelledBy={titleId} describedBy={descId} onClose={onCancel} className="confirm-dialog rewind-dialog" alert>
      <h2 id={titleId} className="modal-title">
        Rewind {n} {n === 1 ? 'file' : 'files'}?
      </h2>
      <p id={descId}>
        These files go back to how they were before this message. Changes made to them since, by Claude or by you, are lost. The conversation stays as it is.
      </p>
      <ul className="rewind-files" aria-label="Files to rewind">
        {result.filesChanged.map((f) => (
          <li key={f} title={makeVisible(f)}>
            <VisibleText text={shown(f)} />
          </li>
        ))}
      </ul>
      <p className="rewind-stats">
        <span className="rewind-add">+{result.insertions.toLocaleString('en-US')}</span>{' '}
        <span className="rewind-del">−{result.deletions.toLocaleString('en-US')}</span> lines
      </p>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm}>
          Rewind files
        </button>
      </div>
    </Modal>
  );
}
