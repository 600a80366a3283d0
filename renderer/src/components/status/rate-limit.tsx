// The rate-limit item: limit type, how much is used, and a live countdown to the reset. A click
// opens the limit popover: the same in full, and the plan's usage windows (session and weekly
// percentages) when Claude Code can tell them (get_usage). The clock lives here (a timer in the
// component), never in the store.
import { useEffect, useId, useState } from 'react';
import type { RateLimit } from '../../../../shared/events';
import { formatClock } from '../../lib/format';
import { PlanUsageSection } from '../limits/plan-usage';
import { limitLevel, limitName, rateLimitText, utilizationPercent } from './status-format';

export function RateLimitItem({ sessionId, rateLimit }: { sessionId: string; rateLimit: RateLimit }) {
  const now = useNow(rateLimit.resetsAt);
  const [open, setOpen] = useState(false);
  const popId = useId();
  const level = limitLevel(rateLimit);
  const text = rateLimitText(rateLimit, now);
  return (
    <>
      <button
        type="button"
        className="sb-item sb-button sb-limit"
        data-level={level}
        popoverTarget={popId}
        aria-expanded={open}
        aria-label={`${text}. Show usage limits`}
        title={`${limitTitle(rateLimit)} Click for your plan's usage.`}
      >
        {level !== 'ok' && (
          <span className="warn-mark" aria-hidden="true">
            {level === 'rejected' ? '⛔' : '⚠'}
          </span>
        )}
        {text}
      </button>
      <div
        id={popId}
        popover="auto"
        className="context-popover limit-popover"
        role="dialog"
        aria-label="Usage limits"
        onToggle={(e) => setOpen((e.nativeEvent as ToggleEvent).newState === 'open')}
      >
        {open && (
          <div className="ctx">
            <h2 className="ctx-title">Usage limits</h2>
            <p className="limit-now" data-level={level}>
              {limitTitle(rateLimit)}
            </p>
            <PlanUsageSection sessionId={sessionId} />
          </div>
        )}
      </div>
    </>
  );
}

function limitTitle(r: RateLimit): string {
  const pct = utilizationPercent(r.utilization);
  const resets = r.resetsAt !== undefined ? ` It resets at ${formatClock(r.resetsAt)}.` : '';
  return r.status === 'rejected'
    ? `${limitName(r.limitType)} reached: Claude Code will not send requests until it resets.${resets}`
    : `${limitName(r.limitType)}${pct !== undefined ? `: ${Math.round(pct)}% used` : ''} (status ${r.status}).${resets}`;
}

/** The current time, ticking each second while a reset is under an hour away, else each 30 s. */
function useNow(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    const left = until - now;
    if (left <= 0) return;
    const step = left <= 3_600_000 ? 1000 : 30_000;
    const t = setTimeout(() => setNow(Date.now()), Math.min(step, left));
    return () => clearTimeout(t);
  }, [until, now]);
  return now;
}
