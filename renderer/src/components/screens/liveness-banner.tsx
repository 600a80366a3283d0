// When the claude process is slow to answer or being stopped: say so, and offer the way out.
// A turn that went silent (no output for the watchdog's limit, while no prompt waits for the
// person) gets Stop and Force quit; a Stop that is taking its time gets Force quit.
import { useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import type { SessionView } from '../../../../shared/transcript';
import { useActions } from '../../actions-context';
import { useSessionField } from '../../store/hooks';
import { ActionError } from '../common/action-error';

type Liveness = NonNullable<SessionView['liveness']>;

export function LivenessBanner({ sessionId }: { sessionId: string }) {
  const liveness = useSessionField(sessionId, (v) => v.liveness, undefined);
  // Keyed by the state, so a new state starts without the last one's error or busy buttons.
  return liveness ? <Banner key={liveness.state} sessionId={sessionId} liveness={liveness} /> : null;
}

function Banner({ sessionId, liveness }: { sessionId: string; liveness: Liveness }) {
  const actions = useActions();
  const [error, setError] = useState<AppError | undefined>();
  const [busy, setBusy] = useState(false);
  const since = liveness.state === 'not-responding' ? (liveness.since ?? liveness.at) : undefined;
  const now = useSecondTicks(since !== undefined);

  const run = async (what: 'interrupt' | 'kill') => {
    setBusy(true);
    setError(undefined);
    const r = await (what === 'kill' ? actions.kill(sessionId) : actions.interrupt(sessionId));
    setBusy(false);
    if (!r.ok) setError(r.error);
  };
  const forceQuit = (
    <button
      type="button"
      className="btn btn-danger"
      disabled={busy}
      onClick={() => void run('kill')}
      title="End the claude process now; the conversation so far is kept and can be resumed"
    >
      Force quit
    </button>
  );

  let title: string;
  let detail: string | undefined;
  let buttons = null;
  switch (liveness.state) {
    case 'not-responding': {
      const secs = Math.max(0, Math.round((now - (since ?? now)) / 1000));
      title = `Claude is not responding (no output for ${formatSilence(secs)})`;
      detail = 'It may still be thinking about a long answer. Stop ends the turn politely; Force quit ends the process.';
      buttons = (
        <>
          <button type="button" className="btn" disabled={busy} onClick={() => void run('interrupt')}>
            Stop
          </button>
          {forceQuit}
        </>
      );
      break;
    }
    case 'stopping':
      title = 'Stopping the turn…';
      detail = 'Waiting for Claude to finish what it was writing. If it does not, the process is ended.';
      buttons = forceQuit;
      break;
    case 'terminating':
      title = 'Ending the claude process…';
      break;
    case 'closing':
      title = 'Closing the session…';
      break;
  }

  return (
    <div role="status" className={`banner banner-warn liveness-${liveness.state}`}>
      <span className="banner-icon" aria-hidden="true">
        …
      </span>
      <div className="banner-text">
        <strong>{title}</strong>
        {detail && <p>{detail}</p>}
        <ActionError error={error} />
      </div>
      {buttons && <div className="banner-buttons">{buttons}</div>}
    </div>
  );
}

function formatSilence(secs: number): string {
  if (secs < 60) return `${secs} s`;
  const m = Math.floor(secs / 60);
  return `${m} min ${secs % 60} s`;
}

/** The time now, refreshed every second while `on` (from mount: the banner is keyed by state). */
export function useSecondTicks(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [on]);
  return now;
}
