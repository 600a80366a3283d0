// A session's terminals, below its transcript: one tab per shell (started in the session's
// folder, its worktree for an isolated session), a button for another, and each tab's exit code
// once its shell has ended. Opening the panel on a session with none starts one.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AppError } from '../../../../shared/result';
import { focusComposer } from '../../lib/focus';
import { useSessionField } from '../../store/hooks';
import { closeTerminal, newTerminal } from './terminal-actions';
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
  const [error, setError] = useState<AppError | undefined>();
  const started = useRef(false);

  // Opened with no terminal: start one (once; a failure is shown, not retried in a loop).
  useEffect(() => {
    if (tabs.length > 0) started.current = true;
    if (!synced || remote || tabs.length > 0 || started.current) return;
    started.current = true;
    void newTerminal(sessionId).then((r) => setError(r.ok ? undefined : r.error));
  }, [sessionId, tabs.length, remote, synced]);

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
                {info?.title ?? 'shell'} {i + 1}
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
