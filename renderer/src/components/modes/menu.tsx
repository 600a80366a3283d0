// A small menu button: the trigger shows the current value, the list opens above it (the
// toolbar sits at the bottom of the window). Arrow keys move, Enter or Space picks, Esc closes
// and gives focus back to the trigger; a click elsewhere closes it. The list is menu-list.tsx.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';

// The open list comes with its first opening (or the background preload), not the first screen.
const menuList = lazyPart('the menu', () => import('./menu-list'));

export interface MenuItem {
  value: string;
  label: string;
  description?: string;
  disabled?: boolean;
  /** Shown after the label, e.g. "confirm first". */
  note?: string;
}

export interface MenuProps {
  /** Accessible name of the trigger, e.g. "Permission mode". */
  name: string;
  items: MenuItem[];
  /** The value the CLI confirmed (checked in the list). */
  current: string | undefined;
  /** What the trigger shows. */
  children: ReactNode;
  disabled?: boolean;
  title?: string;
  onPick(value: string): void;
}

export function Menu({ name, items, current, children, disabled, title, onPick }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const show = () => {
    const at = items.findIndex((i) => i.value === current);
    setActive(at >= 0 ? at : 0);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const pick = (i: number) => {
    const item = items[i];
    if (!item || item.disabled) return;
    close();
    onPick(item.value);
  };
  return (
    <div className="pick" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="pick-trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        title={title}
        disabled={disabled}
        onClick={() => (open ? close() : show())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            show();
          }
        }}
      >
        {/* Named by what it is and what it shows ("Model: Opus 4.5"): a name that left out the
            visible value would not match what speech input users say. */}
        <span className="visually-hidden">{name}: </span>
        {children}
        <span className="pick-caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <LazyView part={menuList}>
          {(m) => <m.MenuList id={id} name={name} items={items} current={current} active={active} setActive={setActive} pick={pick} close={close} />}
        </LazyView>
      )}
    </div>
  );
}
