import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { placedByApp } from '../../lib/focus';

const NEAR_BOTTOM_PX = 48;
/**
 * How long after the pointer last moved over the content the view holds still: a person moves
 * onto a control, then presses; a row arriving in between would move the control away first.
 */
const AIM_MS = 600;
const UP_KEYS = new Set(['PageUp', 'ArrowUp', 'Home']);
const DOWN_KEYS = new Set(['PageDown', 'ArrowDown', ' ']);

export interface StickOptions {
  /** Start pinned to the bottom (a fresh tab) or where the person left it. */
  initiallyStuck?: boolean;
  initialOffset?: number;
}

/**
 * Keep a scroller pinned to its bottom while content grows (a reply streaming in, a burst of
 * whole messages, a virtualised row measured taller than guessed), unless the person scrolled
 * up to read; then offer a way back instead of yanking them down.
 *
 * Only the person's own gestures unpin: a wheel or touch moving up, an upward key, a press on
 * the scrollbar, keyboard focus moving to something above the view, or Find (`unstick`). A
 * scroll event alone never does: while messages arrive fast, layout changes, re-measured rows
 * and the list's own offset corrections fire scroll events that cannot be told apart from the
 * person's, and reading one as "they left the bottom" is what made the view stop following. Reaching the bottom again, the End key or
 * "Jump to latest" pin once more.
 *
 * A press inside the content holds the view still until it is released, and so does the pointer
 * moving over it, for a moment after it stops (AIM_MS): a row arriving between the pointer
 * reaching a control and the release would move what is under the pointer, and the click would
 * land on another control or on none. Then the view catches up and follows again, unless the
 * press selected text: the person is reading there.
 */
export function useStickToBottom({ initiallyStuck = true, initialOffset }: StickOptions = {}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(initiallyStuck);
  const [away, setAway] = useState(!initiallyStuck);

  // Before the first paint: land at the bottom, or where the person was.
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    if (stuck.current) el.scrollTop = el.scrollHeight;
    else if (initialOffset !== undefined) el.scrollTop = initialOffset;
    // Only on mount: later changes are the person's own scrolling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = scrollerRef.current;
    const inner = contentRef.current;
    if (!el || !inner) return;
    const gap = () => el.scrollHeight - el.scrollTop - el.clientHeight;
    // A press inside the content is under way, or the pointer is aiming (see above).
    let held = false;
    let aiming = false;
    const pin = () => {
      if (!held && !aiming && gap() >= 1) el.scrollTop = el.scrollHeight;
    };
    // Set by the person heading down (or taking the scrollbar): reaching the bottom then means
    // they came back. A scroll event alone cannot say so: one queued by our own pin can arrive
    // just after the person's wheel up, still at the bottom.
    let returning = false;
    const onScroll = () => {
      const near = gap() <= NEAR_BOTTOM_PX;
      if (!stuck.current && near && returning) stuck.current = true;
      if (stuck.current && !near) pin();
      setAway(!stuck.current && !near);
    };
    const leave = () => {
      stuck.current = false;
      returning = false;
    };
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0) leave();
      else if (e.deltaY > 0) returning = true;
    };
    const onKey = (e: KeyboardEvent) => {
      // Home on the list (or an entry in it) goes to the very top at once. The browser's own Home
      // scrolls smoothly, and the virtual list corrects the offset as rows above the view are
      // measured: each correction cancels the animation, leaving the view stuck partway up.
      if (e.key === 'Home' && scrollsList(e.target) && !(e.altKey || e.ctrlKey || e.metaKey || e.shiftKey)) {
        e.preventDefault();
        leave();
        el.scrollTop = 0;
        return;
      }
      if (UP_KEYS.has(e.key) || (e.key === ' ' && e.shiftKey)) leave();
      // End asks for the bottom: follow from now on, even while a burst outruns the scroll.
      else if (e.key === 'End') stuck.current = true;
      else if (DOWN_KEYS.has(e.key)) returning = true;
    };
    const scrollsList = (t: EventTarget | null) =>
      t === el || (t instanceof HTMLElement && el.contains(t) && !t.matches('input, textarea, select, button, [contenteditable]'));
    // Focus moved from the keyboard (Tab, Shift+Tab, Alt+Up) to something above the view: the
    // browser scrolls up to it (with Tab, before the focus event: the view is then away from the
    // bottom), and the person reads there now. Still following, the view would be pinned back
    // to the bottom at once and the focused control would be out of sight. (Focus set by the
    // app, such as a new prompt taking it, is not the person's move: placedByApp.)
    const onFocusIn = (e: FocusEvent) => {
      const t = e.target;
      if (!(t instanceof HTMLElement) || t === el || placedByApp() || !t.matches(':focus-visible')) return;
      if (t.getBoundingClientRect().top < el.getBoundingClientRect().top || gap() > NEAR_BOTTOM_PX) leave();
    };
    const onPointer = (e: PointerEvent) => {
      // The scrollbar: the pointer lands on the scroller itself, right of its content.
      if (e.target === el && e.offsetX > el.clientWidth) {
        leave();
        returning = true;
        return;
      }
      held = true;
    };
    // Where the pointer was: the browser also sends a move, at the same place, when the content
    // scrolls under a pointer that rests, and following must not hold itself up.
    let pointerAt = '';
    let aimed: ReturnType<typeof setTimeout> | undefined;
    const onMove = (e: PointerEvent) => {
      const at = `${e.screenX},${e.screenY}`;
      if (e.pointerType === 'touch' || at === pointerAt) return;
      pointerAt = at;
      aiming = true;
      clearTimeout(aimed);
      aimed = setTimeout(() => {
        aiming = false;
        if (stuck.current) pin();
      }, AIM_MS);
    };
    let releasing: ReturnType<typeof setTimeout> | undefined;
    const onRelease = () => {
      if (!held) return;
      // The click is dispatched right after the release: let it land before the view moves.
      clearTimeout(releasing);
      releasing = setTimeout(() => {
        held = false;
        const selection = window.getSelection();
        if (selection && !selection.isCollapsed && selection.anchorNode && el.contains(selection.anchorNode)) leave();
        else if (stuck.current) pin();
        setAway(!stuck.current && gap() > NEAR_BOTTOM_PX);
      }, 0);
    };
    let touchY = 0;
    const onTouchStart = (e: TouchEvent) => {
      touchY = e.touches[0]?.clientY ?? 0;
    };
    const onTouchMove = (e: TouchEvent) => {
      // A finger moving down drags the content down: the view moves up.
      const y = e.touches[0]?.clientY ?? touchY;
      if (y > touchY) leave();
      else if (y < touchY) returning = true;
      touchY = y;
    };
    const grow = new ResizeObserver(() => {
      if (stuck.current) pin();
      // Left where it is (text selected there) while content grows below: no scroll event says
      // so, and the way back down must show.
      else setAway(gap() > NEAR_BOTTOM_PX);
    });
    grow.observe(inner);
    grow.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('pointerdown', onPointer);
    inner.addEventListener('pointermove', onMove);
    // On the window: the pointer may be released outside the transcript, or outside the window
    // (which then only loses the focus).
    window.addEventListener('pointerup', onRelease);
    window.addEventListener('pointercancel', onRelease);
    window.addEventListener('blur', onRelease);
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: true });
    return () => {
      grow.disconnect();
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('pointerdown', onPointer);
      inner.removeEventListener('pointermove', onMove);
      clearTimeout(aimed);
      window.removeEventListener('pointerup', onRelease);
      window.removeEventListener('pointercancel', onRelease);
      window.removeEventListener('blur', onRelease);
      clearTimeout(releasing);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
    };
  }, []);

  const jump = useCallback(() => {
    stuck.current = true;
    setAway(false);
    const el = scrollerRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  /** Stop following the bottom (find moved to a match further up). */
  const unstick = useCallback(() => {
    stuck.current = false;
  }, []);

  return { scrollerRef, contentRef, away, jump, unstick, stuck };
}
