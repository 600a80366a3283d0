// The Tasks panel of the shown session: every shell, Monitor and subagent that ran in the
// background (and what runs in the foreground now), with its kind, state, how long it has run and
// its latest output, read from Claude Code every second while the panel is open; Stop for a
// running task, "Run in background" for a foreground one. Opened from the composer's toolbar,
// the palette and the status bar.
import { useEffect, useId, useRef, useState } from 'react';
import { hasReadableOutput, panelTasks, runningBackgroundTaskIds, taskEnded, taskEndNote, taskKind } from '../../../../shared/tasks';
import { blocksOf, childrenOf, type SessionView, type TaskView } from '../../../../shared/transcript';
import type { AppError } from '../../../../shared/result';
import { formatTokens } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { Modal } from '../common/modal';
import { VisibleText } from '../common/visible-text';
import { readOutput, runInBackground, stopTask, useBackgroundNote, useTaskOutput } from './task-calls';
import { kindWord, plainOutput, runtime, taskName, taskState } from './task-words';
import './tasks.css';

/** How often a running task's output is read again while the panel is open. */
const REFRESH_MS = 1000;

export function TasksDialog() {
  const sessionId = useClide((s) => (s.dialog === 'tasks' ? s.activeId : undefined));
  const openDialog = useClide((s) => s.openDialog);
  if (!sessionId) return null;
  return <TasksPanel key={sessionId} sessionId={sessionId} onClose={() => openDialog(undefined)} />;
}

const isLive = (v: SessionView) => v.status === 'ready' || v.status === 'working' || v.status === 'waiting';

function TasksPanel({ sessionId, onClose }: { sessionId: string; onClose(): void }) {
  const tasks = useClide((s) => s.sessions[sessionId]?.tasks);
  const liveTasks = useClide((s) => s.sessions[sessionId]?.liveTasks);
  const live = useSessionField(sessionId, isLive, false);
  const note = useBackgroundNote(sessionId);
  const now = useNow();
  const titleId = useId();
  const list = panelTasks({ tasks, liveTasks });
  // The same count as the status bar's.
  const running = runningBackgroundTaskIds({ tasks, liveTasks }).length;
  return (
    <Modal labelledBy={titleId} onClose={onClose} className="tasks-dialog">
      <h2 id={titleId} className="modal-title">
        Background tasks
        <span className="modal-key" title="Running in the background now">
          {running}
        </span>
      </h2>
      <p className="panel-intro muted">
        Commands, Monitors and subagents Claude runs beside the conversation. Output is read again every second while this is open.
      </p>
      {!live && <p className="modal-error">Claude is not running in this session, so nothing runs and no output can be read.</p>}
      {list.length === 0 && (
        <p className="muted tasks-empty">
          Nothing has run in the background in this session. Claude starts background work on its own; press Ctrl+B while a command or subagent runs to move it
          here.
        </p>
      )}
      <ul className="panel-list" aria-label="Background tasks">
        {list.map((t) => (
          <TaskRow key={t.taskId} sessionId={sessionId} task={t} live={live} now={now} />
        ))}
      </ul>
      {note && (
        <p className={note.error ? 'modal-error' : 'muted'} role="status">
          {note.text}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Done
        </button>
      </div>
    </Modal>
  );
}

function TaskRow({ sessionId, task: t, live, now }: { sessionId: string; task: TaskView; live: boolean; now: number }) {
  const [busy, setBusy] = useState<'stop' | 'move' | undefined>();
  const [error, setError] = useState<AppError | undefined>();
  const nameId = useId();
  const ended = taskEnded(t);
  const state = taskState(t);
  const took = runtime(t, now);
  const stop = async () => {
    setBusy('stop');
    setError(await stopTask(sessionId, t.taskId));
    setBusy(undefined);
  };
  const move = async () => {
    setBusy('move');
    await runInBackground(sessionId, t.toolUseId);
    setBusy(undefined);
  };
  return (
    <li className="panel-card task-row" aria-labelledby={nameId} data-state={state.word}>
      <div className="task-head">
        <div className="task-title">
          <span className="task-kind">{kindWord(t)}</span>
          <span id={nameId} className="task-name">
            <VisibleText text={taskName(t)} />
          </span>
          <span className={`state-badge tone-${state.tone}`}>{busy === 'stop' && !ended ? 'Stopping…' : state.word}</span>
          {took && <span className="task-time muted">{took}</span>}
        </div>
        {!ended && (
          <div className="task-actions">
            {t.backgrounded === false && t.toolUseId && (
              <button type="button" className="btn btn-small" disabled={!live || busy !== undefined} onClick={() => void move()}>
                Run in background
              </button>
            )}
            <button type="button" className="btn btn-small" disabled={!live || busy !== undefined} onClick={() => void stop()}>
              Stop
            </button>
          </div>
        )}
      </div>
      <TaskDetail task={t} />
      {hasReadableOutput(taskKind(t)) ? <ShellOutput sessionId={sessionId} task={t} live={live} /> : <AgentOutput sessionId={sessionId} task={t} />}
      {error && (
        <div className="task-error" role="alert">
          {error.message}
        </div>
      )}
    </li>
  );
}

/** The command line, or who runs it and what it does now. */
function TaskDetail({ task: t }: { task: TaskView }) {
  const parts = [
    t.hidden ? 'Claude Code’s own housekeeping' : undefined,
    t.subagentType,
    !taskEnded(t) ? t.activity : undefined,
    t.usage?.toolUses ? `${t.usage.toolUses} tool ${t.usage.toolUses === 1 ? 'use' : 'uses'}` : undefined,
    t.usage?.totalTokens ? `${formatTokens(t.usage.totalTokens)} tokens` : undefined,
  ].filter(Boolean);
  const note = taskEndNote(t);
  return (
    <>
      {t.command && (
        <div className="task-command mono" title={t.command}>
          <VisibleText text={t.command} />
        </div>
      )}
      {parts.length > 0 && <div className="task-detail muted">{parts.join(' · ')}</div>}
      {note && <div className="task-detail task-end-note">{note}</div>}
      {t.error && (
        <div className="task-error">
          <VisibleText text={t.error} />
        </div>
      )}
    </>
  );
}

/** A shell's or Monitor's output: read every second while it runs, once more when it has ended. */
function ShellOutput({ sessionId, task: t, live }: { sessionId: string; task: TaskView; live: boolean }) {
  const read = useTaskOutput(sessionId, t.taskId);
  const ended = taskEnded(t);
  useEffect(() => {
    if (!live) return;
    let gone = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = async () => {
      await readOutput(sessionId, t.taskId);
      // One request at a time: the next is asked only after this one answered.
      if (!gone && !ended) timer = setTimeout(() => void again(), REFRESH_MS);
    };
    void again();
    return () => {
      gone = true;
      if (timer) clearTimeout(timer);
    };
  }, [sessionId, t.taskId, live, ended]);
  const text = read?.output ? plainOutput(read.output.output).replace(/\n+$/, '') : undefined;
  return (
    <>
      {text !== undefined &&
        (text === '' ? (
          <div className="task-output-empty muted">No output yet.</div>
        ) : (
          <OutputBox
            text={text}
            label={`Output of ${taskName(t)}`}
            note={read?.output?.truncated ? `The last 8 KiB of ${read.output.totalBytes} bytes.` : undefined}
          />
        ))}
      {read?.error && <div className="task-error">{read.error.message}</div>}
    </>
  );
}

/** A subagent's latest words in the conversation (Claude Code reads no output for subagents), or its report once it ended. */
function AgentOutput({ sessionId, task: t }: { sessionId: string; task: TaskView }) {
  const latest = useClide((s) => {
    const v = s.sessions[sessionId];
    if (!v || !t.toolUseId) return undefined;
    const said = childrenOf(v, t.toolUseId).flatMap((i) => (i.type === 'assistant' ? blocksOf(i).filter((b) => b.type === 'text' && b.text.trim()) : []));
    return said.at(-1)?.text;
  });
  const text = (taskEnded(t) && t.summary) || latest;
  if (!text) return null;
  return <OutputBox text={text.trim()} label={`Latest from ${taskName(t)}`} />;
}

function OutputBox({ text, label, note }: { text: string; label: string; note?: string }) {
  // Kept scrolled to its end, where new output arrives, unless the person scrolled up in it.
  const box = useRef<HTMLPreElement>(null);
  const [pinned, setPinned] = useState(true);
  useEffect(() => {
    const el = box.current;
    if (el && pinned) el.scrollTop = el.scrollHeight;
  }, [text, pinned]);
  return (
    <>
      <pre
        ref={box}
        className="task-output"
        tabIndex={0}
        aria-label={label}
        onScroll={(e) => {
          const el = e.currentTarget;
          setPinned(el.scrollHeight - el.scrollTop - el.clientHeight < 4);
        }}
      >
        <VisibleText text={text} />
      </pre>
      {note && <div className="task-output-note muted">{note}</div>}
    </>
  );
}

/** The time now, once a second while mounted (running tasks' runtimes). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}
