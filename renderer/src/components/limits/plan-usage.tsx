// The plan's usage in the limit popover: which plan, and how much of each window (the 5-hour
// session, the week, per model) is used and when it resets, as Claude Code reports it
// (get_usage). Shown only when there is such an answer: an API key has no plan, and a
// subscriber whose usage Claude Code could not read is told so.
import { useEffect, useState } from 'react';
import type { AppError } from '../../../../shared/result';
import type { PlanUsage } from '../../../../shared/usage';
import { answering } from '../composer/api-calls';
import { formatReset, planName, usageWindowName, usageWindowPercent } from '../status/status-format';
import './limits.css';

export function PlanUsageSection({ sessionId }: { sessionId: string }) {
  // With the time it came: resets are said relative to it ("14:05" today, "Sat 09:00").
  const [answer, setAnswer] = useState<{ usage: PlanUsage; at: number } | undefined>();
  const [error, setError] = useState<AppError | undefined>();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    void answering.getUsage(sessionId).then((r) => {
      if (!live) return;
      setLoading(false);
      if (r.ok) setAnswer({ usage: r.value, at: Date.now() });
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [sessionId]);

  if (loading) return <p className="muted plan-note">Asking Claude Code for your plan’s usage…</p>;
  if (error) return <p className="muted plan-note">Your plan’s usage could not be read: {error.message}</p>;
  if (!answer || !answer.usage.limitsApply) return null;
  const { usage, at: now } = answer;
  return (
    <section className="plan-usage" aria-label="Plan usage">
      <h3 className="plan-title">{usage.subscription ? `${planName(usage.subscription)} plan` : 'Your plan'}</h3>
      {usage.windows === null ? (
        <p className="muted plan-note">Claude Code could not read the plan’s usage just now (it asks claude.ai); the limit above is what it last heard.</p>
      ) : usage.windows.length === 0 ? (
        <p className="muted plan-note">Claude Code reported no usage windows for this plan.</p>
      ) : (
        <table className="ctx-table plan-table">
          <tbody>
            {usage.windows.map((w) => {
              // The whole percent says how near the limit is; the finer one is only for reading.
              const pct = w.percent === undefined ? undefined : Math.max(0, Math.min(100, w.percent));
              const level = pct === undefined ? 'none' : pct >= 90 ? 'high' : pct >= 70 ? 'mid' : 'low';
              const bar = Math.max(0, Math.min(100, w.shownPercent ?? pct ?? 0));
              return (
                <tr key={`${w.key}:${w.label ?? ''}`}>
                  <th scope="row">{usageWindowName(w)}</th>
                  <td className="ctx-bar-cell" aria-hidden="true">
                    <span className="meter plan-meter" data-level={level}>
                      <span style={{ width: `${Math.max(2, bar)}%` }} />
                    </span>
                  </td>
                  <td className="num">{usageWindowPercent(w)}</td>
                  <td className="num muted">{w.resetsAt !== undefined ? `resets ${formatReset(w.resetsAt, now)}` : ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {usage.extraUsage?.enabled && (
        <p className="muted plan-note">
          Extra usage is on
          {usage.extraUsage.percent !== undefined ? `: ${Math.round(usage.extraUsage.percent)}% of the monthly limit used` : ''}.
        </p>
      )}
    </section>
  );
}
