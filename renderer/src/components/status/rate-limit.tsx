// The rate-limit item: limit type, how much is used, and a live countdown to the reset. The
// clock lives here (a timer in the component), never in the store.
import { useEffect, useState } from 'react';
import type { RateLimit } from '../../../../shared/events';
import { formatClock } from '../../lib/format';
import { limitLevel, limitName, rateLimitText, utilizationPercent } from './status-format';

export function RateLimitItem({ rateLimit }: { rateLimit: RateLimit }) {
  const now = useNow(rateLimit.resetsAt);
  const level = limitLevel(rateLimit);
  const pct = utilizationPercent(rateLimit.utilization);
  const resets = rateLimit.resetsAt !== undefined ? ` It resets at ${formatClock(rateLimit.resetsAt)}.` : '';
  const title =
    rateLimit.status === 'rejected'
      ? `${limitName(rateLimit.limitType)} reached: Claude Code will not send requests until it resets.${resets}`
      : `${limitName(rateLimit.limitType)}${pct !== undefined ? `: ${Math.round(pct)}% used` : ''} (status ${rateLimit.status}).${resets}`;
  return (
    <span className="sb-item sb-limit" data-level={level} title={title}>
      {level !== 'ok' && (
        <span className="warn-mark" aria-hidden="true">
          {level === 'rejected' ? '⛔' : '⚠'}
        </span>
      )}
      {rateLimitText(rateLimit, now)}
    </span>
  );
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
