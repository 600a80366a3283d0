// Adding usage figures up, the same in the core (the report) and the window (periods of the
// Usage view). No zod: only the type comes from the contract (shared/usage-report.ts).
import type { UsageFigures } from './usage-report';

export const emptyFigures = (): UsageFigures => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0, messages: 0, reported: 0, priced: 0, unpriced: 0 });

export function addFigures(to: UsageFigures, f: UsageFigures): void {
  to.input += f.input;
  to.output += f.output;
  to.cacheRead += f.cacheRead;
  to.cacheWrite += f.cacheWrite;
  to.messages += f.messages;
  to.reported += f.reported;
  to.priced += f.priced;
  to.unpriced += f.unpriced;
}
