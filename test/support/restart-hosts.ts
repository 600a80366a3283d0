// Hosts of one sandbox and data dir, made again as the app would be after a restart, for the
// restore tests; after each test its hosts are shut down, then its sandbox and data dir removed.
import fs from 'node:fs';
import { afterEach } from 'vitest';
import { SessionHost } from '../../electron/core/host';
import type { CliSandbox } from './real-cli';

export interface RestartLab {
  /** A host on the test's sandbox and data dir (the app started, or started again). */
  newHost(): SessionHost;
  /** Forget a host without shutting it down (a "crash": its children are left for the next run). */
  drop(host: SessionHost): void;
}

/** `current`: the test's sandbox and data dir as they are now (set by the test). */
export function restartHosts(current: () => { sandbox: CliSandbox | undefined; dataDir: string | undefined }): RestartLab {
  const hosts: SessionHost[] = [];
  afterEach(async () => {
    for (const h of hosts.splice(0)) await h.shutdown();
    const { sandbox, dataDir } = current();
    await sandbox?.cleanup();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    newHost() {
      const { sandbox, dataDir } = current();
      const h = new SessionHost({ host: 'web', env: sandbox!.env, homeDir: sandbox!.home, defaultCwd: sandbox!.cwd, batchMs: 5, dataDir });
      hosts.push(h);
      return h;
    },
    drop(host) {
      hosts.splice(hosts.indexOf(host), 1);
    },
  };
}
