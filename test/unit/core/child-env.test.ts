// What a `claude` child inherits: the app's environment minus variables that would change how
// it behaves or let someone inject code into it.
import { describe, expect, it } from 'vitest';
import { childEnv, isDroppedEnvName } from '../../../electron/core/child-env';

describe('the child environment', () => {
  const base = {
    PATH: '/usr/bin',
    HOME: '/home/me',
    ANTHROPIC_API_KEY: 'sk-ant-x',
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:1',
    HTTPS_PROXY: 'http://proxy:3128',
    CLAUDECODE: '1',
    NODE_OPTIONS: '--require /tmp/evil.js',
    ELECTRON_RUN_AS_NODE: '1',
    ELECTRON_NO_ATTACH_CONSOLE: '1',
    ELECTRON_ENABLE_LOGGING: 'true',
    Node_Options: '--import /tmp/evil.mjs',
    electron_run_as_node: '1',
    UNSET: undefined,
  };

  it('keeps what the CLI needs (API, proxy, paths)', () => {
    const env = childEnv(base);
    expect(env).toMatchObject({
      PATH: '/usr/bin',
      HOME: '/home/me',
      ANTHROPIC_API_KEY: 'sk-ant-x',
      ANTHROPIC_BASE_URL: 'http://127.0.0.1:1',
      HTTPS_PROXY: 'http://proxy:3128',
    });
  });

  it('drops CLAUDECODE, NODE_OPTIONS, ELECTRON_RUN_AS_NODE and every other ELECTRON_* in any letter case', () => {
    const env = childEnv(base);
    for (const k of [
      'CLAUDECODE',
      'NODE_OPTIONS',
      'ELECTRON_RUN_AS_NODE',
      'ELECTRON_NO_ATTACH_CONSOLE',
      'ELECTRON_ENABLE_LOGGING',
      'Node_Options',
      'electron_run_as_node',
    ]) {
      expect(env).not.toHaveProperty(k);
    }
    expect(Object.keys(env).sort()).toEqual(['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'HOME', 'HTTPS_PROXY', 'PATH']);
  });

  it('adds extras but never lets them reintroduce a dropped name', () => {
    const env = childEnv({ PATH: '/bin' }, { CLIDE_X: '1', NODE_OPTIONS: '--inspect', ELECTRON_RUN_AS_NODE: '1' });
    expect(env).toEqual({ PATH: '/bin', CLIDE_X: '1' });
  });

  it('does not modify its input', () => {
    const input = { ...base };
    childEnv(input);
    expect(input).toEqual(base);
  });

  it('names the rule', () => {
    expect(isDroppedEnvName('ELECTRON_FOO')).toBe(true);
    expect(isDroppedEnvName('claudecode')).toBe(true);
    expect(isDroppedEnvName('CLAUDE_CONFIG_DIR')).toBe(false);
    expect(isDroppedEnvName('NODE_PATH')).toBe(false);
  });
});
