// Drag a tab from the strip onto the left or right half of the session area to show it there:
// with one pane this opens the split, with two it moves the tab to that pane. While a tab is
// dragged over the area, the half it would land in is highlighted.
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import type { PaneSide } from '../../store/split';
import { clideStore } from '../../store/store';
import { TAB_DRAG_TYPE } from '../tabs/tab-ids';

export function useTabDrop() {
  const ref = useRef<HTMLDivElement>(null);
  const [zone, setZone] = useState<PaneSide | undefined>();

  // A drag that ends anywhere (dropped elsewhere, Esc) takes the highlight with it.
  useEffect(() => {
    if (!zone) return;
    const clear = () => setZone(undefined);
    window.addEventListener('dragend', clear, true);
    window.addEventListener('drop', clear, true);
    return () => {
      window.removeEventListener('dragend', clear, true);
      window.removeEventListener('drop', clear, true);
    };
  }, [zone]);

  const isTab = (e: DragEvent) => e.dataTransfer.types.includes(TAB_DRAG_TYPE) && clideStore.getState().order.length > 1;
  const sideAt = (e: DragEvent): PaneSide => {
    const box = ref.current?.getBoundingClientRect();
    return box && e.clientX >= box.left + box.width / 2 ? 'right' : 'left';
  };

  const over = useCallback((e: DragEvent<HTMLDivElement>) => {
    if (!isTab(e)) return;
    // Ours, not the composer's (which takes dropped images and text).
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'move';
    const side = sideAt(e);
    setZone((z) => (z === side ? z : side));
  }, []);

  const handlers = {
    onDragEnterCapture: over,
    onDragOverCapture: over,
    onDragLeave: (e: DragEvent<HTMLDivElement>) => {
      if (!ref.current?.contains(e.relatedTarget as Node | null)) setZone(undefined);
    },
    onDropCapture: (e: DragEvent<HTMLDivElement>) => {
      if (!isTab(e)) return;
      e.preventDefault();
      e.stopPropagation();
      const id = e.dataTransfer.getData(TAB_DRAG_TYPE);
      setZone(undefined);
      if (id) clideStore.getState().placeTab(id, sideAt(e));
    },
  };
  return { ref, zone, handlers };
}
