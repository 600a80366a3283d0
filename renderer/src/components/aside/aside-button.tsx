// The toolbar's "Ask aside" button, apart from the panel it opens: the button is on the first
// screen, the panel is a part loaded when it first opens (app.tsx).
import type { Aside } from '../../../../shared/aside';
import { keyLabel } from '../../lib/shortcuts';
import { useSessionField } from '../../store/hooks';
import { closeAside, openAside } from './aside-actions';
import { useAside } from './aside-store';

const NO_ASIDES: Aside[] = [];

/** The toolbar under the message box: "Ask aside" opens the panel (and says how many answers are there). */
export function AsideButton({ sessionId }: { sessionId: string }) {
  const open = useAside((s) => s.open[sessionId] === true);
  const waiting = useSessionField(
    sessionId,
    (v) => (v.asides ?? NO_ASIDES).filter((a) => a.state === 'asking' || a.state === 'thinking' || a.state === 'retrying').length,
    0,
  );
  return (
    <button
      type="button"
      className="pick-trigger ctl-aside"
      aria-pressed={open}
      title={`Ask a question about the session without interrupting it (${keyLabel('/', { shift: true })}, or /btw in the message box)`}
      onClick={() => (open ? closeAside(sessionId) : openAside(sessionId))}
    >
      Ask aside{waiting > 0 && <span className="aside-count"> · {waiting} waiting</span>}
    </button>
  );
}
