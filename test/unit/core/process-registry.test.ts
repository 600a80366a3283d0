// The registry of live children and the orphan reaper: records are written atomically, and a
// recorded pid is signalled only if the process holding it now is provably the one we started.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityOf, sameProcess, type ProcessIdentity } from '../../../electron/core/process-identity';
import { ProcessRegistry } from '../../../electron/core/process-registry';
import { processGone } from '../../support/fake-cli-harness';
import { waitFor } from '../../support/wait';

let dataDir: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-registry-'));
});
afterEach(async () => {
  for (const c of started.splice(0)) {
    if (c.pid && !processGone(c.pid)) {
      try {
        process.kill(-c.pid, 'SIGKILL');
      } catch {
        c.kill('SIGKILL');
      }
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A long-lived detached process (its own process group), like a `claude` child. */
function sleeper(script = 'sleep 30'): ChildProcess {
  const c = spawn('/bin/sh', ['-c', script], { detached: true, stdio: 'ignore' });
  started.push(c);
  return c;
}

function identity(pid: number): ProcessIdentity {
  const r = identityOf(pid);
  if (r.kind !== 'found') throw new Error(`no identity for ${pid}: ${r.kind}`);
  return r.identity;
}

/** A registry file as a previous, now dead, app instance would have left it. */
function orphanFile(
  children: Array<Pick<ProcessIdentity, 'pid' | 'startTime' | 'command' | 'pgid'>>,
  owner = { pid: 999_999_999, startTime: '1', command: 'old clide' },
): string {
  const dir = path.join(dataDir, 'processes');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${owner.pid}-dead.json`);
  const data = { version: 1, owner, children: children.map((c) => ({ ...c, spawnedAt: 0 })) };
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}

const quiet = () => {};

describe.runIf(process.platform === 'linux' || process.platform === 'darwin')('process identity', () => {
  it('reads start time and command line, and tells a gone pid', () => {
    const me = identity(process.pid);
    expect(me.startTime).toMatch(/\S/);
    expect(me.command).toContain(process.argv0.split('/').pop()!.slice(0, 4));
    expect(identityOf(999_999_999).kind).toBe('gone');
    const c = sleeper();
    const id = identity(c.pid!);
    expect(id.command).toBe('/bin/sh -c sleep 30');
    expect(id.pgid).toBe(c.pid);
    expect(sameProcess(id, identity(c.pid!))).toBe(true);
    expect(sameProcess(id, { ...id, startTime: `${id.startTime}1` })).toBe(false);
  });
});

describe.runIf(process.platform === 'linux' || process.platform === 'darwin')('the process registry', () => {
  it('records a child atomically and forgets it when gone; no temp files are left', async () => {
    const reg = new ProcessRegistry({ dataDir, log: quiet });
    const c = sleeper();
    reg.spawned(c.pid!, 'session-1');
    reg.flush();
    const saved = JSON.parse(fs.readFileSync(reg.file, 'utf8'));
    expect(saved.owner.pid).toBe(process.pid);
    expect(saved.children).toEqual([expect.objectContaining({ pid: c.pid, pgid: c.pid, command: '/bin/sh -c sleep 30', sessionId: 'session-1' })]);
    expect(saved.children[0].startTime).toBe(identity(c.pid!).startTime);
    expect(fs.readdirSync(reg.dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
    reg.gone(c.pid!);
    expect(fs.existsSync(reg.file)).toBe(false);
  });

  it('re-reads the command line once the child has settled (a `#!/usr/bin/env node` shim execs again)', async () => {
    const reg = new ProcessRegistry({ dataDir, log: quiet });
    const c = sleeper('sleep 0.2; exec sleep 30');
    reg.spawned(c.pid!);
    expect(reg.list()[0]!.command).toBe('/bin/sh -c sleep 0.2; exec sleep 30');
    await waitFor(() => identity(c.pid!).command === 'sleep 30', 'exec');
    reg.settled(c.pid!);
    expect(reg.list()[0]).toMatchObject({ command: 'sleep 30', startTime: identity(c.pid!).startTime });
    // On disk at once, with no flush: the session says it is ready right after settling, and a
    // crash from then on must leave the command the process has now.
    expect(JSON.parse(fs.readFileSync(reg.file, 'utf8')).children[0].command).toBe('sleep 30');
    // What a crashed instance would leave: the reaper now recognises the process.
    fs.renameSync(reg.file, path.join(reg.dir, '999999999-x.json'));
    const data = JSON.parse(fs.readFileSync(path.join(reg.dir, '999999999-x.json'), 'utf8'));
    data.owner = { pid: 999_999_999, startTime: '1', command: 'dead' };
    fs.writeFileSync(path.join(reg.dir, '999999999-x.json'), JSON.stringify(data));
    const report = await new ProcessRegistry({ dataDir, log: quiet }).reapOrphans(500);
    expect(report.entries.map((e) => e.outcome)).toEqual(['reaped']);
    await waitFor(() => processGone(c.pid!), 'reaped');
  });

  it('reaps the children of an app instance that died, and removes its file', async () => {
    const a = sleeper();
    const b = sleeper();
    const file = orphanFile([identity(a.pid!), identity(b.pid!)]);
    const report = await new ProcessRegistry({ dataDir, log: quiet }).reapOrphans(1000);
    expect(report.entries.map((e) => e.outcome).sort()).toEqual(['reaped', 'reaped']);
    await waitFor(() => processGone(a.pid!) && processGone(b.pid!), 'orphans ended');
    expect(fs.existsSync(file)).toBe(false);
  });

  it('never signals a reused pid: a different start time or command line means another process', async () => {
    const victim = sleeper();
    const real = identity(victim.pid!);
    orphanFile([
      { ...real, startTime: String(Number(real.startTime) - 1) },
      { ...real, pid: real.pid, command: '/usr/bin/claude --input-format stream-json' },
    ]);
    const log = vi.fn();
    const report = await new ProcessRegistry({ dataDir, log }).reapOrphans(200);
    expect(report.entries.map((e) => e.outcome)).toEqual(['pid-reused', 'pid-reused']);
    await new Promise((r) => setTimeout(r, 300));
    expect(processGone(victim.pid!)).toBe(false);
    expect(log.mock.calls.map((c) => String(c[0])).join('\n')).toContain('pid-reused');
  });

  it('ends a SIGTERM-ignoring orphan with SIGKILL after the grace period', async () => {
    // It says so once the trap is set: on a busy machine the shell may take a while to get there.
    const stubborn = spawn('/bin/sh', ['-c', "trap '' TERM; echo trapped; sleep 30 & wait"], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    started.push(stubborn);
    await new Promise<void>((resolve, reject) => {
      stubborn.stdout!.on('data', (d: Buffer) => d.toString().includes('trapped') && resolve());
      stubborn.on('exit', (code) => reject(new Error(`the stubborn sleeper exited early (${code})`)));
    });
    stubborn.stdout!.destroy();
    orphanFile([identity(stubborn.pid!)]);
    const t = Date.now();
    const report = await new ProcessRegistry({ dataDir, log: quiet }).reapOrphans(300);
    expect(report.entries.map((e) => e.outcome)).toEqual(['reaped']);
    expect(Date.now() - t).toBeGreaterThanOrEqual(280);
    await waitFor(() => processGone(stubborn.pid!), 'ended');
  });

  it('ends what an orphan left in its process group after it died itself', async () => {
    // The leader records its identity, starts a background job and exits.
    const leader = sleeper('sleep 30 & sleep 0.3');
    const id = identity(leader.pid!);
    await waitFor(() => processGone(leader.pid!), 'leader exit');
    orphanFile([id]);
    const report = await new ProcessRegistry({ dataDir, log: quiet }).reapOrphans(500);
    expect(report.entries.map((e) => e.outcome)).toEqual(['reaped-group']);
    const members = () => fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n) && readPgid(Number(n)) === leader.pid);
    await waitFor(() => members().length === 0, 'group ended');
  });

  it('leaves alone the children of an instance that is still running', async () => {
    const c = sleeper();
    const me = identity(process.pid);
    orphanFile([identity(c.pid!)], { pid: process.pid, startTime: me.startTime, command: me.command });
    const report = await new ProcessRegistry({ dataDir, log: quiet }).reapOrphans(200);
    expect(report.liveOwners).toEqual([process.pid]);
    expect(report.entries).toEqual([]);
    expect(processGone(c.pid!)).toBe(false);
  });

  it('sets aside an unreadable file with a warning, and cleans up interrupted writes', async () => {
    const dir = path.join(dataDir, 'processes');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, '1-x.json'), '{"version":1,"owner":');
    fs.writeFileSync(path.join(dir, '2-y.json.tmp-abcd'), 'partial');
    const log = vi.fn();
    const report = await new ProcessRegistry({ dataDir, log }).reapOrphans(100);
    expect(report.corrupt).toHaveLength(1);
    expect(fs.readdirSync(dir).sort()).toEqual([path.basename(report.corrupt[0]!)]);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('unreadable'));
  });

  it('a gone child is reported as gone, not signalled', async () => {
    const c = sleeper('exit 0');
    const id = identity(c.pid!);
    await waitFor(() => processGone(c.pid!), 'exit');
    orphanFile([id]);
    const report = await new ProcessRegistry({ dataDir, log: quiet }).reapOrphans(100);
    expect(report.entries).toEqual([{ pid: c.pid, outcome: 'gone' }]);
  });
});

function readPgid(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return f[0] === 'Z' ? undefined : Number(f[2]);
  } catch {
    return undefined;
  }
}

describe('the process registry where identity cannot be verified', () => {
  it('records nothing, reaps nothing, and says why once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clide-registry-win-'));
    try {
      const log = vi.fn();
      const reg = new ProcessRegistry({ dataDir: dir, platform: 'win32', log });
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0]![0])).toMatch(/cannot be cleaned up.*win32/);
      reg.spawned(process.pid);
      reg.flush();
      expect(reg.list()).toEqual([]);
      expect(fs.readdirSync(path.join(dir, 'processes'))).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
