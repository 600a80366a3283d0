// Keys go where the person meant. A shortcut that opens a part loaded on demand (the palette,
// find, a dialog, a panel: lib/lazy-part.ts) draws it some 200 ms later the first time; keys
// typed meanwhile would land in whatever had focus (the message box: Ctrl+K, "split", Enter sent
// "split" to Claude). So from the shortcut until the part is drawn every key is held here, in
// one queue for the whole window, and then replayed, in order, to whatever has focus once it is
// drawn, exactly as if the part had been there at once: letters into the palette's field, Enter
// to the palette. The same for the keys typed before the first screen is up (early.ts starts
// that hold), except that an Enter typed then sends nothing: what was typed waits in the box.
//
// How a held key is replayed: key-replay.ts.

export interface HeldKey {
  init: KeyboardEventInit;
  /** An Enter that may act (false for keys typed before the first screen). */
  submit: boolean;
}

export interface KeyHold {
  /** The part is drawn: replay what was held (once every hold is released). */
  release(): void;
  /** The part will not come (it failed to load): forget what was typed for it. */
  drop(): void;
}

const queue: HeldKey[] = [];
const holds = new Set<object>();
/** The policy of the newest hold, for keys held from now on. */
let submit = true;
let draining = false;
let listening = false;
const replayed = new WeakSet<Event>();

/** Keys not held: a lone modifier, an input method's, the browser's own (F-keys; with Ctrl/Cmd,
 * R reloads and Shift+I, J or C open the developer tools). */
const NOT_HELD = /^(Shift|Control|Alt|AltGraph|Meta|CapsLock|Fn|OS|Process|Unidentified|F\d+)$/;
const BROWSER_KEYS = /^[rRIJC]$/;

function onKey(e: KeyboardEvent): void {
  if (replayed.has(e) || (holds.size === 0 && queue.length === 0 && !draining)) return;
  if (e.isComposing || NOT_HELD.test(e.key) || ((e.ctrlKey || e.metaKey) && BROWSER_KEYS.test(e.key))) return;
  e.preventDefault();
  e.stopImmediatePropagation();
  queue.push({
    init: {
      key: e.key,
      code: e.code,
      ctrlKey: e.ctrlKey,
      shiftKey: e.shiftKey,
      altKey: e.altKey,
      metaKey: e.metaKey,
    },
    submit,
  });
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  // The capture phase of the window: before React's listeners on the root and every other one.
  window.addEventListener('keydown', onKey, true);
}

/** Hold every key from now until the returned hold is released (or dropped). */
export function holdKeys(options: { submit?: boolean } = {}): KeyHold {
  listen();
  const token = {};
  holds.add(token);
  submit = options.submit ?? true;
  // Keys already waiting go to what this hold opens, under its rules, as keys typed after it.
  for (const k of queue) k.submit = submit;
  let done = false;
  const end = () => {
    if (done) return false;
    done = true;
    holds.delete(token);
    // Keys typed from now on are typed with everything on screen: an Enter acts.
    if (holds.size === 0) submit = true;
    return true;
  };
  return {
    release() {
      if (end()) drainSoon();
    },
    drop() {
      if (!end()) return;
      queue.length = 0;
      drainSoon();
    },
  };
}

function drainSoon(): void {
  // Nothing typed meanwhile: nothing to replay (and no chunk to fetch, maybe from a host that is gone).
  if (holds.size > 0 || draining || queue.length === 0) return;
  draining = true;
  // After the part's first frame: its effects have run (a dialog opened, its field focused).
  // The replay is a file of its own, loaded when keys are first held: the first screen does
  // not carry it.
  const replay = import('./key-replay');
  requestAnimationFrame(() =>
    setTimeout(() => {
      replay
        .then((m) => m.drain(queue, holds, replayed))
        .catch((err: unknown) => {
          // It could not be loaded (the host was rebuilt or restarted since the page opened): the
          // keys are lost, not misplaced; said in the console, not as an error of the page.
          queue.length = 0;
          console.warn('clide: the keys typed while a part was loading could not be replayed:', err);
        })
        .finally(() => (draining = false));
    }, 0),
  );
}

let firstScreen: KeyHold | undefined;

/**
 * Hold the keys typed before the first screen is up (the page's first script, early.ts), for
 * it; an Enter typed then sends nothing (what was typed waits in the box).
 */
export function holdKeysForFirstScreen(): void {
  firstScreen ??= holdKeys({ submit: false });
}

/** The first screen is up (preloadParts): replay what was typed before it. */
export function releaseFirstScreenKeys(): void {
  firstScreen?.release();
}
