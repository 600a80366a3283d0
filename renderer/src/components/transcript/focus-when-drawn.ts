// The walk's wait for a row the virtual list has not drawn yet (use-walk-keys.ts). Only the
// newest walk waits: a key pressed again, or a focus the person moved meanwhile, ends an older
// wait, which would otherwise take the focus back to its row whenever that row came into view
// (a quick run of Alt+Up, then Alt+End, lost the prompt to a row far up).

/** How long to wait for a row scrolled to be drawn, in frames (a busy machine may need many). */
const MAX_FRAMES = 600;

let newest = 0;

/** What in a drawn row takes the focus: the entry itself (focusable for this), else its first button. */
function focusable(row: HTMLElement): HTMLElement {
  return row.querySelector<HTMLElement>('[tabindex="-1"], button') ?? row;
}

/** The person put the focus somewhere else (not merely lost: a row left the list takes it to the body). */
function movedAway(from: Element | null): boolean {
  const now = document.activeElement;
  return now !== from && now !== null && now !== document.body;
}

/** Focus row `index` of `list` once it is drawn; any earlier wait ends here. */
export function focusRowWhenDrawn(list: HTMLElement, index: number): void {
  const walk = ++newest;
  const from = document.activeElement;
  const attempt = (frames: number) => {
    if (walk !== newest || movedAway(from)) return;
    const row = list.querySelector<HTMLElement>(`.transcript-row[data-index="${index}"][data-row-id]`);
    if (row) return focusable(row).focus();
    if (frames > 0) requestAnimationFrame(() => attempt(frames - 1));
  };
  attempt(MAX_FRAMES);
}

/** Ends the wait, if any (the walk went to the prompt or the message box instead). */
export function stopWaitingForRow(): void {
  newest += 1;
}
