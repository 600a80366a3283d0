// A session's terminals, below its transcript: one tab per shell (started in the session's
// folder, its worktree for an isolated session), a button for another, and each tab's exit code
// once its shell has ended. Opening the panel on a session with none starts one. Run starts the
// repository's run command in a tab of its own (and asks first about a committed .clide/run).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AppError } from '../../../../shared/result';
import { focusComposer } from '../../lib/focus';
import { useSessionField } from '../../store/hooks';
import { keyLabel } from '../../lib/shortcuts';
import { RunNoteView } from './run-note';
import { closeTerminal, newTerminal, runCommand } from './terminal-actions';
import { terminalStore, useTerminals } from './terminal-store';
import { TerminalView } from './terminal-view';
import './terminal.css';

const NONE: string[] = [];

export function TerminalPanel({ sessionId }: { sessionId: string }) {
  const titleId = useId();
  const tabs = useTerminals((s) => s.tabs[sessionId] ?? NONE);
  const active = useTerminals((s) => s.active[sessionId]);
  const infos = useTerminals((s) => s.infos);
  const focusTick = useTerminals((s) => s.focusTick[sessionId] ?? 0);
  const remote = useSessionField(sessionId, (v) => v.info.location, undefined);
  const synced = useTerminals((s) => s.synced);
  const runNote = useTerminals((s) => s.runNote[sessionId]);
  const [error, setError] = useState<AppError | undefined>();
  const started = useRef(false);

  // Opened with no terminal: start one (once; a failure is shown, not retried in a loop).
  useEffect(() => {
    if (tabs.length > 0) started.current = true;
    // Opened by Run: its tab, or its question, is what the panel is for.
    if (!synced || remote || tabs.length > 0 || started.current || runNote) return;
    started.current = true;
    void newTerminal(sessionId).then((r) => setError(r.ok ? undefined : r.error));
  }, [sessionId, tabs.length, remote, synced, runNote]);

  const close = () => {
    terminalStore.getState().setOpen(sessionId, false);
    focusComposer();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Escape belongs to the shell (vi, less); the panel closes with Ctrl+` or its button.
    if (e.key === 'Escape') e.stopPropagation();
  };

  return (
    <section className="terminal-panel" aria-labelledby={titleId} onKeyDown={onKeyDown}>
      <header className="terminal-head">
        <h2 id={titleId} className="terminal-title">
          Terminal
        </h2>
        <div className="terminal-tabs" role="tablist" aria-label="Terminals">
          {tabs.map((id, i) => {
            const info = infos[id];
            const exit = info?.exit;
            return (
              <button
                key={id}
                type="button"
                role="tab"
                className="terminal-tab"
                aria-selected={id === active}
                aria-controls={`terminal-${id}`}
                onClick={() => terminalStore.getState().setActive(sessionId, id)}
              >
                {/* The Run tab is one of its kind (a new Run replaces it): no number. */}
                {info?.title === 'Run' ? 'Run' : `${info?.title ?? 'shell'} ${i + 1}`}
                {exit && <span className={exit.code === 0 ? 'terminal-exit' : 'terminal-exit failed'}> · exited {exit.code}</span>}
              </button>
            );
          })}
        </div>
        {active && (
          <button type="button" className="terminal-end" onClick={() => closeTerminal(active)}>
            Close terminal {tabs.indexOf(active) + 1}
          </button>
        )}
        {!remote && (
          <button
            type="button"
            className="btn btn-small terminal-run"
            title={`Run the repository's run command (${keyLabel('R', { shift: true })})`}
            onClick={() => void runCommand(sessionId)}
          >
            <span aria-hidden="true">▶</span> Run
          </button>
        )}
        {!remote && (
          <button
            type="button"
            className="icon-button terminal-new"
            aria-label="New terminal"
            title="New terminal"
            onClick={() => void newTerminal(sessionId).then((r) => setError(r.ok ? undefined : r.error))}
          >
            <span aria-hidden="true">+</span>
          </button>
        )}
        <button type="button" className="icon-button terminal-close" aria-label="Close the terminal panel" title="Close (Ctrl+`)" onClick={close}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      {remote && (
        <p className="terminal-note">
          This session runs on {remote}. Terminals are for sessions on this computer for now: open one here and run <code>ssh {remote}</code>.
        </p>
      )}
      {runNote && !remote && <RunNoteView sessionId={sessionId} note={runNote} />}
      {error && !remote && (
        <p className="terminal-note" role="alert">
          {error.message}
        </p>
      )}
      <div className="terminal-body">
        {tabs.map((id) => (
          <div key={id} id={`terminal-${id}`} role="tabpanel" className="terminal-tabpanel" hidden={id !== active}>
            <TerminalView terminalId={id} sessionId={sessionId} shown={id === active} focusTick={focusTick} />
          </div>
        ))}
      </div>
    </section>
  );
}
