// Test-side half of the scripted fake CLI (test/support/fake-cli.mjs): a private directory per
// test, sessions and hosts wired to the fake, the fake's log, and the checks every test ends
// with: no protocol violations, no control request left unanswered, no process left running.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SessionHost, type HostOptions } from '../../electron/core/host';
import { Session, type SessionLimits, type SessionTimings } from '../../electron/core/session';
import type { SessionEvent } from '../../shared/events';
import type { AppEvent } from '../../shared/ipc';
import { applyEvents, emptySession, type SessionView } from '../../shared/transcript';
import { waitFor } from './wait';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const FAKE_CLI = path.join(root, 'test', 'support', 'fake-cli.mjs');
export const SCENARIO_DIR = path.join(root, 'fixtures', 'fake-cli');

/** Short grace periods so fault tests take milliseconds, not the production seconds. */
export const FAST_TIMINGS: SessionTimings = {
  initializeMs: 5_000,
  interruptGraceMs: 800,
  closeInterruptMs: 400,
  closeGraceMs: 800,
  termGraceMs: 400,
  silenceMs: 0,
};

export function scenario(name: string): string {
  const p = path.join(SCENARIO_DIR, name.endsWith('.jsonl') ? name : `${name}.jsonl`);
  if (!fs.existsSync(p)) throw new Error(`No fake CLI scenario ${p}`);
  return p;
}

export interface FakeLogRecord {
  pid: number;
  t: number;
  ev: string;
  [k: string]: unknown;
}

export interface FakeProcess {
  pid: number;
  argv: string[];
  envKeys: string[];
  records: FakeLogRecord[];
  /** Control requests the fake asked, with how each ended. */
  asks: Map<string, 'open' | 'answered' | 'cancelled'>;
  exit?: FakeLogRecord;
  grandchildren: number[];
}

/** A session driven directly (no host), with its events and the view they reduce to. */
export interface Driven {
  session: Session;
  events: SessionEvent[];
  view(): SessionView;
}

export class FakeLab {
  readonly dir: string;
  readonly cwd: string;
  readonly logPath: string;
  private readonly sessions: Session[] = [];
  private readonly hosts: SessionHost[] = [];
  /** Open asks tolerated at exit, per pid, with the reason (a test that closes on purpose). */
  private readonly tolerated = new Map<number, string>();

  constructor() {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-fake-'));
    this.cwd = path.join(this.dir, 'work');
    fs.mkdirSync(this.cwd);
    this.logPath = path.join(this.dir, 'fake-cli.log.jsonl');
  }

  env(scenarioName: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: this.dir,
      LANG: 'C.UTF-8',
      CLIDE_FAKE_SCENARIO: scenario(scenarioName),
      CLIDE_FAKE_LOG: this.logPath,
      ...extra,
    };
  }

  /** A Session on the fake CLI, started. */
  start(
    scenarioName: string,
    opts: {
      timings?: Partial<SessionTimings>;
      limits?: SessionLimits;
      claudePath?: string;
      cwd?: string;
      resume?: string;
      model?: string;
      permissionMode?: string;
      env?: NodeJS.ProcessEnv;
    } = {},
  ): Driven {
    const session = new Session({
      id: `s${this.sessions.length + 1}`,
      cwd: opts.cwd ?? this.cwd,
      claudePath: opts.claudePath ?? FAKE_CLI,
      env: this.env(scenarioName, opts.env),
      timings: { ...FAST_TIMINGS, ...opts.timings },
      limits: opts.limits,
      resume: opts.resume,
      model: opts.model,
      permissionMode: opts.permissionMode,
    });
    const events: SessionEvent[] = [];
    let view = emptySession(session.id, session.cwd, 0);
    session.onEvents((batch) => {
      events.push(...batch);
      view = applyEvents(view, batch);
    });
    this.sessions.push(session);
    session.start();
    return { session, events, view: () => view };
  }

  /** A SessionHost whose sessions run the fake CLI with `scenarioName`. */
  host(scenarioName: string, opts: Partial<HostOptions> = {}): { host: SessionHost; batches: AppEvent[][] } {
    const host = new SessionHost({
      host: 'web',
      env: this.env(scenarioName, opts.env),
      homeDir: this.dir,
      defaultCwd: this.cwd,
      batchMs: 5,
      findClaude: () => ({ found: true, path: FAKE_CLI, source: 'env' }),
      ...opts,
      timings: { ...FAST_TIMINGS, ...opts.timings },
    });
    const batches: AppEvent[][] = [];
    host.subscribe((b) => batches.push(b));
    this.hosts.push(host);
    return { host, batches };
  }

  /** Allow prompts left open when process `pid` ended (with the reason, for the record). */
  tolerateOpenAsks(pid: number, reason: string): void {
    this.tolerated.set(pid, reason);
  }

  log(): FakeLogRecord[] {
    if (!fs.existsSync(this.logPath)) return [];
    return fs
      .readFileSync(this.logPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as FakeLogRecord);
  }

  processes(): FakeProcess[] {
    const byPid = new Map<number, FakeProcess>();
    for (const r of this.log()) {
      let p = byPid.get(r.pid);
      if (!p) {
        p = { pid: r.pid, argv: [], envKeys: [], records: [], asks: new Map(), grandchildren: [] };
        byPid.set(r.pid, p);
      }
      p.records.push(r);
      if (r.ev === 'start') {
        p.argv = r.argv as string[];
        p.envKeys = r.envKeys as string[];
      } else if (r.ev === 'ask') p.asks.set(r.id as string, 'open');
      else if (r.ev === 'answer') p.asks.set(r.id as string, 'answered');
      else if (r.ev === 'cancel') p.asks.set(r.id as string, 'cancelled');
      else if (r.ev === 'exit') p.exit = r;
      else if (r.ev === 'grandchild') p.grandchildren.push(r.childPid as number);
    }
    return [...byPid.values()];
  }

  /** Wait for a record in the fake's log. */
  async waitForLog(pred: (r: FakeLogRecord) => boolean, what: string, timeoutMs = 10_000): Promise<FakeLogRecord> {
    return waitFor(() => this.log().find(pred), what, timeoutMs);
  }

  /**
   * Shut everything down, then check what every test must leave behind: no protocol
   * violations, every control request the fake asked answered exactly once (or withdrawn by
   * the fake, or cut off by the fake's own scripted exit), and no process still running.
   */
  async finish(): Promise<void> {
    await Promise.all([...this.sessions.map((s) => s.close()), ...this.hosts.map((h) => h.shutdown())]);
    try {
      const problems: string[] = [];
      for (const p of this.processes()) {
        for (const r of p.records) if (r.ev === 'violation') problems.push(`pid ${p.pid}: ${String(r.what)} (${String(r.id ?? r.line ?? '')})`);
        const open = [...p.asks].filter(([, state]) => state === 'open').map(([id]) => id);
        const cutByScript = p.exit?.reason === 'script';
        if (open.length > 0 && !cutByScript && !this.tolerated.has(p.pid)) problems.push(`pid ${p.pid}: control requests never answered: ${open.join(', ')}`);
        for (const pid of [p.pid, ...p.grandchildren]) if (!processGone(pid)) problems.push(`process ${pid} is still running`);
      }
      if (problems.length > 0) throw new Error(`Fake CLI checks failed:\n  ${problems.join('\n  ')}`);
    } finally {
      fs.rmSync(this.dir, { recursive: true, force: true });
    }
  }
}

/** True if no process has this pid, or only a zombie (it runs nothing). */
export function processGone(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state === 'Z' || state === 'X';
  } catch {
    if (process.platform === 'linux') return true;
    try {
      process.kill(pid, 0);
      return false;
    } catch {
      return true;
    }
  }
}

export function eventsOf<K extends SessionEvent['kind']>(events: readonly SessionEvent[], kind: K): Array<Extract<SessionEvent, { kind: K }>> {
  return events.filter((e): e is Extract<SessionEvent, { kind: K }> => e.kind === kind);
}

export function deltaText(events: readonly SessionEvent[]): string {
  let s = '';
  for (const e of events) if (e.kind === 'block-delta') s += e.text;
  return s;
}
