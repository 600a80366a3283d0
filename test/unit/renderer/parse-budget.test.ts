// The live chunk's parses are spaced by what the last one cost (lib/transcript/parse-budget.ts).
import { describe, expect, it } from 'vitest';
import { FREE_MS, ParseBudget, SPACING } from '../../../renderer/src/lib/transcript/parse-budget';

describe('ParseBudget', () => {
  it('lets a cheap chunk be parsed every frame', () => {
    const b = new ParseBudget();
    expect(b.wait(0)).toBe(0);
    b.spent(FREE_MS - 0.5, 100);
    expect(b.wait(100)).toBe(0);
  });

  it('spaces a costly chunk by a multiple of its cost, then lets it go', () => {
    const b = new ParseBudget();
    b.spent(12, 1000);
    expect(b.wait(1000)).toBe(12 * SPACING);
    expect(b.wait(1000 + 12 * SPACING - 1)).toBe(1);
    expect(b.wait(1000 + 12 * SPACING)).toBe(0);
    // It got cheap again (the chunk finished and a short one is live): no wait.
    b.spent(1, 1100);
    expect(b.wait(1100)).toBe(0);
  });

  it('times the parse it runs', () => {
    const b = new ParseBudget();
    const out = b.timed(() => {
      const until = performance.now() + 10;
      while (performance.now() < until);
      return 'parsed';
    });
    expect(out).toBe('parsed');
    expect(b.wait()).toBeGreaterThan(10);
  });
});
