// One tab: its state marker, its name (renamed in place), a close button and a menu.
import { HostBadge } from '../remote/host-badge';
import { memo, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useActions } from '../../actions-context';
import { keyLabel } from '../../lib/shortcuts';
import { tabDisplayState, tabTitle, type TabDisplayState } from '../../store/tabs';
import { useClide } from '../../store/store';
import { useRequestClose } from './close-tab';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';
import { makeVisible } from '../../../../shared/visible-chars';
import { HiddenCharsNote, VisibleText } from '../common/visible-text';
import { panelId, tabId } from './tab-ids';
import { TabGlance, tabGlanceTitle } from '../worktree/git-glance';
import { paneWords, useTabPane } from '../split/tab-pane';

// The tab's menu (right-click, Shift+F10) is a part loaded when it first opens.
const tabMenu = lazyPart('the tab menu', () => import('./tab-menu'));

const stateLabel: Record<TabDisplayState, string> = {
  working: 'working',
  'needs-you': 'needs you',
  error: 'error',
  ended: 'ended',
  starting: 'starting',
  parked: 'parked: the next message resumes it',
  idle: 'idle',
  unseen: 'finished, not seen yet',
};

interface TabProps {
  sessionId: string;
  position: number;
  count: number;
  drop: 'before' | 'after' | undefined;
}

export const Tab = memo(function Tab({ sessionId, position, count, drop }: TabProps) {
  const actions = useActions();
  const requestClose = useRequestClose();
  const active = useClide((s) => s.activeId === sessionId);
  const setActive = useClide((s) => s.setActive);
  const cwd = useClide((s) => s.sessions[sessionId]?.info.cwd ?? s.sessions[sessionId]?.cwd ?? '');
  const name = useClide((s) => tabTitle(s.sessions[sessionId]));
  const state = useClide((s) => {
    const v = s.sessions[sessionId];
    return v ? tabDisplayState(v, s.unseen[sessionId] === true) : 'idle';
  });
  const glance = useClide((s) => tabGlanceTitle(s.sessions[sessionId]?.worktree?.info.branch, s.sessions[sessionId]?.gitStatus));
  const pane = useTabPane(sessionId);
  const [renaming, setRenaming] = useState(false);
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | undefined>();
  const [error, setError] = useState<string | undefined>();
  const button = useRef<HTMLButtonElement>(null);

  const rename = async (title: string) => {
    setRenaming(false);
    const next = title.trim();
    if (!next || next === name) return;
    const r = await actions.renameSession(sessionId, next);
    setError(r.ok ? undefined : `Could not rename: ${r.error.message}`);
  };

  const openMenu = (e: MouseEvent | KeyboardEvent) => {
    e.preventDefault();
    const box = button.current?.getBoundingClientRect();
    const x = 'clientX' in e && e.clientX ? e.clientX : (box?.left ?? 0) + 8;
    const y = 'clientY' in e && e.clientY ? e.clientY : (box?.bottom ?? 0) + 4;
    setMenuAt({ x, y });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'F2') {
      e.preventDefault();
      setRenaming(true);
    } else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
      openMenu(e);
    } else if (e.key === 'Delete') {
      e.preventDefault();
      requestClose(sessionId);
    }
  };

  return (
    <div
      className="tab"
      data-tab-id={sessionId}
      data-active={active || undefined}
      data-state={state}
      data-drop={drop}
      data-pane={pane.side}
      data-pane-shown={pane.shown || undefined}
      draggable={!renaming}
      onContextMenu={openMenu}
      onAuxClick={(e) => {
        // Middle click closes, as in browsers.
        if (e.button === 1) requestClose(sessionId);
      }}
    >
      <button
        ref={button}
        type="button"
        role="tab"
        id={tabId(sessionId)}
        aria-selected={active}
        aria-controls={panelId(sessionId)}
        tabIndex={active ? 0 : -1}
        className="tab-button"
        aria-label={renaming ? makeVisible(name) : undefined}
        aria-keyshortcuts="Delete F2 Shift+F10"
        title={makeVisible(`${name} · ${cwd}${glance} · ${stateLabel[state]}${position < 9 ? ` (${keyLabel(String(position + 1))})` : ''}`)}
        onClick={() => setActive(sessionId)}
        onDoubleClick={() => setRenaming(true)}
        onKeyDown={onKeyDown}
      >
        <span className={`tab-marker marker-${state}`} aria-hidden="true" />
        {!renaming && (
          <span className="tab-name">
            <VisibleText text={name} />
          </span>
        )}
        {!renaming && <TabGlance sessionId={sessionId} />}
        {!renaming && <HostBadge sessionId={sessionId} place="tab" />}
        {state !== 'idle' && <span className="visually-hidden">, {stateLabel[state]}</span>}
        {pane.side && <span className="visually-hidden">, {paneWords(pane.side, pane.shown)}</span>}
      </button>
      {renaming && <RenameField name={name} onDone={(v) => void rename(v)} onCancel={() => setRenaming(false)} />}
      {/* For the mouse. A tab list holds only tabs, so the keyboard and screen readers close a
          tab from the tab itself: Delete, Ctrl/Cmd+W, or Close in its menu (Shift+F10). */}
      <button
        type="button"
        className="tab-close"
        aria-hidden="true"
        title={`Close session (${keyLabel('W')}, or Delete on the tab)`}
        tabIndex={-1}
        onClick={() => requestClose(sessionId)}
      >
        <span aria-hidden="true">×</span>
      </button>
      {error && (
        <span className="tab-error-pop" role="status" onClick={() => setError(undefined)}>
          <VisibleText text={error} />
        </span>
      )}
      {menuAt && (
        <LazyView part={tabMenu}>
          {(m) => (
            <m.TabMenu
              sessionId={sessionId}
              at={menuAt}
              position={position}
              count={count}
              onRename={() => setRenaming(true)}
              onClose={() => {
                setMenuAt(undefined);
                // Back to the tab, unless the chosen item moved focus on purpose (rename).
                const now = document.activeElement;
                if (!now || now === document.body) button.current?.focus();
              }}
            />
          )}
        </LazyView>
      )}
    </div>
  );
});

function RenameField({ name, onDone, onCancel }: { name: string; onDone(v: string): void; onCancel(): void }) {
  const [value, setValue] = useState(name);
  const ref = useRef<HTMLInputElement>(null);
  const settled = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = (commit: boolean) => {
    if (settled.current) return;
    settled.current = true;
    if (commit) onDone(value);
    else onCancel();
  };
  return (
    <>
      <input
        ref={ref}
        className="tab-rename"
        aria-label="Session name"
        value={value}
        maxLength={200}
        size={Math.max(6, Math.min(28, value.length + 1))}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') {
            e.preventDefault();
            finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            finish(false);
          }
        }}
        onBlur={() => finish(true)}
      />
      {/* The name stays as typed; a hidden character in it is said beside the field. */}
      <HiddenCharsNote text={value} compact />
    </>
  );
}
