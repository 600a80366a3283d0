// The window's top bar: one tab per session (ARIA tablist), "New session", the "needs you"
// inbox and Settings. Tabs can be renamed (double-click, F2, or the tab menu), reordered by
// dragging or from the menu, and closed (with a confirmation while Claude works).
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useClide } from '../../store/store';
import { inboxButtonPart } from '../inbox/inbox-part';
import { LazyView } from '../common/lazy-view';
import { SettingsButton } from '../settings/settings-button';
import { Tab } from './tab';
import { TAB_DRAG_TYPE } from './tab-ids';

interface DropMark {
  id: string;
  side: 'before' | 'after';
}

export function TabStrip() {
  const order = useClide((s) => s.order);
  const openDialog = useClide((s) => s.openDialog);
  const moveTab = useClide((s) => s.moveTab);
  const dragged = useRef<string | undefined>(undefined);
  const [drop, setDrop] = useState<DropMark | undefined>();

  // Arrow keys, Home and End move between tabs, as in any tab list.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement);
    if (at === -1) return;
    const to = e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : (at + (e.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
    const next = tabs[to];
    next?.focus();
    next?.click();
    e.preventDefault();
  };

  const markFor = (e: DragEvent<HTMLElement>): DropMark | undefined => {
    const el = (e.target as HTMLElement).closest<HTMLElement>('[data-tab-id]');
    const id = el?.dataset.tabId;
    if (!el || !id || id === dragged.current) return undefined;
    const box = el.getBoundingClientRect();
    return { id, side: e.clientX < box.left + box.width / 2 ? 'before' : 'after' };
  };

  const onDragStart = (e: DragEvent<HTMLDivElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-tab-id]')?.dataset.tabId;
    if (!id) return;
    dragged.current = id;
    e.dataTransfer.effectAllowed = 'move';
    e.dataTransfer.setData(TAB_DRAG_TYPE, id);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!dragged.current) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const mark = markFor(e);
    if (mark?.id !== drop?.id || mark?.side !== drop?.side) setDrop(mark);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    const id = dragged.current;
    const mark = markFor(e) ?? drop;
    dragged.current = undefined;
    setDrop(undefined);
    if (!id || !mark) return;
    const rest = order.filter((x) => x !== id);
    const at = rest.indexOf(mark.id);
    if (at >= 0) moveTab(id, at + (mark.side === 'after' ? 1 : 0));
  };
  const onDragEnd = () => {
    dragged.current = undefined;
    setDrop(undefined);
  };

  return (
    <nav className="tab-bar" aria-labelledby="tab-strip-heading">
      <h1 className="app-mark">clide</h1>
      <h2 id="tab-strip-heading" className="visually-hidden">
        Sessions
      </h2>
      <div
        role="tablist"
        aria-label="Sessions"
        className="tabs"
        onKeyDown={onKeyDown}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDrop(undefined);
        }}
        onDrop={onDrop}
        onDragEnd={onDragEnd}
      >
        {order.map((id, i) => (
          <Tab key={id} sessionId={id} position={i} count={order.length} drop={drop?.id === id ? drop.side : undefined} />
        ))}
      </div>
      <button
        type="button"
        className="icon-button new-session"
        aria-label="New session"
        title="New session (Ctrl+T)"
        aria-haspopup="dialog"
        onClick={() => openDialog('new-session')}
      >
        <span aria-hidden="true">+</span>
      </button>
      <span className="tab-bar-spacer" />
      <LazyView part={inboxButtonPart}>{(m) => <m.InboxButton />}</LazyView>
      <SettingsButton />
    </nav>
  );
}
