// A new worktree's setup, in its tab, before Claude starts: what runs and its output live; a
// committed `.clide/setup` shown exactly and confirmed once before it first runs; a clear
// failure with Retry and Start anyway. The composer waits until the setup is done or skipped.
import { useLayoutEffect, useRef, useState } from 'react';
import type { SetupView } from '../../../../shared/worktree-view';
import { getApi } from '../../api';
import { confirmValue, confirmed } from '../../api/confirm';
import { formatDuration } from '../../lib/format';
import { guarded } from '../../lib/guarded';
import { useSessionField } from '../../store/hooks';
import { VisibleText } from '../common/visible-text';
import { useSecondTicks } from '../screens/liveness-banner';

function what(setup: SetupView): string {
  if (setup.source === 'env-only') return 'Copying the checkout’s untracked .env files';
  if (setup.source === 'file') return 'Running the repository’s .clide/setup';
  return `Running ${setup.command ?? 'the setup command'} (from Settings)`;
}

function ended(setup: SetupView): string {
  if (setup.error) return setup.error;
  if (setup.signal) return `it was stopped by ${setup.signal}`;
  if (setup.exitCode !== undefined && setup.exitCode !== null) return `it exited with code ${setup.exitCode}`;
  return 'it did not finish';
}

export function SetupCard({ sessionId }: { sessionId: string }) {
  const setup = useSessionField(sessionId, (v) => v.setup, undefined);
  const empty = useSessionField(sessionId, (v) => v.items.length === 0, true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const now = useSecondTicks(setup?.phase === 'running');
  if (!setup) return null;
  // Once Claude is under way the finished setup steps aside.
  if (setup.phase === 'done' && (!empty || (!setup.skipped && !setup.output))) return null;

  const call = async (f: () => Promise<{ ok: boolean; error?: { message: string } }>) => {
    setBusy(true);
    setError(undefined);
    const r = await f();
    setBusy(false);
    if (!r.ok) setError(r.error?.message ?? 'That did not work.');
  };
  const startAnyway = () => call(() => guarded(() => getApi().worktree.startAnyway({ id: sessionId })));
  const took = formatDuration((setup.endedAt ?? now) - setup.startedAt);

  if (setup.phase === 'done') {
    return (
      <details className="wt-setup is-done">
        <summary>
          {setup.skipped ? 'Claude started without the repository’s .clide/setup.' : `Worktree set up in ${took}.`} {setup.output ? 'Output' : ''}
        </summary>
        {setup.output && <SetupOutput text={setup.output} />}
      </details>
    );
  }
  const running = setup.phase === 'running';
  return (
    <section className={`wt-setup is-${setup.phase}`} aria-label="Worktree setup">
      <header className="wt-setup-head">
        {running && <span className="wt-spinner" aria-hidden="true" />}
        <strong>
          {setup.phase === 'running' ? 'Setting up the worktree' : setup.phase === 'confirm' ? 'Run this repository’s setup?' : 'The setup failed'}
        </strong>
        <span className="muted">
          {setup.phase === 'failed' ? `${what(setup)}: ${ended(setup)}.` : setup.phase === 'running' ? `${what(setup)} · ${took}` : ''}
        </span>
      </header>
      {setup.phase === 'confirm' && setup.confirm && (
        <>
          <p className="wt-lead">
            The repository has a committed{' '}
            <span className="mono">
              <VisibleText text={setup.confirm.file} />
            </span>
            . It comes from the repository, not from you: it would run as you in the new worktree before Claude starts. This is exactly what it runs:
          </p>
          <pre className="wt-output mono" aria-label="The setup file">
            <VisibleText text={setup.confirm.content} />
          </pre>
          <p className="muted">Your answer is remembered for this content; a changed file asks again.</p>
        </>
      )}
      {setup.output && setup.phase !== 'confirm' && <SetupOutput text={setup.output} live={running} />}
      <div className="wt-setup-actions">
        {setup.phase === 'confirm' && setup.confirm && (
          <>
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={busy}
              onClick={() => {
                // The card is the confirmation: it shows exactly what would run.
                const hash = setup.confirm!.hash;
                void call(() =>
                  guarded(() =>
                    confirmed('run-setup', confirmValue.runSetup(sessionId, hash), (confirm) =>
                      getApi().worktree.confirmSetup({ id: sessionId, hash, run: true, confirm }),
                    ),
                  ),
                );
              }}
            >
              Run it
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              onClick={() => void call(() => guarded(() => getApi().worktree.confirmSetup({ id: sessionId, hash: setup.confirm!.hash, run: false })))}
            >
              Start without it
            </button>
          </>
        )}
        {setup.phase === 'failed' && (
          <>
            <button
              type="button"
              className="btn btn-primary btn-small"
              disabled={busy}
              onClick={() => void call(() => guarded(() => getApi().worktree.retrySetup({ id: sessionId })))}
            >
              Retry
            </button>
            <button type="button" className="btn btn-small" disabled={busy} onClick={() => void startAnyway()}>
              Start anyway
            </button>
          </>
        )}
        {running && (
          <button type="button" className="btn btn-small" disabled={busy} onClick={() => void startAnyway()} title="Stop the setup and let Claude start now">
            Stop and start Claude
          </button>
        )}
        {error && (
          <span className="wt-error" role="alert">
            <VisibleText text={error} />
          </span>
        )}
      </div>
    </section>
  );
}

/** The setup's output, following its end while it runs (unless the person scrolled up). */
function SetupOutput({ text, live = false }: { text: string; live?: boolean }) {
  const ref = useRef<HTMLPreElement>(null);
  const stuck = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && stuck.current) el.scrollTop = el.scrollHeight;
  }, [text]);
  return (
    <pre
      ref={ref}
      className="wt-output mono"
      role="log"
      aria-label="Setup output"
      aria-live={live ? 'polite' : undefined}
      onScroll={(e) => {
        const el = e.currentTarget;
        stuck.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
    >
      <VisibleText text={text} />
    </pre>
  );
}
