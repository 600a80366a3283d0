// Find in transcript (Ctrl/Cmd+F, F3 or Ctrl/Cmd+G for the next match): the keys, on the first
// screen; the bar and its search (find-panel.tsx) are a part loaded when find first opens.
import { useCallback, useEffect, useRef } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { hasModifier, isShortcut, useWindowKeys } from '../../lib/shortcuts';
import { LazyView } from '../common/lazy-view';
import { usePaneShown } from '../tabs/pane-shown';
import { closeFind, findStore, openFind, stepFind, useFind } from './find-store';

export interface FindTarget {
  /** The transcript's rows: the positions of their entries in the session's items. */
  rows(): readonly number[];
  /** The id of the entry a row shows (what its element's data-row-id says). */
  rowId(row: number): string | undefined;
  list(): HTMLElement | null;
  scroller(): HTMLElement | null;
  /** Bring a row into the virtualised list's view. */
  showRow(row: number): void;
}

const panel = lazyPart('find in transcript', () => import('./find-panel'));

export function FindBar({ sessionId, target }: { sessionId: string; target: FindTarget }) {
  const open = useFind((s) => s.open && s.sessionId === sessionId);
  const inputRef = useRef<HTMLInputElement>(null);
  // Only the pane on screen answers the find keys; leaving the screen closes its find.
  const shown = usePaneShown();
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (isShortcut(e, 'f')) {
        e.preventDefault();
        openFind(sessionId);
        requestAnimationFrame(() => {
          inputRef.current?.focus();
          inputRef.current?.select();
        });
      } else if (findStore.getState().open && (e.key === 'F3' || (hasModifier(e) && e.key.toLowerCase() === 'g'))) {
        e.preventDefault();
        stepFind(e.shiftKey ? -1 : 1);
      }
    },
    [sessionId],
  );
  useWindowKeys(shown ? onKey : undefined);

  // Another tab's find does not follow the person here.
  useEffect(() => (shown ? () => closeFind() : undefined), [sessionId, shown]);

  return (
    <LazyView part={panel} when={open}>
      {(m) => <m.FindPanel sessionId={sessionId} target={target} inputRef={inputRef} />}
    </LazyView>
  );
}
