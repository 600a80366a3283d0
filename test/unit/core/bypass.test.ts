// Bypass permissions is made available at spawn wherever the CLI accepts the flag.
import { describe, expect, it } from 'vitest';
import { ALLOW_BYPASS_FLAG, bypassChoice } from '../../../electron/core/bypass';

describe('bypassChoice', () => {
  it('allows bypass for an ordinary user', () => {
    expect(bypassChoice({}, 1000)).toEqual({ args: [ALLOW_BYPASS_FLAG], available: true });
    expect(bypassChoice({}, null).available).toBe(true);
  });

  it('leaves the flag out as root, where the CLI would refuse to start, and says why', () => {
    const c = bypassChoice({}, 0);
    expect(c.args).toEqual([]);
    expect(c.available).toBe(false);
    expect(c.reason).toContain('root');
  });

  it('allows it as root in a sandbox the CLI accepts (IS_SANDBOX=1)', () => {
    expect(bypassChoice({ IS_SANDBOX: '1' }, 0).available).toBe(true);
  });
});
