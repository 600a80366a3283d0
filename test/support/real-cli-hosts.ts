// A SessionHost over a real-CLI sandbox, for integration tests. Each one made in a test is shut
// down (the host first, then its sandbox) after that test, whether it passed or not.
import { afterEach } from 'vitest';
import { SessionHost, type HostOptions } from '../../electron/core/host';
import type { FakeReply, Responder } from './fake-api';
import { cliSandbox, type CliSandbox } from './real-cli';

export type OnRealCli = (script: Responder | FakeReply[], opts?: Partial<HostOptions>) => Promise<{ sandbox: CliSandbox; host: SessionHost }>;

/** Call once at the top of a test file; use what it returns inside the tests. */
export function realCliHosts(): OnRealCli {
  let made: Array<{ sandbox: CliSandbox; host: SessionHost }> = [];
  afterEach(async () => {
    const all = made;
    made = [];
    for (const { host, sandbox } of all) {
      await host.shutdown();
      await sandbox.cleanup();
    }
  });
  return async (script, opts = {}) => {
    const sandbox = await cliSandbox(script);
    // `env` adds to the sandbox's environment rather than replacing it.
    const { env, ...rest } = opts;
    const host = new SessionHost({ host: 'web', env: { ...sandbox.env, ...env }, homeDir: sandbox.home, defaultCwd: sandbox.cwd, batchMs: 5, ...rest });
    made.push({ sandbox, host });
    return { sandbox, host };
  };
}
