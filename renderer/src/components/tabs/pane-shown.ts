// Whether the session pane a component sits in is the one on screen. A kept pane that is only
// hidden by CSS (the tab shown just before, see kept-panes.tsx) keeps its effects running, so
// whatever should happen when a pane comes into view (focus, global keys) follows this instead
// of mount and unmount. Outside a pane (the inbox, dialogs) it is always true.
import { createContext, useContext } from 'react';

export const PaneShownContext = createContext(true);

export function usePaneShown(): boolean {
  return useContext(PaneShownContext);
}
