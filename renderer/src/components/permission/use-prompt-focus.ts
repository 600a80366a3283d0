// The focus rules every card that waits for the person shares (permission prompt, question,
// plan). The card takes keyboard focus when it appears so keys can reach it, but that
// automatic focus is not consent: keyboard answers work only once the person chose the card
// themselves (clicked it, or moved focus into it). Until then a printable key goes back to
// the composer, where it was meant to land.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { focusComposer, placeFocus, walkingTabs } from '../../lib/focus';
import { usePaneShown } from '../tabs/pane-shown';

export interface PromptFocus {
  root: React.RefObject<HTMLDivElement | null>;
  armed: boolean;
  nudged: boolean;
  nudge(): void;
  /** Spread on the card's root element. */
  rootProps: {
    ref: React.RefObject<HTMLDivElement | null>;
    tabIndex: number;
    onPointerDown(): void;
    onFocus(e: FocusEvent<HTMLDivElement>): void;
    'data-armed': true | undefined;
  };
  /** Call first in the card's onKeyDown; true when the key was handled (sent to the composer). */
  passThrough(e: KeyboardEvent<HTMLDivElement>): boolean;
}

export function usePromptFocus(): PromptFocus {
  const root = useRef<HTMLDivElement>(null);
  const [armed, setArmed] = useState(false);
  const [nudged, setNudged] = useState(false);

  // Take focus when the card appears, and again when its pane comes back into view; not from a
  // control inside it that already has it (Alt+End can get there first, in the same frame).
  // Placed, not moved to: the transcript keeps its own place (following the bottom, where a new
  // card is); a card taller than the view would otherwise be scrolled to its top, and the
  // transcript would take that for the person going up to read.
  const shown = usePaneShown();
  useEffect(() => {
    const card = root.current;
    if (shown && card && !walkingTabs() && !card.contains(document.activeElement)) placeFocus(card);
  }, [shown]);

  return {
    root,
    armed,
    nudged,
    nudge: () => setNudged(true),
    rootProps: {
      ref: root,
      tabIndex: -1,
      onPointerDown: () => setArmed(true),
      // Focus on a control inside (Tab, click) is deliberate; the automatic focus on the card
      // itself, or the window regaining focus, is not.
      onFocus: (e) => {
        if (e.target !== root.current) setArmed(true);
      },
      'data-armed': armed || undefined,
    },
    passThrough: (e) => {
      if (armed || e.target !== root.current || e.ctrlKey || e.metaKey || e.altKey) return false;
      if (e.key.length !== 1) return false;
      // Typing meant for the composer: hand focus back so the keystroke lands there.
      focusComposer();
      return true;
    },
  };
}

/** True when a key event comes from a text field inside the card (typing, not a shortcut). */
export function inTextField(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement;
  return t instanceof HTMLInputElement ? t.type === 'text' || t.type === 'search' : t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement;
}
