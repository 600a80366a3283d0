// The replay of the keys lib/key-hold.ts held, once nothing holds them any more: each one is
// dispatched as a keydown on the element that has focus now, so the app's own handlers (React's,
// the window shortcuts) see it as they would have; what the browser itself does with a key
// (insert a letter, delete one, a dialog's Esc) is done here, as a synthetic event gets none of it.
import type { HeldKey } from './key-hold';

export async function drain(queue: HeldKey[], holds: ReadonlySet<object>, replayed: WeakSet<Event>): Promise<void> {
  while (holds.size === 0) {
    const next = queue.shift();
    if (!next) break;
    try {
      deliver(next, replayed);
    } catch (err) {
      reportError(err);
    }
    // Let what the key did render (a letter filters the palette; Ctrl+K opens it and starts a
    // hold of its own, which the rest of the queue then waits for).
    await new Promise((r) => setTimeout(r, 0));
  }
}

function deliver({ init, submit }: HeldKey, replayed: WeakSet<Event>): void {
  if (init.key === 'Enter' && !submit) return;
  const target = document.activeElement ?? document.body;
  const event = new KeyboardEvent('keydown', { ...init, bubbles: true, cancelable: true, composed: true });
  replayed.add(event);
  target.dispatchEvent(event);
  if (event.defaultPrevented) return;
  // What typing does in a field (input events React's onChange sees, undo); nothing elsewhere
  // (execCommand would type into the page's last selection, wherever focus is).
  const plain = !init.ctrlKey && !init.metaKey && !init.altKey && target.matches('input, textarea, [contenteditable]');
  if (plain && init.key?.length === 1) document.execCommand('insertText', false, init.key);
  else if (plain && init.key === 'Backspace') document.execCommand('delete');
  else if (plain && init.key === 'Delete') document.execCommand('forwardDelete');
  else if (init.key === 'Escape') {
    // Esc in a modal dialog cancels it (Modal closes on its cancel event).
    const dialog = target.closest('dialog[open]');
    if (dialog) dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
  }
}
