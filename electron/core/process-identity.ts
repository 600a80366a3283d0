// Who a pid is right now: its start time and command line, read from the OS. A pid alone is
// not an identity (the OS hands numbers out again), so nothing is ever signalled on the word of
// a stored pid unless both of these still match what was recorded when we started it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export interface ProcessIdentity {
  pid: number;
  /** Opaque, platform-specific start time: clock ticks since boot (Linux) or `ps` lstart (macOS). */
  startTime: string;
  /** The command line as the OS reports it, arguments joined by single spaces. */
  command: string;
  /** Process group id, where the platform tells it. */
  pgid?: number;
  /** Exited but not yet collected by its parent: it runs nothing any more. */
  zombie?: boolean;
}

export type IdentityLookup = { kind: 'found'; identity: ProcessIdentity } | { kind: 'gone' } | { kind: 'unsupported'; reason: string };

export function identityOf(pid: number, platform: NodeJS.Platform = process.platform): IdentityLookup {
  if (!Number.isInteger(pid) || pid <= 0) return { kind: 'gone' };
  if (platform === 'linux') return linuxIdentity(pid);
  if (platform === 'darwin') return macIdentity(pid);
  return { kind: 'unsupported', reason: `verifying a process's start time is not implemented on ${platform}` };
}

/** The same process: same start time and same command line. */
export function sameProcess(a: Pick<ProcessIdentity, 'startTime' | 'command'>, b: Pick<ProcessIdentity, 'startTime' | 'command'>): boolean {
  return a.startTime === b.startTime && a.command === b.command;
}

/** Whether a pid names a running (not zombie) process. */
export function isRunning(pid: number): boolean {
  const r = identityOf(pid);
  if (r.kind === 'found') return !r.identity.zombie;
  if (r.kind === 'gone') return false;
  return signalZero(pid);
}

/**
 * Whether any running process belongs to process group `pgid`. A pid is never handed out again
 * while a group of that id still has members, so a live group named after one of our children
 * is made of its descendants.
 */
export function groupRunning(pgid: number, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32') return false;
  // One cheap syscall answers the usual case (no such group); only a group that exists is
  // looked at member by member, because zombies count for kill() but run nothing.
  if (!signalZero(-pgid)) return false;
  if (platform === 'linux') return linuxGroupMembers(pgid).length > 0;
  return true;
}

/** Running members of a process group (Linux; zombies excluded). */
export function linuxGroupMembers(pgid: number): number[] {
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  const out: number[] = [];
  for (const name of entries) {
    const c = name.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    const st = readStat(Number(name));
    if (st && st.pgid === pgid && st.state !== 'Z' && st.state !== 'X') out.push(Number(name));
  }
  return out;
}

function signalZero(target: number): boolean {
  try {
    process.kill(target, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Stat {
  state: string;
  pgid: number;
  startTime: string;
}

function readStat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may itself contain spaces and ')'.
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = text.slice(close + 2).split(' ');
  // After the name: state (3), ppid (4), pgrp (5) ... starttime (22).
  const state = fields[0];
  const pgid = Number(fields[2]);
  const startTime = fields[19];
  if (!state || !startTime || !Number.isFinite(pgid)) return undefined;
  return { state, pgid, startTime };
}

function linuxIdentity(pid: number): IdentityLookup {
  const st = readStat(pid);
  if (!st) return { kind: 'gone' };
  let command: string;
  try {
    const raw = fs.readFileSync(`/proc/${pid}/cmdline`);
    command = raw
      .toString('utf8')
      .split('\0')
      .filter((part, i, all) => part !== '' || i < all.length - 1)
      .join(' ');
  } catch {
    return { kind: 'gone' };
  }
  return { kind: 'found', identity: { pid, startTime: st.startTime, command, pgid: st.pgid, zombie: st.state === 'Z' || st.state === 'X' } };
}

function macIdentity(pid: number): IdentityLookup {
  let out: string;
  try {
    out = execFileSync('ps', ['-o', 'lstart=,pgid=,stat=,command=', '-p', String(pid)], { encoding: 'utf8', timeout: 5000 });
  } catch (err) {
    // ps exits 1 when no such process exists.
    if ((err as { status?: number }).status === 1) return { kind: 'gone' };
    return { kind: 'unsupported', reason: `ps failed: ${(err as Error).message}` };
  }
  // lstart is a fixed 24-character date ("Mon Jan  1 12:00:00 2024"), then pgid, stat, command.
  const line = out.split('\n')[0] ?? '';
  if (line.length < 25) return { kind: 'gone' };
  const startTime = line.slice(0, 24).trim();
  const rest = line.slice(24).trim().split(/\s+/);
  const pgid = Number(rest[0]);
  const stat = rest[1] ?? '';
  const command = rest.slice(2).join(' ');
  return { kind: 'found', identity: { pid, startTime, command, pgid: Number.isFinite(pgid) ? pgid : undefined, zombie: stat.startsWith('Z') } };
}
