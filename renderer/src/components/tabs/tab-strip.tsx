import { memo, useState, type KeyboardEvent } from 'react';
import type { AppError } from '../../../../shared/result';
import { useActions } from '../../actions-context';
import { folderName } from '../../lib/format';
import { tabState, type TabState } from '../../store/selectors';
import { useClide } from '../../store/store';

const stateLabel: Record<TabState, string> = {
  working: 'working',
  'needs-you': 'needs you',
  error: 'error',
  ended: 'ended',
  starting: 'starting',
  idle: 'idle',
};

export function tabId(sessionId: string): string {
  return `tab-${sessionId}`;
}

export function panelId(sessionId: string): string {
  return `panel-${sessionId}`;
}

export function TabStrip() {
  const order = useClide((s) => s.order);
  const actions = useActions();
  const [error, setError] = useState<AppError | undefined>();

  const create = async () => {
    setError(undefined);
    const r = await actions.createSession();
    if (!r.ok) setError(r.error);
  };

  // Arrow keys move between tabs, as in any tab list.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const next = tabs[(at + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    next?.focus();
    next?.click();
    e.preventDefault();
  };

  return (
    <header className="tab-bar">
      <span className="app-mark" aria-hidden="true">
        clide
      </span>
      <div role="tablist" aria-label="Sessions" className="tabs" onKeyDown={onKeyDown}>
        {order.map((id) => (
          <Tab key={id} sessionId={id} />
        ))}
      </div>
      <button type="button" className="icon-button new-session" aria-label="New session" title="New session" onClick={() => void create()}>
        <span aria-hidden="true">+</span>
      </button>
      {error && (
        <span className="tab-error" role="status" title={error.hint}>
          Could not start a session: {error.message}
        </span>
      )}
    </header>
  );
}

const Tab = memo(function Tab({ sessionId }: { sessionId: string }) {
  const actions = useActions();
  const active = useClide((s) => s.activeId === sessionId);
  const setActive = useClide((s) => s.setActive);
  const cwd = useClide((s) => s.sessions[sessionId]?.info.cwd ?? s.sessions[sessionId]?.cwd ?? '');
  const state = useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? tabState(v) : 'idle';
  });
  const name = folderName(cwd) || 'session';
  return (
    <div className="tab" data-active={active || undefined} data-state={state}>
      <button
        type="button"
        role="tab"
        id={tabId(sessionId)}
        aria-selected={active}
        aria-controls={panelId(sessionId)}
        tabIndex={active ? 0 : -1}
        className="tab-button"
        title={`${cwd} · ${stateLabel[state]}`}
        onClick={() => setActive(sessionId)}
      >
        <span className={`tab-marker marker-${state}`} aria-hidden="true" />
        <span className="tab-name">{name}</span>
      </button>
      <button
        type="button"
        className="tab-close"
        aria-label={`Close ${name}`}
        title="Close session"
        tabIndex={active ? 0 : -1}
        onClick={() => void actions.close(sessionId)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
});
