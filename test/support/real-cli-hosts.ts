// A SessionHost over a real-CLI sandbox, for integration tests. Each one made in a test is
// checked and shut down after that test, whether it passed or not: no control request the CLI
// sent may be left unanswered, and no claude process may outlive its host's shutdown. (The
// hosts first, then their sandboxes; a failed check is reported after everything is cleaned up.)
import { afterEach } from 'vitest';
import { SessionHost, type HostOptions } from '../../electron/core/host';
import type { SessionEvent } from '../../shared/events';
import type { FakeReply, Responder } from './fake-api';
import { processGone } from './fake-cli-harness';
import { cliSandbox, type CliSandbox, type SandboxOptions } from './real-cli';
import { waitFor } from './wait';

export type OnRealCli = (
  script: Responder | FakeReply[],
  opts?: Partial<HostOptions>,
  sandboxOpts?: SandboxOptions,
) => Promise<{ sandbox: CliSandbox; host: SessionHost }>;

/** Call once at the top of a test file; use what it returns inside the tests. */
export function realCliHosts(): OnRealCli {
  let made: Array<{ sandbox: CliSandbox; host: SessionHost }> = [];
  afterEach(async () => {
    const all = made;
    made = [];
    const problems: string[] = [];
    // Every host before any sandbox: a test may run a second host on the first one's sandbox
    // (the app run again on the same HOME), and its claude would still be writing there.
    for (const { host } of all) {
      for (const s of host.list()) {
        const owed = s.connection?.owed ?? [];
        if (owed.length > 0) problems.push(`session ${s.id} left control requests unanswered: ${JSON.stringify(owed)}`);
      }
      const pids = host.list().flatMap((s) => (s.pid ? [s.pid] : []));
      await host.shutdown();
      for (const pid of pids) if (!processGone(pid)) problems.push(`claude (pid ${pid}) still runs after the host shut down`);
    }
    for (const { sandbox } of all) await sandbox.cleanup();
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
  return async (script, opts = {}, sandboxOpts = {}) => {
    const sandbox = await cliSandbox(script, sandboxOpts);
    // `env` adds to the sandbox's environment rather than replacing it.
    const { env, ...rest } = opts;
    const host = new SessionHost({ host: 'web', env: { ...sandbox.env, ...env }, homeDir: sandbox.home, defaultCwd: sandbox.cwd, batchMs: 5, ...rest });
    made.push({ sandbox, host });
    return { sandbox, host };
  };
}

export interface OpenedSession {
  id: string;
  /** Every session event the host published, in order. */
  events: SessionEvent[];
  h: SessionHost;
  sb: CliSandbox;
}

export interface OpenOptions {
  host?: Partial<HostOptions>;
  create?: Parameters<SessionHost['create']>[0];
  /** How the sandbox logs the CLI in (e.g. as a subscriber). */
  sandbox?: SandboxOptions;
  /** Wait until the session is ready (default), or return as soon as it is created. */
  ready?: boolean;
  readyMs?: number;
}

export type OpenSession = (script: Responder | FakeReply[], opts?: OpenOptions) => Promise<OpenedSession>;

/** One session on its own host and sandbox, per call; checked and cleaned up as realCliHosts does. */
export function realCliSessions(): OpenSession {
  const onRealCli = realCliHosts();
  return async (script, opts = {}) => {
    const { sandbox, host } = await onRealCli(script, opts.host, opts.sandbox);
    const events: SessionEvent[] = [];
    host.subscribe((batch) => {
      for (const b of batch) if (b.type === 'session-events') events.push(...b.events);
    });
    const { id } = host.create(opts.create ?? {});
    if (opts.ready !== false) await waitFor(() => host.view(id).status === 'ready', 'ready', opts.readyMs);
    return { id, events, h: host, sb: sandbox };
  };
}
