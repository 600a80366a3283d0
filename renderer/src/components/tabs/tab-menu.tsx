// The tab's menu (right click, the context-menu key or Shift+F10): rename, move, open in the
// split view (or move to its other pane), close. Moving from here is the keyboard's way to
// reorder tabs. A popover in the top layer, so the tab bar's
// scrolling never clips it; clicking elsewhere or Esc closes it.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useClide } from '../../store/store';
import { useRequestClose } from './close-tab';

interface TabMenuProps {
  sessionId: string;
  at: { x: number; y: number };
  position: number;
  count: number;
  onRename(): void;
  onClose(): void;
}

export function TabMenu({ sessionId, at, position, count, onRename, onClose }: TabMenuProps) {
  const ref = useRef<HTMLDivElement>(null);
  const moveTab = useClide((s) => s.moveTab);
  const moveToOtherPane = useClide((s) => s.moveToOtherPane);
  const split = useClide((s) => s.split !== undefined);
  const requestClose = useRequestClose();
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.showPopover();
    el.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus();
    const toggled = (e: Event) => {
      if ((e as ToggleEvent).newState === 'closed') closeRef.current();
    };
    el.addEventListener('toggle', toggled);
    return () => el.removeEventListener('toggle', toggled);
  }, []);

  const run = (f: () => void) => () => {
    ref.current?.hidePopover();
    f();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const items = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')];
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : (at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
    items[to]?.focus();
  };

  return (
    <div
      ref={ref}
      popover="auto"
      role="menu"
      aria-label="Tab"
      className="menu"
      style={{ left: Math.min(at.x, window.innerWidth - 200), top: at.y }}
      onKeyDown={onKeyDown}
    >
      <button type="button" role="menuitem" className="menu-item" onClick={run(onRename)}>
        Rename…<span className="menu-key">F2</span>
      </button>
      <button type="button" role="menuitem" className="menu-item" disabled={position === 0} onClick={run(() => moveTab(sessionId, position - 1))}>
        Move left
      </button>
      <button type="button" role="menuitem" className="menu-item" disabled={position >= count - 1} onClick={run(() => moveTab(sessionId, position + 1))}>
        Move right
      </button>
      <button type="button" role="menuitem" className="menu-item" disabled={count < 2} onClick={run(() => moveToOtherPane(sessionId))}>
        {split ? 'Move to other pane' : 'Open in split'}
      </button>
      <div role="separator" className="menu-separator" />
      <button type="button" role="menuitem" className="menu-item" onClick={run(() => requestClose(sessionId))}>
        Close
      </button>
    </div>
  );
}
