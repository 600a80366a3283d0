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
