// Where keyboard focus goes back to. The composer registers itself; prompts and example
// buttons hand focus to it without reaching into another component's refs.
let composer: HTMLTextAreaElement | null = null;

export function registerComposer(el: HTMLTextAreaElement | null): void {
  composer = el;
}

/** Forget `el` if it is the registered composer (its pane left the screen). */
export function unregisterComposer(el: HTMLTextAreaElement | null): void {
  if (composer === el) composer = null;
}

export function focusComposer(): void {
  if (composer && !composer.disabled) composer.focus();
}

let afterDialog: (() => void) | undefined;

/**
 * Where the focus goes when the open dialog closes, instead of back to what opened it: a dialog
 * that made a new tab hands it to that tab's message box. (While the dialog is open the rest of
 * the window is inert, so the new tab could not take it itself.)
 */
export function focusAfterDialog(place: () => void): void {
  afterDialog = place;
}

/** For the closing dialog: the place set by focusAfterDialog, once. */
export function takeFocusAfterDialog(): (() => void) | undefined {
  const place = afterDialog;
  afterDialog = undefined;
  return place;
}

/**
 * The person is moving through the tab strip with the keyboard (arrow keys on a tab): the pane
 * that comes into view must not take the focus from the tabs, or the next arrow goes nowhere.
 * A tab clicked with the mouse is not focus-visible, and the pane takes focus as usual.
 */
export function walkingTabs(): boolean {
  return document.activeElement instanceof HTMLElement && document.activeElement.matches('[role="tab"]:focus-visible');
}

let placing = false;

/**
 * Give `el` the focus on the app's own account (a new prompt taking it so keys reach it), not as
 * a move of the person's: the view is not scrolled, and the transcript does not read it as the
 * person going up to read (placedByApp).
 */
export function placeFocus(el: HTMLElement): void {
  placing = true;
  try {
    el.focus({ preventScroll: true });
  } finally {
    placing = false;
  }
}

/** True inside placeFocus: the focus event under way was the app's, not the person's. */
export function placedByApp(): boolean {
  return placing;
}
