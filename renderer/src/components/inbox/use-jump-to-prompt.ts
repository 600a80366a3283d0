// Alt+End goes to what waits for the person: the shown tab's prompt (permission, question, plan,
// form) if it has one, else the first tab that waits, in tab order. The key is a deliberate
// move, so focus lands on the prompt's first control: the card then takes Enter and Esc (a
// prompt that took focus on its own does not, use-prompt-focus.ts). With nothing waiting, the
// announcer says so and focus stays where it was.
import { useCallback } from 'react';
import { announce } from '../../lib/announce';
import { useWindowKeys } from '../../lib/shortcuts';
import { inboxEntries } from '../../store/attention';
import { clideStore } from '../../store/store';
import { panelId } from '../tabs/tab-ids';

/** How long to wait for a tab's prompt to be drawn after switching to it, in frames. */
const MAX_FRAMES = 600;

export function isJumpKey(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'shiftKey'>): boolean {
  return e.key === 'End' && e.altKey && !e.ctrlKey && !e.metaKey && !e.shiftKey;
}

/**
 * Focus a waiting prompt where Tab would take the person: the control it marks as the start
 * (the permission prompt's Allow, past the input details), else its first control, else the
 * card itself. A control inside, not the card, so the card knows the move was deliberate.
 */
export function focusPromptControl(prompt: HTMLElement): void {
  const first =
    prompt.querySelector<HTMLElement>('[data-prompt-start]:not(:disabled)') ??
    prompt.querySelector<HTMLElement>('button:not(:disabled), input:not(:disabled), textarea:not(:disabled), select:not(:disabled), a[href]');
  (first ?? prompt).focus();
}

function focusPromptWhenDrawn(sessionId: string, frames = MAX_FRAMES): void {
  const prompt = document.getElementById(panelId(sessionId))?.querySelector<HTMLElement>('.prompt');
  if (prompt && prompt.offsetParent !== null) {
    focusPromptControl(prompt);
    return;
  }
  if (frames > 0) requestAnimationFrame(() => focusPromptWhenDrawn(sessionId, frames - 1));
}

export function useJumpToPrompt(): void {
  const onKey = useCallback((e: KeyboardEvent) => {
    if (!isJumpKey(e) || e.defaultPrevented || e.isComposing) return;
    // A modal dialog keeps its keys (and its focus).
    if (document.activeElement?.closest('dialog[open]')) return;
    e.preventDefault();
    const { sessions, order, activeId, setActive } = clideStore.getState();
    const waiting = inboxEntries(sessions, order);
    const target = waiting.find((w) => w.sessionId === activeId) ?? waiting[0];
    if (!target) {
      announce('Nothing waits for you');
      return;
    }
    if (target.sessionId !== activeId) setActive(target.sessionId);
    focusPromptWhenDrawn(target.sessionId);
  }, []);
  useWindowKeys(onKey);
}
