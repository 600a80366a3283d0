// Helpers for the suites that run real sessions: a SessionHost whose sessions are the scripted
// fake CLI (test/support/fake-cli.mjs) following a scenario in bench/core/scenarios.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SessionHost } from '../../electron/core/host';
import type { AppEvent } from '../../shared/ipc';

const root = process.cwd();
export const FAKE_CLI = path.join(root, 'test', 'support', 'fake-cli.mjs');

export function scenarioPath(name: string): string {
  return path.join(root, 'bench', 'core', 'scenarios', `${name}.jsonl`);
}

export interface LiveHost {
  host: SessionHost;
  dir: string;
  /** Start a session on `scenario` (its process too); resolves when it is ready. */
  open(scenario: string): Promise<string>;
  dispose(): Promise<void>;
}

/** A host like the browser host's: every batch is serialised for the window as it goes out. */
export function liveHost(onBatch: (batch: AppEvent[]) => void = (b) => void JSON.stringify(b)): LiveHost {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-bench-'));
  // The host reads its env when it creates a session, so each session gets the scenario set
  // just before it is created.
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: dir };
  const host = new SessionHost({
    host: 'web',
    env,
    homeDir: dir,
    defaultCwd: dir,
    findClaude: () => ({ found: true, path: FAKE_CLI, source: 'env' }),
  });
  host.subscribe(onBatch);
  return {
    host,
    dir,
    async open(name) {
      env.CLIDE_FAKE_SCENARIO = scenarioPath(name);
      const { id } = host.create({});
      // A new tab starts no process until it is used (lazy tabs): these suites measure sessions
      // with a live process, so start it as a tab's first use would.
      await until(() => host.view(id).status !== 'starting', `session on ${name} created`);
      if (host.view(id).status === 'not-started') host.restart(id);
      await until(() => host.view(id).status === 'ready', `session on ${name} ready`);
      return id;
    },
    async dispose() {
      await host.shutdown();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function until(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
