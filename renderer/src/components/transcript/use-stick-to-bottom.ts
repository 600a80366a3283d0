import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

const NEAR_BOTTOM_PX = 48;

export interface StickOptions {
  /** Start pinned to the bottom (a fresh tab) or where the person left it. */
  initiallyStuck?: boolean;
  initialOffset?: number;
}

/**
 * Keep a scroller pinned to its bottom while content grows (a reply streaming in, a virtualised
 * row measured taller than guessed), unless the person scrolled up to read; then offer a way
 * back instead of yanking them down.
 */
export function useStickToBottom({ initiallyStuck = true, initialOffset }: StickOptions = {}) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(initiallyStuck);
  const [away, setAway] = useState(!initiallyStuck);
  // Set when our own code scrolls (a pin, the virtual list correcting its offset): the scroll
  // event that follows is not the person leaving the bottom.
  const programmatic = useRef(false);
  const clearing = useRef(0);
  const noteProgrammatic = useCallback(() => {
    programmatic.current = true;
    // A scroll's event arrives before the next frame's callbacks; one that moved nothing has
    // none, and must not leave the flag set for the person's next scroll.
    if (!clearing.current) {
      clearing.current = requestAnimationFrame(() => {
        clearing.current = 0;
        programmatic.current = false;
      });
    }
  }, []);

  // Before the first paint: land at the bottom, or where the person was.
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    noteProgrammatic();
    if (stuck.current) el.scrollTop = el.scrollHeight;
    else if (initialOffset !== undefined) el.scrollTop = initialOffset;
    // Only on mount: later changes are the person's own scrolling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const el = scrollerRef.current;
    const inner = contentRef.current;
    if (!el || !inner) return;
    const onScroll = () => {
      const near = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
      if (programmatic.current) {
        programmatic.current = false;
        if (stuck.current && !near) {
          noteProgrammatic();
          el.scrollTop = el.scrollHeight;
          return;
        }
      } else {
        stuck.current = near;
      }
      setAway(!near && !stuck.current);
    };
    // A wheel or key scroll upwards unpins at once, before content growth can pull it back down.
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0) stuck.current = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'PageUp' || e.key === 'ArrowUp' || e.key === 'Home') stuck.current = false;
    };
    const onPointer = (e: PointerEvent) => {
      // Dragging the scrollbar: the pointer lands on the scroller itself, right of its content.
      if (e.target === el && e.offsetX > el.clientWidth) stuck.current = false;
    };
    const grow = new ResizeObserver(() => {
      if (!stuck.current || el.scrollHeight - el.scrollTop - el.clientHeight < 1) return;
      noteProgrammatic();
      el.scrollTop = el.scrollHeight;
    });
    grow.observe(inner);
    grow.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointer);
    return () => {
      grow.disconnect();
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointer);
    };
  }, [noteProgrammatic]);

  const jump = useCallback(() => {
    stuck.current = true;
    setAway(false);
    const el = scrollerRef.current;
    if (!el) return;
    noteProgrammatic();
    el.scrollTop = el.scrollHeight;
  }, [noteProgrammatic]);

  /** Stop following the bottom (find moved to a match further up). */
  const unstick = useCallback(() => {
    stuck.current = false;
  }, []);

  return { scrollerRef, contentRef, away, jump, unstick, stuck, noteProgrammatic };
}
