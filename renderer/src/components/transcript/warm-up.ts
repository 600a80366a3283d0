// Costs paid once per window (locale data for times, the markdown parser's first run) are paid
// while the window is idle, not by the first long tab the person opens.
import { clockTime } from '../../lib/clock';

let done = false;

export function warmUpOnce(parse: (text: string) => unknown): void {
  if (done) return;
  done = true;
  const idle = (f: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 200));
  idle(() => {
    clockTime(0);
    idle(() => parse('Warm **up**: `code`, a [link](https://example.com).\n\n- [x] task\n\n| a |\n|---|\n| b |'));
  });
}
