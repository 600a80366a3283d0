// A persisted list of the `claude` processes this app instance started, so that if the app is
// killed (crash, kill -9, power button) the next launch can end the orphans it left behind.
//
// - One file per app instance (`<dataDir>/processes/<pid>-<random>.json`), so two instances
//   sharing a data dir never overwrite each other, and an instance only reaps files whose owner
//   is really gone (checked by the owner's own start time and command line).
// - Written whole to a temp file and renamed over the old one: a crash mid-write leaves the
//   previous version, never half a file. (rename is atomic against a process crash; no fsync,
//   which would cost milliseconds per spawn for a power-loss case where the children die too.)
// - A recorded pid is signalled only if the process now holding it has the recorded start time
//   and command line; a reused pid belonging to something else is left alone and logged.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { groupRunning, identityOf, isRunning, sameProcess } from './process-identity';

export interface ChildRecord {
  pid: number;
  /** Process group the child leads (it is spawned detached), if known. */
  pgid?: number;
  startTime: string;
  command: string;
  /** The clide session that owns it (for logs). */
  sessionId?: string;
  spawnedAt: number;
}

interface RegistryFile {
  version: 1;
  owner: { pid: number; startTime: string; command: string };
  children: ChildRecord[];
}

export type ReapOutcome =
  /** Verified as ours and ended. */
  | 'reaped'
  /** Its process group outlived it (e.g. a Bash tool's child) and was ended. */
  | 'reaped-group'
  /** Already gone. */
  | 'gone'
  /** The pid now belongs to another process: not touched. */
  | 'pid-reused'
  /** The platform cannot verify identity: not touched. */
  | 'skipped';

export interface ReapEntry {
  pid: number;
  outcome: ReapOutcome;
  detail?: string;
}

export interface ReapReport {
  entries: ReapEntry[];
  /** Files of other instances that are still running (left alone). */
  liveOwners: number[];
  /** Unreadable files set aside. */
  corrupt: string[];
}

export interface ChildTracker {
  /** A child was spawned; record it before anything else can go wrong. */
  spawned(pid: number, sessionId?: string): void;
  /**
   * The child is up and talking (handshake done): record its command line again. Right after
   * spawn it may still be an interpreter shim (`#!/usr/bin/env node` runs env, which then
   * execs node), so the first reading can differ from what the process settles on.
   */
  settled(pid: number): void;
  /** The child and its process group are gone. */
  gone(pid: number): void;
}

export interface ProcessRegistryOptions {
  dataDir: string;
  platform?: NodeJS.Platform;
  log?: (message: string) => void;
  now?: () => number;
}

export class ProcessRegistry implements ChildTracker {
  readonly dir: string;
  readonly file: string;
  private readonly children = new Map<number, ChildRecord>();
  private readonly owner: RegistryFile['owner'] | undefined;
  private readonly platform: NodeJS.Platform;
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private flushDue = Infinity;

  constructor(opts: ProcessRegistryOptions) {
    this.dir = path.join(opts.dataDir, 'processes');
    this.platform = opts.platform ?? process.platform;
    this.log = opts.log ?? ((m) => console.warn(`[clide] ${m}`));
    this.now = opts.now ?? Date.now;
    fs.mkdirSync(this.dir, { recursive: true });
    this.file = path.join(this.dir, `${process.pid}-${randomBytes(4).toString('hex')}.json`);
    const me = identityOf(process.pid, this.platform);
    this.owner = me.kind === 'found' ? { pid: process.pid, startTime: me.identity.startTime, command: me.identity.command } : undefined;
    // Without a way to verify a process's identity nothing may ever be signalled on a stored
    // pid's word, so nothing is recorded either; say so once.
    if (me.kind === 'unsupported') this.log(`claude processes left behind by a crash cannot be cleaned up on this system: ${me.reason}`);
  }

  /** Children currently recorded (tests, diagnostics). */
  list(): ChildRecord[] {
    return [...this.children.values()];
  }

  spawned(pid: number, sessionId?: string): void {
    const found = identityOf(pid, this.platform);
    // A child that already exited needs no record; an unsupported platform gets none either
    // (nothing could be verified later, so nothing would ever be reaped from it).
    if (found.kind !== 'found' || found.identity.zombie) return;
    const id = found.identity;
    this.children.set(pid, { pid, pgid: id.pgid, startTime: id.startTime, command: id.command, sessionId, spawnedAt: this.now() });
    // A new child is written out on the next turn of the event loop (spawns that happen
    // together share one write); a crash before then leaves a process that started
    // microseconds earlier and still has its stdin pipe to notice we are gone.
    this.schedule(0);
  }

  settled(pid: number): void {
    const record = this.children.get(pid);
    if (!record) return;
    const found = identityOf(pid, this.platform);
    // Same start time: the same process, now past any exec chain. Anything else: leave it.
    if (found.kind !== 'found' || found.identity.startTime !== record.startTime || found.identity.command === record.command) return;
    this.children.set(pid, { ...record, command: found.identity.command });
    // Written now, not on the next turn: the session reports itself ready right after this,
    // and a crash from then on must leave the command line the process really has, or the next
    // launch would take the orphan for a reused pid and leave it running.
    this.flush();
  }

  gone(pid: number): void {
    if (!this.children.delete(pid)) return;
    // A stale entry is harmless (it is verified before anything is signalled), so removals
    // are batched; the last one removes the file at once.
    if (this.children.size === 0) this.flush();
    else this.schedule(GONE_FLUSH_MS);
  }

  /** Write pending changes now. */
  flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.flushDue = Infinity;
    this.persist();
  }

  /**
   * End the children of app instances that are no longer running. Each is checked against its
   * recorded start time and command line first; SIGTERM to its process group, then SIGKILL
   * after `termGraceMs` for any that ignore it.
   */
  async reapOrphans(termGraceMs = 3000): Promise<ReapReport> {
    const report: ReapReport = { entries: [], liveOwners: [], corrupt: [] };
    let names: string[];
    try {
      names = fs.readdirSync(this.dir);
    } catch {
      return report;
    }
    const victims: Array<{ record: ChildRecord; group: boolean }> = [];
    const filesDone: string[] = [];
    for (const name of names) {
      const full = path.join(this.dir, name);
      if (full === this.file) continue;
      if (name.includes('.tmp-')) {
        // A write interrupted by a crash; the real file beside it is complete.
        removeQuietly(full);
        continue;
      }
      if (!name.endsWith('.json')) continue;
      const data = readRegistryFile(full);
      if (!data) {
        const aside = `${full}.corrupt-${this.now()}`;
        try {
          fs.renameSync(full, aside);
        } catch {
          removeQuietly(full);
        }
        report.corrupt.push(aside);
        this.log(`set aside an unreadable process list: ${aside}`);
        continue;
      }
      if (this.ownerAlive(data.owner)) {
        report.liveOwners.push(data.owner.pid);
        continue;
      }
      for (const record of data.children) {
        const verdict = this.verify(record);
        if (verdict.outcome === 'reaped' || verdict.outcome === 'reaped-group') victims.push({ record, group: verdict.outcome === 'reaped-group' });
        else report.entries.push(verdict);
      }
      filesDone.push(full);
    }
    await Promise.all(
      victims.map(async ({ record, group }) => {
        await endProcessGroup(record, termGraceMs, this.platform);
        report.entries.push({ pid: record.pid, outcome: group ? 'reaped-group' : 'reaped' });
      }),
    );
    for (const f of filesDone) removeQuietly(f);
    for (const e of report.entries) {
      if (e.outcome === 'gone') continue;
      this.log(`orphaned claude process ${e.pid}: ${e.outcome}${e.detail ? ` (${e.detail})` : ''}`);
    }
    return report;
  }

  private verify(record: ChildRecord): ReapEntry {
    const now = identityOf(record.pid, this.platform);
    if (now.kind === 'unsupported') return { pid: record.pid, outcome: 'skipped', detail: now.reason };
    if (now.kind === 'found' && !now.identity.zombie) {
      if (sameProcess(now.identity, record)) return { pid: record.pid, outcome: 'reaped' };
      return { pid: record.pid, outcome: 'pid-reused', detail: `now "${clip(now.identity.command)}"` };
    }
    // The child itself is gone; its group may still hold its descendants.
    const pgid = record.pgid ?? record.pid;
    if (pgid === record.pid && groupRunning(pgid, this.platform)) return { pid: record.pid, outcome: 'reaped-group' };
    return { pid: record.pid, outcome: 'gone' };
  }

  private ownerAlive(owner: RegistryFile['owner']): boolean {
    const now = identityOf(owner.pid, this.platform);
    if (now.kind === 'unsupported') return isRunning(owner.pid);
    return now.kind === 'found' && !now.identity.zombie && sameProcess(now.identity, owner);
  }

  private schedule(ms: number): void {
    const due = this.now() + ms;
    if (this.flushTimer && due >= this.flushDue) return;
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushDue = due;
    this.flushTimer = setTimeout(() => this.flush(), ms);
    this.flushTimer.unref?.();
  }

  private persist(): void {
    if (!this.owner) return;
    if (this.children.size === 0) {
      removeQuietly(this.file);
      return;
    }
    const data: RegistryFile = { version: 1, owner: this.owner, children: [...this.children.values()] };
    const tmp = `${this.file}.tmp-${randomBytes(4).toString('hex')}`;
    try {
      fs.writeFileSync(tmp, JSON.stringify(data));
      fs.renameSync(tmp, this.file);
    } catch (err) {
      removeQuietly(tmp);
      this.log(`could not save the list of running claude processes: ${(err as Error).message}`);
    }
  }
}

const GONE_FLUSH_MS = 1000;

/** SIGTERM a verified process (its whole group when it leads one), then SIGKILL what remains. */
export async function endProcessGroup(
  record: Pick<ChildRecord, 'pid' | 'pgid'>,
  termGraceMs: number,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  const group = platform !== 'win32' && (record.pgid === undefined || record.pgid === record.pid);
  const target = group ? -record.pid : record.pid;
  const alive = () => (group ? groupRunning(record.pid, platform) : isRunning(record.pid));
  signal(target, 'SIGTERM');
  const deadline = Date.now() + termGraceMs;
  while (alive() && Date.now() < deadline) await sleep(25);
  if (alive()) signal(target, 'SIGKILL');
  const killDeadline = Date.now() + 2000;
  while (alive() && Date.now() < killDeadline) await sleep(25);
}

function signal(target: number, sig: NodeJS.Signals): void {
  try {
    process.kill(target, sig);
  } catch {
    // Gone already.
  }
}

function readRegistryFile(file: string): RegistryFile | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<RegistryFile>;
    if (data.version !== 1 || !data.owner || !Array.isArray(data.children)) return undefined;
    const validOwner = Number.isInteger(data.owner.pid) && typeof data.owner.startTime === 'string' && typeof data.owner.command === 'string';
    if (!validOwner) return undefined;
    const children = data.children.filter(
      (c): c is ChildRecord => !!c && Number.isInteger(c.pid) && c.pid > 0 && typeof c.startTime === 'string' && typeof c.command === 'string',
    );
    return { version: 1, owner: data.owner, children };
  } catch {
    return undefined;
  }
}

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // Nothing to do.
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function clip(s: string): string {
  return s.length > 120 ? `${s.slice(0, 120)}…` : s;
}
