// The DOM ids that tie a tab to its panel (aria-controls / aria-labelledby), used by the tab
// strip, each tab and the panes.
export function tabId(sessionId: string): string {
  return `tab-${sessionId}`;
}

export function panelId(sessionId: string): string {
  return `panel-${sessionId}`;
}

/** What a dragged tab carries (its id): the strip reorders with it, the split view's drop zones take it. */
export const TAB_DRAG_TYPE = 'application/x-clide-tab';
