import { useCallback, useEffect, useRef, useState } from 'react';

const NEAR_BOTTOM_PX = 48;

/**
 * Keep a scroller pinned to its bottom while content grows (a reply streaming in), unless the
 * person scrolled up to read; then offer a way back instead of yanking them down.
 */
export function useStickToBottom() {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stuck = useRef(true);
  const [away, setAway] = useState(false);

  useEffect(() => {
    const el = scrollerRef.current;
    const inner = contentRef.current;
    if (!el || !inner) return;
    const onScroll = () => {
      const near = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM_PX;
      stuck.current = near;
      setAway(!near);
    };
    // A wheel or key scroll upwards unpins at once, before content growth can pull it back down.
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY < 0) stuck.current = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'PageUp' || e.key === 'ArrowUp' || e.key === 'Home') stuck.current = false;
    };
    const grow = new ResizeObserver(() => {
      if (stuck.current) el.scrollTop = el.scrollHeight;
    });
    grow.observe(inner);
    grow.observe(el);
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', onWheel, { passive: true });
    el.addEventListener('keydown', onKey);
    el.scrollTop = el.scrollHeight;
    return () => {
      grow.disconnect();
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('keydown', onKey);
    };
  }, []);

  const jump = useCallback(() => {
    stuck.current = true;
    setAway(false);
    const el = scrollerRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  return { scrollerRef, contentRef, away, jump };
}
