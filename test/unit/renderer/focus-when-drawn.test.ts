// The keyboard walk waits for a row the virtual list has not drawn yet. Only the newest wait
// may take the focus: an older one, or one whose start the person has left, must not pull the
// focus back to its row when that row comes into view later.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { focusRowWhenDrawn, stopWaitingForRow } from '../../../renderer/src/components/transcript/focus-when-drawn';

/** Just enough of the page: elements that take the focus, a list that draws rows on demand, frames run by hand. */
class Focusable {
  constructor(readonly name: string) {}
  focus(): void {
    page.activeElement = this;
  }
  querySelector(): null {
    return null;
  }
}

const page = { activeElement: null as Focusable | null, body: new Focusable('body') };
const drawn = new Map<number, Focusable>();
const list = {
  querySelector(selector: string) {
    const index = Number(/data-index="(\d+)"/.exec(selector)?.[1]);
    return drawn.get(index) ?? null;
  },
} as unknown as HTMLElement;
let frames: Array<() => void> = [];

function runFrames(n: number): void {
  for (let i = 0; i < n; i++) {
    const due = frames;
    frames = [];
    for (const f of due) f();
  }
}

beforeEach(() => {
  vi.stubGlobal('document', page);
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  drawn.clear();
  frames = [];
  page.activeElement = page.body;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('focusRowWhenDrawn', () => {
  it('focuses a drawn row at once, and a row not drawn yet once it is', () => {
    drawn.set(9, new Focusable('row 9'));
    focusRowWhenDrawn(list, 9);
    expect(page.activeElement?.name).toBe('row 9');

    focusRowWhenDrawn(list, 3);
    runFrames(5);
    expect(page.activeElement?.name).toBe('row 9');
    drawn.set(3, new Focusable('row 3'));
    runFrames(1);
    expect(page.activeElement?.name).toBe('row 3');
  });

  it('keeps waiting when the focus is merely lost (the row it was on left the list)', () => {
    page.activeElement = new Focusable('row 40');
    focusRowWhenDrawn(list, 2);
    page.activeElement = page.body;
    runFrames(3);
    drawn.set(2, new Focusable('row 2'));
    runFrames(1);
    expect(page.activeElement?.name).toBe('row 2');
  });

  it('an older wait never takes the focus after a newer walk', () => {
    focusRowWhenDrawn(list, 3);
    drawn.set(12, new Focusable('row 12'));
    focusRowWhenDrawn(list, 12);
    expect(page.activeElement?.name).toBe('row 12');
    drawn.set(3, new Focusable('row 3'));
    runFrames(10);
    expect(page.activeElement?.name).toBe('row 12');
  });

  it('a wait ends when the person moves the focus, or the walk goes on to the prompt', () => {
    focusRowWhenDrawn(list, 3);
    new Focusable('Allow').focus();
    drawn.set(3, new Focusable('row 3'));
    runFrames(10);
    expect(page.activeElement?.name).toBe('Allow');

    drawn.clear();
    focusRowWhenDrawn(list, 4);
    stopWaitingForRow();
    drawn.set(4, new Focusable('row 4'));
    runFrames(10);
    expect(page.activeElement?.name).toBe('Allow');
  });
});
