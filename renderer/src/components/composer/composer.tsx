// The message box. Enter sends, Shift+Enter adds a line; while Claude works, Enter queues the
// message (sent when the turn ends) and Ctrl/Cmd+Enter sends it into the running turn now.
// Esc stops a running turn; Up/Down walk through earlier prompts; "/" offers commands and "@"
// files; pasted or dropped images are attached. Shift+Tab cycles the permission mode. A message
// that fails to send comes back into the box with the reason, so nothing typed is lost.
import { useCallback, useLayoutEffect, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import type { AppError } from '../../../../shared/result';
import { useActions } from '../../actions-context';
import { shownByWindow } from '../../app-actions';
import { registerComposer, unregisterComposer, walkingTabs } from '../../lib/focus';
import { releaseFirstScreenKeys } from '../../lib/key-hold';
import { lazyPart } from '../../lib/lazy-part';
import { useSessionField } from '../../store/hooks';
import { LazyView } from '../common/lazy-view';
import { canSend, isTurnRunning } from '../../store/selectors';
import { clideStore, useClide } from '../../store/store';
import { ComposerToolbar } from '../modes/toolbar';
import { usePaneShown } from '../tabs/pane-shown';
import { cycleMode } from '../modes/mode-requests';
import { answering } from './api-calls';
import { attachmentsOf, setAttachments, useAttachments } from './attachments';
import { notBrowsing, onFirstLine, onLastLine, promptHistory, stepBack, stepForward, type HistoryState } from './history';
import { ForegroundBar } from '../tasks/foreground-bar';
import { accept } from './typeahead';
import { useTypeahead } from './typeahead-menu';
import '../../styles/answering.css';
import { HiddenCharsNote } from '../common/visible-text';
import { worktreeHold } from '../worktree/worktree-hold';
import { trustHold } from '../trust/trust-hold';
import type { SessionView } from '../../../../shared/transcript';
import { askAside, btwQuestion, openAside } from '../aside/aside-actions';

const PLACEHOLDER = 'Message Claude… (Enter to send, Shift+Enter for a new line)';
const PLACEHOLDER_RUNNING = 'Message Claude… (Enter to queue, Ctrl+Enter to send now)';

const holdOf = (v: SessionView): string | undefined => trustHold(v) ?? worktreeHold(v);

export function Composer({ sessionId }: { sessionId: string }) {
  const actions = useActions();
  const draft = useClide((s) => s.drafts[sessionId] ?? '');
  const setDraft = useClide((s) => s.setDraft);
  const status = useSessionField(sessionId, (v) => v.status, 'starting');
  const failure = useSessionField(sessionId, (v) => v.failure, undefined);
  // A folder not yet trusted, or an isolated session whose worktree is not set up, takes no message.
  const held = useSessionField(sessionId, holdOf, undefined);
  const images = useAttachments(sessionId);
  const [error, setError] = useState<AppError | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const [stopping, setStopping] = useState(false);
  const [caret, setCaret] = useState(0);
  const [history, setHistory] = useState<HistoryState>(notBrowsing);
  const [dragging, setDragging] = useState(false);
  const box = useRef<HTMLTextAreaElement | null>(null);

  const running = isTurnRunning({ status });
  const open = canSend({ status }) && !held;
  // A dropped ssh line: typing goes on (kept for after Reconnect), sending waits for the line.
  // A folder's trust question open: typing goes on too (kept, sent once Claude may start).
  const asking = useSessionField(sessionId, (v) => v.info.trust?.state === 'asking', false);
  const keepTyping = (status === 'failed' && failure?.error.kind === 'connection-lost') || asking;
  const ta = useTypeahead(sessionId, draft, caret);
  // Read when Up is pressed, not subscribed to: streaming replies must not re-render the box.
  const past = () => promptHistory((clideStore.getState().sessions[sessionId]?.items ?? []).flatMap((i) => (i.type === 'user' ? [i.text] : [])));
  const ref = useCallback((el: HTMLTextAreaElement | null) => {
    box.current = el;
  }, []);
  // The composer of the pane on screen is the one keys go back to, and it takes focus when its
  // pane comes into view (a layout effect: a waiting prompt's own focus, a passive effect, wins).
  const shown = usePaneShown();
  useLayoutEffect(() => {
    if (!shown) return;
    const el = box.current;
    registerComposer(el);
    // The message box is on screen: keys from now on are typed into it as they come (those typed
    // before the first screen are replayed into it first, an Enter among them sending nothing).
    releaseFirstScreenKeys();
    // Always in view at the bottom of its pane: no scrolling into view to work out.
    if (!walkingTabs()) el?.focus({ preventScroll: true });
    return () => unregisterComposer(el);
  }, [shown]);

  const replaceText = (text: string, at = text.length) => {
    setDraft(sessionId, text);
    setCaret(at);
    // After React writes the value: put the caret where the edit ends.
    requestAnimationFrame(() => box.current?.setSelectionRange(at, at));
  };

  const send = async (mode: 'auto' | 'now') => {
    const text = draft;
    const imgs = attachmentsOf(sessionId);
    // `/btw <question>`, as in the terminal: asked aside, not sent to the conversation.
    const aside = imgs.length === 0 ? btwQuestion(text) : undefined;
    if (aside !== undefined) return void askBtw(aside);
    if ((!text.trim() && imgs.length === 0) || !open) return;
    setError(undefined);
    setNotice(undefined);
    setDraft(sessionId, '');
    setAttachments(sessionId, []);
    setHistory(notBrowsing);
    const r = await answering.send(sessionId, { text, images: imgs.map(({ mediaType, data }) => ({ mediaType, data })), queue: mode === 'auto' && running });
    if (!r.ok) {
      setError(r.error);
      // Put the text back unless the person already started a new one.
      if (!clideStore.getState().drafts[sessionId]) setDraft(sessionId, text);
      if (attachmentsOf(sessionId).length === 0) setAttachments(sessionId, imgs);
    }
  };

  const askBtw = async (question: string) => {
    setError(undefined);
    if (!question) {
      openAside(sessionId);
      setDraft(sessionId, '');
      return;
    }
    setDraft(sessionId, '');
    const failed = await askAside(sessionId, question);
    if (failed) {
      setError(failed);
      if (!clideStore.getState().drafts[sessionId]) setDraft(sessionId, `/btw ${question}`);
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

  const pick = (i: number) => {
    const item = ta.items[i];
    if (!item || !ta.trigger) return;
    const next = item.kind === 'command' ? accept(draft, ta.trigger, item.command.name) : accept(draft, ta.trigger, item.path, item.folder);
    replaceText(next.text, next.caret);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing text uses Enter to pick a candidate, not to send.
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    const plain = !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey;
    if (ta.open) {
      if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && plain && ta.items.length > 0) {
        e.preventDefault();
        ta.move(e.key === 'ArrowDown' ? 1 : -1);
        return;
      }
      if ((e.key === 'Enter' || e.key === 'Tab') && plain && ta.items.length > 0) {
        const item = ta.items[ta.active];
        // A command typed out in full is sent by Enter, not completed again.
        const complete = e.key === 'Enter' && item?.kind === 'command' && ta.trigger?.kind === 'command' && item.command.name === ta.trigger.query;
        if (!complete) {
          e.preventDefault();
          pick(ta.active);
          return;
        }
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        ta.close();
        return;
      }
    }
    if (e.key === 'Enter' && plain) {
      e.preventDefault();
      void send('auto');
    } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.shiftKey) {
      e.preventDefault();
      void send('now');
    } else if (e.key === 'Escape' && running) {
      e.preventDefault();
      void stop();
    } else if (e.key === 'Tab' && e.shiftKey && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      if (open) cycleMode(sessionId);
    } else if (e.key === 'ArrowUp' && plain) {
      const el = e.currentTarget;
      const browsing = history.at !== undefined;
      if ((draft === '' || browsing) && onFirstLine(draft, el.selectionStart)) {
        const step = stepBack(past(), history, draft);
        if (step.text !== undefined) {
          e.preventDefault();
          setHistory(step.state);
          replaceText(step.text);
        }
      }
    } else if (e.key === 'ArrowDown' && plain && history.at !== undefined && onLastLine(draft, e.currentTarget.selectionStart)) {
      const step = stepForward(past(), history);
      if (step.text !== undefined) {
        e.preventDefault();
        setHistory(step.state);
        replaceText(step.text);
      }
    }
  };

  const takeFiles = async (files: File[]) => {
    if (files.length === 0) return;
    // A part that will not load is said once for the window (with Try again); here, that these
    // files were not taken.
    const part = await imageAttachments.load().catch(() => undefined);
    setNotice(part ? await part.addImageFiles(sessionId, files) : `Not attached: ${imageAttachments.name} could not be loaded.`);
  };
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = [...e.clipboardData.files];
    if (files.length === 0) return;
    // Pasting a picture attaches it; text on the clipboard beside it is pasted as usual.
    if (!e.clipboardData.getData('text/plain')) e.preventDefault();
    void takeFiles(files);
  };
  const hasFiles = (e: DragEvent) => [...e.dataTransfer.types].includes('Files');
  const onDrop = (e: DragEvent<HTMLFormElement>) => {
    setDragging(false);
    if (!hasFiles(e)) return;
    e.preventDefault();
    void takeFiles([...e.dataTransfer.files]);
    box.current?.focus();
  };

  const canSubmit = open && (draft.trim() !== '' || images.length > 0);
  return (
    <div className="composer-wrap">
      <QueueList sessionId={sessionId} />
      <ForegroundBar sessionId={sessionId} />
      {held && (
        <div className="composer-closed">
          <span>{held}</span>
        </div>
      )}
      {!open && !held && !(status === 'failed' && failure?.resumable) && !keepTyping && (
        <div className="composer-closed">
          <span>{status === 'failed' ? `This session cannot continue${failure ? `: ${failure.error.message}` : '.'}` : 'This session has ended.'}</span>
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
        data-disabled={(!open && !keepTyping) || undefined}
        data-dragging={dragging || undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void send('auto');
        }}
        onDragOver={(e) => {
          if (!hasFiles(e) || !open) return;
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <LazyView part={typeaheadList} when={ta.open}>
          {(m) => <m.TypeaheadMenu t={ta} onPick={pick} />}
        </LazyView>
        <div className="composer-main">
          <LazyView part={imageAttachments} when={images.length > 0}>
            {(m) => <m.AttachmentStrip sessionId={sessionId} />}
          </LazyView>
          <textarea
            ref={ref}
            className="composer-input"
            aria-label="Message Claude"
            aria-autocomplete="list"
            aria-controls={ta.open ? ta.listId : undefined}
            aria-activedescendant={ta.open && ta.items.length > 0 ? ta.optionId(ta.active) : undefined}
            placeholder={
              open
                ? running
                  ? PLACEHOLDER_RUNNING
                  : PLACEHOLDER
                : asking
                  ? 'Answer the question above to start Claude; what you type is kept.'
                  : held
                    ? 'Waiting for the worktree…'
                    : keepTyping
                      ? 'Reconnect to send; what you type is kept.'
                      : status === 'failed'
                        ? 'Resume the session to continue.'
                        : 'This session has ended.'
            }
            rows={1}
            value={draft}
            disabled={!open && !keepTyping}
            spellCheck
            onChange={(e) => {
              setDraft(sessionId, e.target.value);
              setCaret(e.target.selectionStart);
              if (history.at !== undefined) setHistory(notBrowsing);
              if (error) setError(undefined);
            }}
            onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            onPaste={onPaste}
          />
          {/* What is typed is what is sent; a hidden character in it (often pasted) is said here. */}
          <HiddenCharsNote text={draft} />
        </div>
        <div className="composer-buttons">
          {running && (
            <button type="button" className="btn btn-stop" onClick={() => void stop()} disabled={stopping} title="Stop the running turn (Esc)">
              <span className="stop-square" aria-hidden="true" />
              Stop
            </button>
          )}
          {running && canSubmit && (
            <button type="button" className="btn btn-small btn-steer" onClick={() => void send('now')} title="Send into the running turn now (Ctrl+Enter)">
              Send now
            </button>
          )}
          <button
            type="submit"
            className="btn btn-send"
            aria-label={running ? 'Queue' : 'Send'}
            title={running ? 'Queue: sent when Claude finishes (Enter)' : 'Send (Enter)'}
            disabled={!canSubmit}
          >
            <span aria-hidden="true">{running ? '⤓' : '↑'}</span>
          </button>
        </div>
      </form>
      <ComposerToolbar sessionId={sessionId} disabled={!open} />
      {notice && (
        <div className="composer-notice" role="status">
          {notice}
        </div>
      )}
      {error && !shownByWindow(error) && (
        <div className="composer-error" role="status">
          {error.message}
          {error.hint ? ` ${error.hint}` : ''}
        </div>
      )}
    </div>
  );
}

// Shown only while messages wait for the turn to end: a part loaded on demand (lib/lazy-part.ts).
const queueList = lazyPart('the message queue', () => import('./queue-list'));
// Pasted and dropped images (reading them, their thumbnails): loaded when the first files arrive.
const imageAttachments = lazyPart('the image attachments', () => import('./attach-images'));
// The `/` and `@` suggestions' list: fetched right after the first screen, drawn once a trigger is typed.
const typeaheadList = lazyPart('the command and file suggestions', () => import('./typeahead-list'), { soon: true });

function QueueList({ sessionId }: { sessionId: string }) {
  const queued = useSessionField(sessionId, (v) => (v.queue?.length ?? 0) > 0, false);
  return (
    <LazyView part={queueList} when={queued}>
      {(m) => <m.QueueList sessionId={sessionId} />}
    </LazyView>
  );
}
