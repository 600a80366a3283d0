// What a tab in the strip shows of the split view: which pane holds it, and whether that pane
// shows it (the focused pane's tab is the selected one; the other pane's is marked too).
import { sideOf, type PaneSide } from '../../store/split';
import { useClide } from '../../store/store';

export function useTabPane(sessionId: string): { side: PaneSide | undefined; shown: boolean } {
  const side = useClide((s) => (s.split ? sideOf(s.split, sessionId) : undefined));
  const shown = useClide((s) => (s.split ? s.split.shown.left === sessionId || s.split.shown.right === sessionId : false));
  return { side, shown };
}

/** Said after the tab's name in a split: "in the right pane", "shown in the left pane". */
export function paneWords(side: PaneSide | undefined, shown: boolean): string | undefined {
  if (!side) return undefined;
  return `${shown ? 'shown ' : ''}in the ${side} pane`;
}
