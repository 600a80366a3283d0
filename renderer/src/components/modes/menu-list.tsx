// The open list of a menu button (menu.tsx): takes focus when it appears; arrow keys, Home and
// End move, Enter or Space picks, Esc or Tab closes.
import { useEffect, useRef, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react';
import { VisibleText } from '../common/visible-text';
import type { MenuItem } from './menu';

export interface MenuListProps {
  id: string;
  name: string;
  items: MenuItem[];
  current: string | undefined;
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
  pick(i: number): void;
  close(): void;
}

export function MenuList({ id, name, items, current, active, setActive, pick, close }: MenuListProps) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => list.current?.focus(), []);
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
    <ul ref={list} id={id} role="listbox" aria-label={name} tabIndex={-1} className="pick-list" aria-activedescendant={`${id}-${active}`} onKeyDown={onListKey}>
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
  );
}
