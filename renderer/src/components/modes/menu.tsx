// A small menu button: the trigger shows the current value, the list opens above it (the
// toolbar sits at the bottom of the window). Arrow keys move, Enter or Space picks, Esc closes
// and gives focus back to the trigger; a click elsewhere closes it.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { VisibleText } from '../common/visible-text';

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
  const list = useRef<HTMLUListElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    list.current?.focus();
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
  const onListKey = (e: KeyboardEvent<HTMLUListElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + items.length) % items.length);
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : items.length - 1);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick(active);
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      e.stopPropagation();
      close();
    }
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
        <ul
          ref={list}
          id={id}
          role="listbox"
          aria-label={name}
          tabIndex={-1}
          className="pick-list"
          aria-activedescendant={`${id}-${active}`}
          onKeyDown={onListKey}
        >
          {items.map((item, i) => (
            <li
              key={item.value}
              id={`${id}-${i}`}
              role="option"
              aria-selected={item.value === current}
              aria-disabled={item.disabled || undefined}
              data-active={i === active || undefined}
              className="pick-item"
              onMouseMove={() => i !== active && setActive(i)}
              onClick={() => pick(i)}
            >
              <span className="pick-check" aria-hidden="true">
                {item.value === current ? '✓' : ''}
              </span>
              <span className="pick-text">
                <span className="pick-label">
                  <VisibleText text={item.label} />
                  {item.note && <span className="pick-note"> · {item.note}</span>}
                </span>
                {item.description && (
                  <span className="pick-desc">
                    <VisibleText text={item.description} />
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
