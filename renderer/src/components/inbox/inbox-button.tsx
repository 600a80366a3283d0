// The "needs you" inbox: a badge with how many prompts, questions and plan approvals wait across
// all tabs, opening a panel where each can be answered without switching tabs.
import { useEffect, useId, useRef } from 'react';
import { pendingCount } from '../../store/attention';
import { clideStore, useClide } from '../../store/store';
import { lazyPart } from '../../lib/lazy-part';
import { LazyView } from '../common/lazy-view';

/** The list of what waits, a part loaded when the inbox first opens (or before, in the background). */
const inboxPanel = lazyPart('the inbox', () => import('./inbox-panel'));

export function InboxButton() {
  const count = useClide((s) => pendingCount(s.sessions));
  const open = useClide((s) => s.dialog === 'inbox');
  const openDialog = useClide((s) => s.openDialog);
  const panelId = useId();
  const panel = useRef<HTMLDivElement>(null);

  // The panel is a popover (top layer, light dismiss); the store says whether it is open so
  // the rest of the app (keys, notifications) can tell.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    if (open && !el.matches(':popover-open')) el.showPopover();
    if (!open && el.matches(':popover-open')) el.hidePopover();
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="inbox-button"
        data-count={count || undefined}
        aria-expanded={open}
        title={count ? `${count} waiting for you across your sessions` : 'Nothing waits for you'}
        popoverTarget={panelId}
      >
        <span aria-hidden="true" className="inbox-glyph">
          ⚑
        </span>
        <span className="inbox-count" aria-hidden="true">
          {count}
        </span>
        {/* The name, from the content rather than aria-label, so it holds the count it shows. */}
        <span className="visually-hidden">{count ? `Needs you: ${count} waiting` : 'Needs you: nothing waiting'}</span>
      </button>
      <div
        ref={panel}
        id={panelId}
        popover="auto"
        className="inbox-panel"
        role="region"
        aria-label="Needs you"
        onKeyDownCapture={(e) => {
          // Esc closes the inbox, unless the person chose a card on purpose: there it denies,
          // exactly as in the transcript.
          if (e.key !== 'Escape' || (e.target as HTMLElement).closest('[data-armed]')) return;
          e.preventDefault();
          e.stopPropagation();
          panel.current?.hidePopover();
        }}
        onToggle={(e) => {
          const nowOpen = (e.nativeEvent as ToggleEvent).newState === 'open';
          const current = clideStore.getState().dialog;
          if (nowOpen && current !== 'inbox') openDialog('inbox');
          else if (!nowOpen && current === 'inbox') openDialog(undefined);
        }}
      >
        <LazyView part={inboxPanel} when={open}>
          {(m) => <m.InboxPanel onOpenTab={() => openDialog(undefined)} />}
        </LazyView>
      </div>
    </>
  );
}
