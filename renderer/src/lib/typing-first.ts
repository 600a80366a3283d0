// Typing comes before streaming text. A keystroke is painted in the first frame after it, and
// that frame must not also carry a streaming reply's markdown render (the costliest thing a
// frame does while a reply streams). While the person is typing, a reply shown beside the box
// is redrawn at most every PACED_MS and never in the frame just after a key; otherwise every
// frame. Nobody notices a reply's words arriving in 50 ms steps while they type; a late
// character in the box is felt. A held-down key (a key every frame) still lets the reply move
// every MAX_WAIT_MS.
const FRAME_MS = 1000 / 60;
/** A key within this long means the person is typing. */
const TYPING_MS = 500;
const PACED_MS = 50;
const MAX_WAIT_MS = 100;

let lastKey = Number.NEGATIVE_INFINITY;
let lastRun = Number.NEGATIVE_INFINITY;
/** The frame (its rAF timestamp) that streaming text was last drawn in: every block streaming
 * at once draws in that same frame, so none of them waits on another's turn. */
let drawFrame = Number.NaN;
let watching = false;

/** A key was pressed now (the window's key listener; tests call it directly). */
export function noteTyping(): void {
  lastKey = performance.now();
}

function watch(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  // Capture phase: seen even when a handler stops the event.
  window.addEventListener('keydown', noteTyping, true);
  window.addEventListener('input', noteTyping, true);
}

/** Whether streaming text may be drawn in the frame starting now. */
export function mayDrawStreaming(now: number, key = lastKey, run = lastRun): boolean {
  if (now - key >= TYPING_MS) return true;
  if (now - run >= MAX_WAIT_MS) return true;
  return now - key >= FRAME_MS && now - run >= PACED_MS;
}

/**
 * Whether streaming text may be drawn right now, in the render under way, rather than in the
 * next animation frame: nobody is typing, and no streaming text was drawn within the last frame.
 * The host already sends at most one batch a frame, so drawing each as it comes costs no more
 * renders, and the words reach the screen a frame sooner (R10). Notes the draw when it says yes.
 */
export function drawStreamingNow(now = performance.now()): boolean {
  watch();
  if (now - lastKey < TYPING_MS || now - lastRun < FRAME_MS) return false;
  lastRun = now;
  return true;
}

/**
 * Run `work` (a streaming redraw) in the first animation frame that typing leaves it.
 * Returns a cancel.
 */
export function frameAfterTyping(work: () => void): () => void {
  watch();
  let id = 0;
  const tick = (frame: number) => {
    if (frame !== drawFrame) {
      const now = performance.now();
      if (!mayDrawStreaming(now)) {
        id = requestAnimationFrame(tick);
        return;
      }
      lastRun = now;
      drawFrame = frame;
    }
    work();
  };
  id = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(id);
}
