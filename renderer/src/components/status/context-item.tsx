// The context item of the status bar: how full the context window is, and a popover with what
// fills it (context-popover.tsx, loaded when it is first opened).
import { useId, useState } from 'react';
import { formatContext } from '../../lib/format';
import { lazyPart } from '../../lib/lazy-part';
import { useSessionField } from '../../store/hooks';
import { useClide } from '../../store/store';
import { LazyView } from '../common/lazy-view';

const breakdown = lazyPart('the context breakdown', () => import('./context-popover'));

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
        <LazyView part={breakdown} when={open}>
          {(m) => <m.ContextBreakdown sessionId={sessionId} fallback={{ tokens: shownTokens, window: shownWindow }} />}
        </LazyView>
      </div>
    </>
  );
}
