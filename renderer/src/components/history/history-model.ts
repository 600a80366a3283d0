// Pure helpers of the history panel: search, grouping by project, and how times, sizes and
// folders read. No React, no store, so they are tested on their own.
import type { HistorySession } from '../../../../shared/history';
import { folderName } from '../../lib/format';

export interface ProjectGroup {
  /** The folder the sessions ran in ('' when the transcript never said). */
  cwd: string;
  /** The remote host it is on (its sessions are a group of their own); absent: this computer. */
  location?: string;
  name: string;
  sessions: HistorySession[];
  /** The newest session's last activity (groups are ordered by it). */
  lastActivity: number;
}

/** Every word of the query must appear in the title, first prompt, folder, branch (a worktree's too), host or id. */
export function matches(s: HistorySession, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const hay = [
    s.title,
    s.firstPrompt ?? '',
    s.cwd ?? '',
    s.gitBranch ?? '',
    s.worktree?.branch ?? '',
    s.worktree?.repoRoot ?? '',
    s.sessionId,
    s.location ?? '',
  ]
    .join('\n')
    .toLowerCase();
  return words.every((w) => hay.includes(w));
}

/**
 * Sessions that match, grouped by folder (a session in a worktree clide made, under the
 * repository it came from): the most recently used project first, newest session first.
 */
export function groupByProject(sessions: readonly HistorySession[], query = ''): ProjectGroup[] {
  const groups = new Map<string, ProjectGroup>();
  for (const s of sessions) {
    if (!matches(s, query)) continue;
    const cwd = s.worktree?.repoRoot ?? s.cwd ?? '';
    // A remote host's sessions are a group of their own, even in a folder of the same path here.
    const key = s.location ? `${s.location}\0${cwd}` : cwd;
    let g = groups.get(key);
    if (!g) {
      g = { cwd, location: s.location, name: cwd ? folderName(cwd) : 'Unknown folder', sessions: [], lastActivity: 0 };
      groups.set(key, g);
    }
    g.sessions.push(s);
    g.lastActivity = Math.max(g.lastActivity, s.lastActivity);
  }
  const out = [...groups.values()];
  for (const g of out) g.sessions.sort((a, b) => b.lastActivity - a.lastActivity);
  return out.sort((a, b) => b.lastActivity - a.lastActivity);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "3 h ago", "yesterday", "Tuesday", "12 Mar", "12 Mar 2025". */
export function relativeTime(at: number, now: number): string {
  const d = now - at;
  if (d < MINUTE) return 'just now';
  if (d < HOUR) return `${Math.floor(d / MINUTE)} min ago`;
  const then = new Date(at);
  const today = new Date(now);
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate()).getTime();
  if (at >= startOfToday) return `${Math.floor(d / HOUR)} h ago`;
  if (at >= startOfToday - DAY) return 'yesterday';
  if (at >= startOfToday - 6 * DAY) return then.toLocaleDateString('en-US', { weekday: 'long' });
  const sameYear = then.getFullYear() === today.getFullYear();
  return then.toLocaleDateString('en-GB', sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A folder as a person reads it: the home directory as ~. */
export function displayPath(path: string, homeDir: string | undefined): string {
  if (!homeDir || !path) return path;
  const home = homeDir.replace(/[\\/]+$/, '');
  if (path === home) return '~';
  if (path.startsWith(`${home}/`) || path.startsWith(`${home}\\`)) return `~${path.slice(home.length)}`;
  return path;
}

/** "12 messages", "1 message". */
export function messageCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'message' : 'messages'}`;
}

/** The visible rows in order, for arrow-key movement through the grouped list. */
export function flatten(groups: readonly ProjectGroup[]): HistorySession[] {
  return groups.flatMap((g) => g.sessions);
}

/** The first `limit` rows, still grouped (a long history stays quick to show and to search). */
export function firstRows(groups: readonly ProjectGroup[], limit: number): ProjectGroup[] {
  const out: ProjectGroup[] = [];
  let left = limit;
  for (const g of groups) {
    if (left <= 0) break;
    const sessions = g.sessions.slice(0, left);
    left -= sessions.length;
    out.push(sessions.length === g.sessions.length ? g : { ...g, sessions });
  }
  return out;
}
