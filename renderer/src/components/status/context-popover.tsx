// The context item of the status bar and its breakdown: what fills the context window, by
// category, as Claude Code counts it (get_context_usage), drawn as plain CSS bars.
import { useEffect, useId, useState } from 'react';
import type { ContextUsage } from '../../../../shared/events';
import { useActions } from '../../actions-context';
import { formatContext, formatPercent, formatTokens } from '../../lib/format';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { makeVisible } from '../../../../shared/visible-chars';
import { VisibleText } from '../common/visible-text';

export function ContextItem({ sessionId }: { sessionId: string }) {
  const tokens = useSessionField(sessionId, (v) => v.contextTokens, undefined);
  const ctxWindow = useSessionField(sessionId, (v) => v.contextWindow, undefined);
  const usage = useClide((s) => s.contextUsage[sessionId]);
  const [open, setOpen] = useState(false);
  const popId = useId();
  // From the latest turn when there is one; before the first prompt, from the CLI's own count.
  const shownTokens = tokens ?? usage?.totalTokens;
  const shownWindow = ctxWindow ?? usage?.maxTokens;
  const percent = shownTokens !== undefined && shownWindow ? Math.min(100, (shownTokens / shownWindow) * 100) : undefined;
  const level = percent === undefined ? 'none' : percent >= 90 ? 'high' : percent >= 70 ? 'mid' : 'low';
  const text = formatContext(shownTokens, shownWindow, percent);
  return (
    <>
      <button
        type="button"
        className="sb-item sb-context sb-button"
        popoverTarget={popId}
        aria-expanded={open}
        title="Context window in use: click for the breakdown"
      >
        {/* Read as "Context: 31.8k/1M (3%), show what fills it"; seen as "ctx 31.8k/1M (3%)". */}
        <span className="sb-key" aria-hidden="true">
          ctx
        </span>
        <span className="visually-hidden">Context: </span> {text}
        <span className="visually-hidden">, show what fills it</span>
        {percent !== undefined && (
          <span className="meter" data-level={level} aria-hidden="true">
            <span style={{ width: `${Math.max(2, percent)}%` }} />
          </span>
        )}
      </button>
      <div
        id={popId}
        popover="auto"
        className="context-popover"
        role="dialog"
        aria-label="Context window"
        onToggle={(e) => setOpen((e.nativeEvent as ToggleEvent).newState === 'open')}
      >
        {open && <ContextBreakdown sessionId={sessionId} fallback={{ tokens: shownTokens, window: shownWindow }} />}
      </div>
    </>
  );
}

interface Fallback {
  tokens: number | undefined;
  window: number | undefined;
}

function ContextBreakdown({ sessionId, fallback }: { sessionId: string; fallback: Fallback }) {
  const actions = useActions();
  const usage = useClide((s) => s.contextUsage[sessionId]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    void actions.fetchContextUsage(sessionId).then((r) => {
      if (!live) return;
      setLoading(false);
      setError(r.ok ? undefined : r.error.kind === 'not-running' ? 'The session is not running; resume it to see the breakdown.' : r.error.message);
    });
    return () => {
      live = false;
    };
  }, [actions, sessionId]);

  return (
    <div className="ctx">
      <div className="ctx-head">
        <h2 className="ctx-title">Context window</h2>
        {loading && <span className="muted ctx-loading">Asking Claude Code…</span>}
      </div>
      {usage ? <ContextChart usage={usage} /> : <p className="muted">{formatContext(fallback.tokens, fallback.window, undefined)}</p>}
      {error && (
        <p className="ctx-error" role="status">
          {error}
        </p>
      )}
    </div>
  );
}

const palette = ['--ctx-1', '--ctx-2', '--ctx-3', '--ctx-4', '--ctx-5', '--ctx-6'];

export function ContextChart({ usage }: { usage: ContextUsage }) {
  const max = usage.maxTokens || 1;
  const used = usage.categories.filter((c) => (c.kind ?? 'used') === 'used' && c.tokens > 0);
  const buffer = usage.categories.filter((c) => c.kind === 'buffer');
  const free = usage.categories.find((c) => c.kind === 'free');
  const deferred = usage.categories.filter((c) => c.kind === 'deferred');
  const colour = (i: number) => `var(${palette[i % palette.length]})`;
  const share = (n: number) => `${Math.max(0, Math.min(100, (n / max) * 100))}%`;
  // Row bars compare the categories with each other (against a large window they would all be
  // slivers); the stacked bar above shows them against the window.
  const biggest = Math.max(1, ...used.map((c) => c.tokens), ...buffer.map((c) => c.tokens));
  const rowShare = (n: number) => `${Math.max(0, Math.min(100, (n / biggest) * 100))}%`;
  const pct = (n: number) => formatPercent((n / max) * 100);
  return (
    <>
      <p className="ctx-total">
        <strong>{formatTokens(usage.totalTokens)}</strong> of {formatTokens(usage.maxTokens)} tokens used ({formatPercent(usage.percentage)})
        {usage.autoCompactEnabled && usage.autoCompactThreshold ? (
          <span className="muted"> · compacts at {formatTokens(usage.autoCompactThreshold)}</span>
        ) : null}
      </p>
      <div className="ctx-stack" role="img" aria-label={makeVisible(`Context used: ${used.map((c) => `${c.name} ${formatTokens(c.tokens)}`).join(', ')}`)}>
        {used.map((c, i) => (
          <span key={c.name} className="ctx-seg" style={{ width: share(c.tokens), background: colour(i) }} />
        ))}
        {buffer.map((c) => (
          <span key={c.name} className="ctx-seg ctx-seg-buffer" style={{ width: share(c.tokens) }} />
        ))}
      </div>
      <table className="ctx-table">
        <tbody>
          {used.map((c, i) => (
            <tr key={c.name}>
              <th scope="row">
                <span className="ctx-swatch" style={{ background: colour(i) }} aria-hidden="true" />
                <VisibleText text={c.name} />
              </th>
              <td className="ctx-bar-cell" aria-hidden="true">
                <span className="ctx-bar" style={{ width: rowShare(c.tokens), background: colour(i) }} />
              </td>
              <td className="num">{formatTokens(c.tokens)}</td>
              <td className="num muted">{pct(c.tokens)}</td>
            </tr>
          ))}
          {buffer.map((c) => (
            <tr key={c.name} className="ctx-row-muted">
              <th scope="row">
                <span className="ctx-swatch ctx-seg-buffer" aria-hidden="true" />
                <VisibleText text={c.name} />
              </th>
              <td className="ctx-bar-cell" aria-hidden="true">
                <span className="ctx-bar ctx-seg-buffer" style={{ width: rowShare(c.tokens) }} />
              </td>
              <td className="num">{formatTokens(c.tokens)}</td>
              <td className="num muted">{pct(c.tokens)}</td>
            </tr>
          ))}
          {free && (
            <tr className="ctx-row-muted">
              <th scope="row">
                <span className="ctx-swatch ctx-swatch-free" aria-hidden="true" />
                {free.name}
              </th>
              <td className="ctx-bar-cell" aria-hidden="true" />
              <td className="num">{formatTokens(free.tokens)}</td>
              <td className="num muted">{pct(free.tokens)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {deferred.length > 0 && (
        <p className="muted ctx-note">
          Loaded only when used: <VisibleText text={deferred.map((c) => `${c.name} (${formatTokens(c.tokens)})`).join(', ')} />.
        </p>
      )}
    </>
  );
}
