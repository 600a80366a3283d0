// A turn stopped by a usage limit: when the limit resets, and "Continue automatically at 14:05",
// which sends the stopped request again at that time, then the queued messages, in order. While
// it is on: a countdown and Cancel. The main process keeps the timer, so it happens with every
// window closed; this only shows it and switches it.
import { useState } from 'react';
import type { AppError } from '../../../../shared/result';
import type { LimitStop } from '../../../../shared/usage';
import { formatClock } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { VisibleText } from '../common/visible-text';
import { answering } from '../composer/api-calls';
import { useSecondTicks } from '../screens/liveness-banner';
import { formatCountdown, limitName } from '../status/status-format';
import './limits.css';
import { ActionError } from '../common/action-error';

export function LimitBanner({ sessionId }: { sessionId: string }) {
  const stop = useSessionField(sessionId, (v) => v.limitStop, undefined);
  const queued = useSessionField(sessionId, (v) => v.queue?.length ?? 0, 0);
  // Keyed by the stop, so a new one starts without the last one's error.
  return stop ? <Banner key={stop.at} sessionId={sessionId} stop={stop} queued={queued} /> : null;
}

function Banner({ sessionId, stop, queued }: { sessionId: string; stop: LimitStop; queued: number }) {
  const now = useSecondTicks(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | undefined>();
  const scheduled = stop.state === 'scheduled';
  const reset = now >= stop.resetsAt;
  const at = formatClock(stop.continueAt);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setError(undefined);
    const r = await answering.autoContinue(sessionId, on);
    setBusy(false);
    if (!r.ok) setError(r.error);
  };

  // The countdown never breaks across lines.
  const left = (until: number) => <span className="nowrap">(in {formatCountdown(until - now)})</span>;
  const head = scheduled ? (
    <>
      Continuing automatically at {at} {left(stop.continueAt)}
    </>
  ) : reset ? (
    `The ${limitName(stop.limitType).toLowerCase()} has reset`
  ) : (
    <>
      {limitName(stop.limitType)} reached · resets at {formatClock(stop.resetsAt)} {left(stop.resetsAt)}
    </>
  );

  return (
    <div role="status" className={`banner banner-warn limit-banner${scheduled ? ' is-scheduled' : ''}`} aria-label="Usage limit">
      <span className="banner-icon" aria-hidden="true">
        {scheduled ? '↻' : '!'}
      </span>
      <div className="banner-text">
        <strong>{head}</strong>
        <p>
          <WhatGoes stop={stop} queued={queued} scheduled={scheduled} />
        </p>
        <ActionError error={error} />
      </div>
      <div className="banner-buttons">
        {scheduled ? (
          <button type="button" className="btn" disabled={busy} onClick={() => void toggle(false)}>
            Cancel
          </button>
        ) : (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void toggle(true)}>
            {now >= stop.continueAt ? 'Continue now' : `Continue automatically at ${at}`}
          </button>
        )}
      </div>
    </div>
  );
}

/** "clide can send “Build the parser” again when it resets, then your 2 queued messages…" */
function WhatGoes({ stop, queued, scheduled }: { stop: LimitStop; queued: number; scheduled: boolean }) {
  const more = stop.messages > 1 ? ` (and the ${stop.messages - 1} more written into that turn)` : '';
  const request =
    stop.messages === 0 ? undefined : stop.preview ? (
      <>
        “<VisibleText text={stop.preview} />”{more} again
      </>
    ) : (
      `the stopped request${more} again`
    );
  const rest = queued > 0 ? `your ${queued === 1 ? 'queued message' : `${queued} queued messages`}` : undefined;
  const what = (
    <>
      {request}
      {request && rest ? ', then ' : ''}
      {rest}
    </>
  );
  if (scheduled) return <>Then clide sends {what}.</>;
  return <>The limit stopped this turn. When it resets, clide can send {what}; or send something yourself.</>;
}
