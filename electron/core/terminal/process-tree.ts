// Ending a terminal's shell and everything it started. The PTY makes the shell a session and
// process-group leader (forkpty calls setsid), but an interactive shell puts each background
// job (`sleep 1000 &`) in a process group of its own, so killing the shell's group alone would
// leave them running. Everything in the shell's session is found in /proc (Linux); elsewhere the
// group is signalled and the kernel's hangup on the closed terminal reaches the rest.
import fs from 'node:fs';

/** The processes in `leader`'s session or process group (Linux; just the leader elsewhere). */
export function sessionMembers(leader: number): number[] {
  const out = new Set<number>([leader]);
  let names: string[];
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [...out];
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat && (stat.pgrp === leader || stat.session === leader)) out.add(Number(name));
  }
  return [...out];
}

/** Whether a process is still there (a zombie waiting to be reaped counts as gone). */
export function running(pid: number): boolean {
  const stat = readStat(pid);
  if (stat) return stat.state !== 'Z' && stat.state !== 'X';
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * SIGHUP to the shell's group and every process of its session (what closing a terminal
 * window does), then SIGKILL to whatever is left after `graceMs`. Resolves when all are gone
 * (or, for a process that will not die, after the kill).
 */
export async function endProcessTree(leader: number, graceMs: number): Promise<void> {
  let pids = sessionMembers(leader);
  signalAll(leader, pids, 'SIGHUP');
  // SIGCONT too: a stopped job (Ctrl+Z) would never see the hangup.
  signalAll(leader, pids, 'SIGCONT');
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    // Children may be made while the shell winds down: look again each round.
    pids = [...new Set([...pids, ...sessionMembers(leader)])].filter(running);
    if (pids.length === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  pids = [...new Set([...pids, ...sessionMembers(leader)])].filter(running);
  signalAll(leader, pids, 'SIGKILL');
  // A killed process is gone a moment later, not at once (later still on a busy machine): wait
  // for that, so "closed" means gone, within a bound for one the kernel holds (uninterruptible I/O).
  const killedBy = Date.now() + KILL_WAIT_MS;
  while (pids.some(running) && Date.now() < killedBy) await new Promise((r) => setTimeout(r, 10));
}

/** How long the processes may take to disappear after SIGKILL before close gives up waiting. */
const KILL_WAIT_MS = 5000;

function signalAll(leader: number, pids: number[], signal: NodeJS.Signals): void {
  try {
    process.kill(-leader, signal);
  } catch {
    // The group is gone already (or its leader left it): the members are signalled one by one.
  }
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
}

function readStat(pid: number): { state: string; pgrp: number; session: number } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
  const rest = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const [state, , pgrp, session] = rest;
  if (!state || pgrp === undefined || session === undefined) return undefined;
  return { state, pgrp: Number(pgrp), session: Number(session) };
}
