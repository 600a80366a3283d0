// The bar between the two panes: drag it, or focus it and use the arrow keys (Home and End for
// the limits, Enter for half and half). A window splitter in ARIA terms: aria-valuenow is the
// left pane's share of the width, in percent.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MAX_RATIO, MIN_RATIO } from '../../store/split';
import { useClide } from '../../store/store';

const STEP = 0.05;

export function Divider({ ratio }: { ratio: number }) {
  const setRatio = useClide((s) => s.setSplitRatio);
  const dragging = useRef(false);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const to =
      e.key === 'ArrowLeft'
        ? ratio - STEP
        : e.key === 'ArrowRight'
          ? ratio + STEP
          : e.key === 'Home'
            ? MIN_RATIO
            : e.key === 'End'
              ? MAX_RATIO
              : e.key === 'Enter'
                ? 0.5
                : undefined;
    if (to === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    setRatio(Math.round(to * 100) / 100);
  };

  const follow = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const box = e.currentTarget.parentElement?.getBoundingClientRect();
    if (!box || box.width <= 0) return;
    setRatio((e.clientX - box.left) / box.width);
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize the panes"
      aria-valuenow={Math.round(ratio * 100)}
      aria-valuemin={MIN_RATIO * 100}
      aria-valuemax={MAX_RATIO * 100}
      aria-valuetext={`left pane ${Math.round(ratio * 100)}%`}
      tabIndex={0}
      className="pane-divider"
      title="Drag to resize; double-click for half and half"
      onKeyDown={onKeyDown}
      onDoubleClick={() => setRatio(0.5)}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        dragging.current = true;
        e.currentTarget.setPointerCapture(e.pointerId);
        e.preventDefault();
      }}
      onPointerMove={follow}
      onPointerUp={(e) => {
        dragging.current = false;
        e.currentTarget.releasePointerCapture(e.pointerId);
      }}
      onLostPointerCapture={() => (dragging.current = false)}
    />
  );
}
