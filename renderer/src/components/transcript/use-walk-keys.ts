// Alt+Up and Alt+Down walk the shown transcript from entry to entry with the keyboard: from the
// message box (or anywhere outside the transcript) Alt+Up goes to the newest entry; from an
// entry, to the one before or after it; past the newest, to the prompt waiting for the person
// or back to the message box. The entry gets focus, so a screen reader reads it with its author
// ("You", "Claude", a team message's sender) and Tab reaches the controls inside it.
//
// The list is virtual: an entry far away is not in the page until the list has scrolled to it,
// so the focus waits (a frame at a time) for the entry to be drawn in full (focus-when-drawn.ts).
import { useCallback } from 'react';
import { focusComposer } from '../../lib/focus';
import { useWindowKeys } from '../../lib/shortcuts';
import { usePaneShown } from '../tabs/pane-shown';
import { focusPromptControl } from '../inbox/use-jump-to-prompt';
import { focusRowWhenDrawn, stopWaitingForRow } from './focus-when-drawn';

export interface WalkTarget {
  count: number;
  list(): HTMLElement | null;
  /** Bring row `index` into view (and stop following the bottom). */
  showRow(index: number): void;
}

export function isWalkKey(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
  return (e.key === 'ArrowUp' || e.key === 'ArrowDown') && e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
}

export function useWalkKeys(target: WalkTarget): void {
  const shown = usePaneShown();
  const onKey = useCallback(
    (e: KeyboardEvent) => {
      if (!isWalkKey(e) || e.defaultPrevented || e.isComposing) return;
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // A modal dialog, a popover or the queue (where Alt+Up/Down reorders) keeps its own keys.
      if (active?.closest('dialog, [popover], .queue-list')) return;
      const list = target.list();
      if (!list || target.count === 0) return;
      const row = active?.closest<HTMLElement>('.transcript-row[data-index]');
      const at = row && list.contains(row) ? Number(row.dataset.index) : undefined;
      const up = e.key === 'ArrowUp';
      if (at === undefined && !up) return;
      e.preventDefault();
      const to = at === undefined ? target.count - 1 : at + (up ? -1 : 1);
      if (to < 0) return;
      if (to >= target.count) {
        // Past the newest entry: the prompt that waits, if any, else the message box.
        stopWaitingForRow();
        const prompt = list.parentElement?.querySelector<HTMLElement>('.prompt');
        if (prompt) focusPromptControl(prompt);
        else focusComposer();
        return;
      }
      target.showRow(to);
      focusRowWhenDrawn(list, to);
    },
    [target],
  );
  useWindowKeys(shown ? onKey : undefined);
}
